import type { FleetKey } from '../../../lib/fleet-text.ts';

export type SignalMetric = 'rsrp' | 'rsrq' | 'sinr' | 'rssi';

export const SIGNAL_METRICS: readonly SignalMetric[] = ['rsrp', 'rsrq', 'sinr', 'rssi'];

/** 5 is the best signal, 0 is No Signal. */
export type SignalBars = 0 | 1 | 2 | 3 | 4 | 5;

export type SignalLevel = 'excellent' | 'good' | 'fair' | 'weak' | 'poor' | 'none';

/**
 * Spec part 9: "Signal scale thresholds (5 to 1 bars): rsrp -65/-80/-90/-110/-140; rsrq 6/-7/-19/-31/-43;
 * sinr 30/15/5/-5/-23; rssi -65/-75/-85/-99." The n-th threshold is the least value worth 5 − n bars
 * (n from 0). rssi has only four, for 5 to 2 bars: a strong rssi is still Excellent, and below −99 dBm
 * there is no usable signal, as below the last threshold of the other metrics, so rssi never shows 1 bar.
 */
export const SIGNAL_THRESHOLDS: Record<SignalMetric, readonly number[]> = {
  rsrp: [-65, -80, -90, -110, -140],
  rsrq: [6, -7, -19, -31, -43],
  sinr: [30, 15, 5, -5, -23],
  rssi: [-65, -75, -85, -99],
};

/** A reading as reported: a number, numeric text, or nothing. */
export type SignalReading = number | string | null | undefined;

function readingValue(reading: SignalReading): number | null {
  if (reading === null || reading === undefined || reading === '') return null;
  const value = Number(reading);
  return Number.isFinite(value) ? value : null;
}

/**
 * Bars for one metric: a value at or above a threshold earns that threshold's bars (the threshold itself
 * counts, so rsrp −65 is 5 bars and −65.1 is 4); below every threshold is 0, No Signal. A missing or
 * non-numeric reading is null: not measured, which is not the same as no signal.
 */
export function signalBars(metric: SignalMetric, reading: SignalReading): SignalBars | null {
  const value = readingValue(reading);
  if (value === null) return null;
  const index = SIGNAL_THRESHOLDS[metric].findIndex((threshold) => value >= threshold);
  return (index === -1 ? 0 : 5 - index) as SignalBars;
}

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
 * Spec part 9: "Unit dBm for rssi, otherwise dB." Followed as written, although rsrp is a power too; the
 * console shows what the spec names.
 */
export function signalUnit(metric: SignalMetric): 'dBm' | 'dB' {
  return metric === 'rssi' ? 'dBm' : 'dB';
}

/** A reading with its unit, e.g. "-85 dBm"; empty when not measured. */
export function formatSignalValue(metric: SignalMetric, reading: SignalReading): string {
  const value = readingValue(reading);
  return value === null ? '' : `${value} ${signalUnit(metric)}`;
}

/** One entry of a device's modemSignalStatistics (spec part 3). */
export interface ModemSignalStatistics {
  linkStatus?: string | null;
  serviceType?: string | null;
  rsrp?: SignalReading;
  rsrq?: SignalReading;
  sinr?: SignalReading;
  rssi?: SignalReading;
}

/**
 * The quality of one modem: the fewest bars among the metrics it reports, since the weakest of them
 * limits the link (strong rsrp with poor sinr still drops traffic). No metric reported → No Signal.
 */
export function modemSignalBars(entry: ModemSignalStatistics): SignalBars {
  const bars = SIGNAL_METRICS.map((metric) => signalBars(metric, entry[metric])).filter(
    (value): value is SignalBars => value !== null,
  );
  return bars.length === 0 ? 0 : (Math.min(...bars) as SignalBars);
}

/**
 * The device's signal: its best modem, since the device uses whichever link works (a second SIM out of
 * coverage does not make the device's signal poor). No modems → No Signal.
 */
export function deviceSignalBars(entries: readonly ModemSignalStatistics[] | null | undefined): SignalBars {
  if (!entries || entries.length === 0) return 0;
  return Math.max(...entries.map(modemSignalBars)) as SignalBars;
}

const icons: Record<SignalBars, string> = {
  5: 'IconAntennaBars5',
  4: 'IconAntennaBars4',
  3: 'IconAntennaBars3',
  2: 'IconAntennaBars2',
  1: 'IconAntennaBars1',
  0: 'IconAntennaBarsOff',
};

/** The @tabler/icons-react icon name for a number of bars. */
export function signalIconName(bars: SignalBars): string {
  return icons[bars];
}
