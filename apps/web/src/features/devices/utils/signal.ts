import { type SignalBars, type SignalMetric, type SignalReading, signalReadingValue } from '@vnoc/contracts';
import type { FleetKey } from '../../../lib/fleet-text.ts';

export {
  deviceSignalBars,
  type ModemSignalStatistics,
  modemSignalBars,
  SIGNAL_METRICS,
  SIGNAL_THRESHOLDS,
  type SignalBars,
  type SignalMetric,
  type SignalReading,
  signalBars,
} from '@vnoc/contracts';

export type SignalLevel = 'excellent' | 'good' | 'fair' | 'weak' | 'poor' | 'none';

const levels: Record<SignalBars, SignalLevel> = {
  5: 'excellent',
  4: 'good',
  3: 'fair',
  2: 'weak',
  1: 'poor',
  0: 'none',
};

/** Spec part 4: "Signal quality levels: Excellent, Good, Fair, Weak, Poor, No Signal." (5 bars down to 0) */
export function signalLevel(bars: SignalBars): SignalLevel {
  return levels[bars];
}

const levelKeys: Record<SignalLevel, FleetKey> = {
  excellent: 'signal.excellent',
  good: 'signal.good',
  fair: 'signal.fair',
  weak: 'signal.weak',
  poor: 'signal.poor',
  none: 'signal.none',
};

/** The fleet.json key of a signal level's label. */
export function signalLevelLabelKey(bars: SignalBars): FleetKey {
  return levelKeys[signalLevel(bars)];
}

/**
 * The unit a reading is shown in: the two powers (rssi and rsrp, absolute levels against 1 mW) in dBm, the
 * two ratios (rsrq and sinr) in dB. Spec part 9 says "Unit dBm for rssi, otherwise dB"; an engineer reads
 * "-95 dB" of RSRP as wrong (issue 37), so rsrp is shown as the power it is.
 */
export function signalUnit(metric: SignalMetric): 'dBm' | 'dB' {
  return metric === 'rssi' || metric === 'rsrp' ? 'dBm' : 'dB';
}

/** A reading with its unit, e.g. "-85 dBm"; empty when not measured. */
export function formatSignalValue(metric: SignalMetric, reading: SignalReading): string {
  const value = signalReadingValue(reading);
  return value === null ? '' : `${value} ${signalUnit(metric)}`;
}

const icons: Record<SignalBars, string> = {
  5: 'IconAntennaBars5',
  4: 'IconAntennaBars4',
  3: 'IconAntennaBars3',
  2: 'IconAntennaBars2',
  1: 'IconAntennaBars1',
  0: 'IconAntennaBarsOff',
};

/** The colour of a number of bars (the words beside them keep the text colour, 4.5:1 in both themes). */
export const signalBarColour: Record<SignalBars, string> = {
  5: 'green',
  4: 'green',
  3: 'yellow',
  2: 'orange',
  1: 'red',
  0: 'red',
};

/** The @tabler/icons-react icon name for a number of bars. */
export function signalIconName(bars: SignalBars): string {
  return icons[bars];
}
