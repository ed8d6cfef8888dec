/** The spec's signal scale (part 9): shared by the console's signal display and the weak-signal alert. */

export type SignalMetric = 'rsrp' | 'rsrq' | 'sinr' | 'rssi';

export const SIGNAL_METRICS: readonly SignalMetric[] = ['rsrp', 'rsrq', 'sinr', 'rssi'];

/** 5 is the best signal, 0 is No Signal. */
export type SignalBars = 0 | 1 | 2 | 3 | 4 | 5;

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

export function signalReadingValue(reading: SignalReading): number | null {
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
  const value = signalReadingValue(reading);
  if (value === null) return null;
  const index = SIGNAL_THRESHOLDS[metric].findIndex((threshold) => value >= threshold);
  return (index === -1 ? 0 : 5 - index) as SignalBars;
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

/** The LTE / 5G measures of a link's quality; RSSI adds the noise and neighbours' traffic to the power. */
const LINK_QUALITY_METRICS: readonly SignalMetric[] = ['rsrp', 'rsrq', 'sinr'];

/**
 * The quality of one modem: the fewest bars among RSRP, RSRQ and SINR, since the weakest of them limits the
 * link (strong rsrp with poor sinr still drops traffic). RSSI, which counts noise and other cells' traffic
 * as signal, decides only for a modem that reports none of the three (an older radio). No metric → No Signal.
 */
export function modemSignalBars(entry: ModemSignalStatistics): SignalBars {
  const barsOf = (metrics: readonly SignalMetric[]) =>
    metrics
      .map((metric) => signalBars(metric, entry[metric]))
      .filter((value): value is SignalBars => value !== null);
  const quality = barsOf(LINK_QUALITY_METRICS);
  const bars = quality.length > 0 ? quality : barsOf(['rssi']);
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
