import '../../../test/i18n-setup.ts';
import * as icons from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { fleetText } from '../../../lib/fleet-text.ts';
import { i18n } from '../../../lib/i18n.ts';
import {
  deviceSignalBars,
  formatSignalValue,
  modemSignalBars,
  SIGNAL_THRESHOLDS,
  type SignalBars,
  type SignalMetric,
  signalBars,
  signalIconName,
  signalLevel,
  signalLevelLabelKey,
  signalUnit,
} from './signal.ts';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');

describe('signal thresholds as spec part 9 lists them', () => {
  it('"rsrp -65/-80/-90/-110/-140; rsrq 6/-7/-19/-31/-43; sinr 30/15/5/-5/-23; rssi -65/-75/-85/-99"', () => {
    expect(SIGNAL_THRESHOLDS).toEqual({
      rsrp: [-65, -80, -90, -110, -140],
      rsrq: [6, -7, -19, -31, -43],
      sinr: [30, 15, 5, -5, -23],
      rssi: [-65, -75, -85, -99],
    });
  });
});

// Each side of every threshold: the threshold itself earns its bars, anything below earns the next.
const cases: [SignalMetric, number, SignalBars][] = [
  ['rsrp', -40, 5],
  ['rsrp', -65, 5],
  ['rsrp', -65.1, 4],
  ['rsrp', -66, 4],
  ['rsrp', -80, 4],
  ['rsrp', -81, 3],
  ['rsrp', -90, 3],
  ['rsrp', -91, 2],
  ['rsrp', -110, 2],
  ['rsrp', -111, 1],
  ['rsrp', -140, 1],
  ['rsrp', -141, 0],
  ['rsrq', 10, 5],
  ['rsrq', 6, 5],
  ['rsrq', 5, 4],
  ['rsrq', -7, 4],
  ['rsrq', -8, 3],
  ['rsrq', -19, 3],
  ['rsrq', -20, 2],
  ['rsrq', -31, 2],
  ['rsrq', -32, 1],
  ['rsrq', -43, 1],
  ['rsrq', -44, 0],
  ['sinr', 35, 5],
  ['sinr', 30, 5],
  ['sinr', 29, 4],
  ['sinr', 15, 4],
  ['sinr', 14, 3],
  ['sinr', 5, 3],
  ['sinr', 4, 2],
  ['sinr', 0, 2],
  ['sinr', -5, 2],
  ['sinr', -6, 1],
  ['sinr', -23, 1],
  ['sinr', -24, 0],
  // rssi has four thresholds, for 5 to 2 bars; below −99 is No Signal (never 1 bar).
  ['rssi', -50, 5],
  ['rssi', -65, 5],
  ['rssi', -66, 4],
  ['rssi', -75, 4],
  ['rssi', -76, 3],
  ['rssi', -85, 3],
  ['rssi', -86, 2],
  ['rssi', -99, 2],
  ['rssi', -99.5, 0],
  ['rssi', -100, 0],
  ['rssi', -120, 0],
];

describe('signal bars per metric', () => {
  it.each(cases)('%s %d → %d bars', (metric, value, bars) => {
    expect(signalBars(metric, value)).toBe(bars);
  });

  it.each([
    ['rsrp', '-80', 4],
    ['sinr', '12.5', 3],
    ['rssi', null, null],
    ['rsrq', undefined, null],
    ['sinr', '', null],
    ['rsrp', 'n/a', null],
    ['rsrp', Number.NaN, null],
  ] as const)('%s reading %s → %s (text parsed; missing is "not measured")', (metric, reading, bars) => {
    expect(signalBars(metric, reading)).toBe(bars);
  });
});

describe('signal levels: "Excellent, Good, Fair, Weak, Poor, No Signal"', () => {
  it.each([
    [5, 'excellent', 'Excellent', 'Excelente', 'IconAntennaBars5'],
    [4, 'good', 'Good', 'Buena', 'IconAntennaBars4'],
    [3, 'fair', 'Fair', 'Regular', 'IconAntennaBars3'],
    [2, 'weak', 'Weak', 'Débil', 'IconAntennaBars2'],
    [1, 'poor', 'Poor', 'Mala', 'IconAntennaBars1'],
    [0, 'none', 'No Signal', 'Sin señal', 'IconAntennaBarsOff'],
  ] as const)('%d bars → %s, "%s" / "%s", %s', (bars, level, english, spanish, icon) => {
    expect(signalLevel(bars)).toBe(level);
    expect(fleetText(en, signalLevelLabelKey(bars))).toBe(english);
    expect(fleetText(es, signalLevelLabelKey(bars))).toBe(spanish);
    expect(signalIconName(bars)).toBe(icon);
    expect(icons).toHaveProperty(icon);
  });
});

describe('signal units: powers (rssi, rsrp) in dBm, ratios (rsrq, sinr) in dB', () => {
  it.each([
    ['rssi', 'dBm', -70, '-70 dBm'],
    ['rsrp', 'dBm', -95, '-95 dBm'],
    ['rsrq', 'dB', -10, '-10 dB'],
    ['sinr', 'dB', 12.5, '12.5 dB'],
  ] as const)('%s → %s (%d shown as "%s")', (metric, unit, value, text) => {
    expect(signalUnit(metric)).toBe(unit);
    expect(formatSignalValue(metric, value)).toBe(text);
  });

  it('an unmeasured reading shows nothing', () => {
    expect(formatSignalValue('rssi', null)).toBe('');
  });

  it.each(['rsrp', 'rsrq', 'sinr', 'rssi'] as const)('metric name %s is translated', (metric) => {
    expect(fleetText(en, `signal.metric.${metric}`)).toBe(metric.toUpperCase());
  });
});

describe('quality of a modem statistics entry: the weakest of RSRP, RSRQ and SINR', () => {
  it.each([
    ['all excellent', { rsrp: -60, rsrq: 8, sinr: 31, rssi: -50 }, 5],
    ['strong rsrp, poor sinr', { rsrp: -60, rsrq: 8, sinr: -10, rssi: -50 }, 1],
    ['strong rsrp and sinr, fair rsrq', { rsrp: -60, rsrq: -12, sinr: 31 }, 3],
    [
      'a weak rssi does not outweigh good rsrp, rsrq and sinr',
      { rsrp: -75, rsrq: -5, sinr: 18, rssi: -90 },
      4,
    ],
    ['rssi below −99 with good rsrp, rsrq, sinr', { rsrp: -60, rsrq: 8, sinr: 31, rssi: -100 }, 5],
    ['rssi decides only when nothing else is reported', { rssi: -90 }, 2],
    ['rssi below −99 alone', { rssi: -100 }, 0],
    ['only rsrp reported', { rsrp: -85 }, 3],
    ['missing metrics are ignored', { rsrp: -85, rsrq: null, sinr: undefined }, 3],
    ['text readings', { rsrp: '-100', sinr: '20' }, 2],
    ['nothing reported', { linkStatus: 'down' }, 0],
  ] as const)('%s → %d bars', (_name, entry, bars) => {
    expect(modemSignalBars(entry)).toBe(bars);
  });
});

describe('signal of a device: its best modem', () => {
  it.each([
    ['two modems', [{ rsrp: -120 }, { rsrp: -70 }], 4],
    ['one modem', [{ sinr: 10 }], 3],
    ['no modems', [], 0],
    ['no statistics', null, 0],
    ['undefined', undefined, 0],
  ] as const)('%s → %d bars', (_name, entries, bars) => {
    expect(deviceSignalBars(entries)).toBe(bars);
  });
});
