import '../test/i18n-setup.ts';
import type { AlertSeverity } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  alertDescription,
  alertDeviceLabel,
  alertName,
  compareAlerts,
  formatAlertDetails,
  sortAlerts,
  worstSeverity,
} from './alert-display.ts';
import { i18n } from './i18n.ts';

const at = (id: string, severity: AlertSeverity, raisedAt: string) => ({ id, severity, raisedAt });

// Contract: SEVERITY_RANK "Worst first: the order of severity sorting".
describe('sortAlerts: worst first, then newest, then id', () => {
  it.each([
    [
      'by severity',
      [
        at('i', 'info', '2026-01-01'),
        at('c', 'critical', '2026-01-01'),
        at('mi', 'minor', '2026-01-01'),
        at('ma', 'major', '2026-01-01'),
      ],
      ['c', 'ma', 'mi', 'i'],
    ],
    [
      'same severity: newest raised first',
      [at('old', 'major', '2026-01-01T10:00:00Z'), at('new', 'major', '2026-01-01T11:00:00Z')],
      ['new', 'old'],
    ],
    [
      'severity beats time',
      [at('newMinor', 'minor', '2026-02-01'), at('oldCritical', 'critical', '2025-01-01')],
      ['oldCritical', 'newMinor'],
    ],
    ['same everything: by id', [at('b', 'info', '2026-01-01'), at('a', 'info', '2026-01-01')], ['a', 'b']],
    ['empty', [], []],
  ])('%s', (_name, alerts, order) => {
    expect(sortAlerts(alerts).map((a) => a.id)).toEqual(order);
  });

  it('does not change its input, and compareAlerts agrees with it', () => {
    const alerts = [at('i', 'info', '2026-01-01'), at('c', 'critical', '2026-01-01')];
    sortAlerts(alerts);
    expect(alerts.map((a) => a.id)).toEqual(['i', 'c']);
    expect(compareAlerts(alerts[1] as never, alerts[0] as never)).toBeLessThan(0);
  });
});

describe('worstSeverity', () => {
  it.each([
    [[], null],
    [['info'], 'info'],
    [['minor', 'major', 'info'], 'major'],
    [['info', 'critical', 'minor'], 'critical'],
  ] as const)('%j → %s', (severities, worst) => {
    expect(worstSeverity(severities)).toBe(worst);
  });
});

describe('names from the catalogue in the user language', () => {
  it.each([
    ['site_offline', 'en', 'Site offline'],
    ['site_offline', 'es', 'Sitio sin conexión'],
    ['high_latency', 'es-MX', 'Latencia WAN alta'],
    ['regional_outage', 'fr', 'Regional outage'],
    ['made_up', 'en', 'made_up'],
  ])('%s in %s → %s', (code, lang, name) => {
    expect(alertName(code, lang)).toBe(name);
  });

  it('descriptions likewise; an unknown code has none', () => {
    expect(alertDescription('on_backup', 'es')).toMatch(/^El dispositivo de borde perdió/);
    expect(alertDescription('made_up', 'en')).toBe('');
  });
});

describe('formatAlertDetails: what was measured, in the language', () => {
  const en = i18n.getFixedT('en', 'alerts');
  const es = i18n.getFixedT('es', 'alerts');
  it.each([
    ['minutes (en)', { minutes: 12 }, en, 'en', ['For 12 min']],
    ['minutes (es)', { minutes: 12 }, es, 'es', ['Durante 12 min']],
    ['just raised', { minutes: 0 }, en, 'en', ['For under a minute']],
    ['latency, decimals in the language', { ms: 182.44 }, es, 'es', ['182,4 ms']],
    ['latency (en)', { ms: 1234.5 }, en, 'en', ['1,234.5 ms']],
    ['loss', { percent: 3.25 }, en, 'en', ['3.3 %']],
    ['bars', { bars: 1 }, en, 'en', ['1 of 5 bars']],
    ['days (es)', { days: 9 }, es, 'es', ['Durante 9 días']],
    ['ports, text', { ports: '2, 5' }, en, 'en', ['Ports 2, 5']],
    ['a regional incident, in order', { sites: 4, region: 'TX' }, en, 'en', ['4 sites', 'Region TX']],
    ['an unknown key with a unit', { rsrpDb: -112 }, en, 'en', ['Rsrp: -112 dB']],
    ['an unknown key in ms', { pingAverageMs: 40 }, en, 'en', ['Ping average: 40 ms']],
    ['an unknown plain key', { lastStatus: 'offline' }, en, 'en', ['Last status: offline']],
    ['nothing', {}, en, 'en', []],
  ])('%s', (_name, details, t, lang, expected) => {
    expect(formatAlertDetails(details, t, lang)).toEqual(expected);
  });
});

describe('alertDeviceLabel', () => {
  it.each([
    [{ deviceName: 'Lobby AP', deviceModel: 'MR36', macAddress: '00:18:0a:00:00:01' }, 'Lobby AP'],
    [{ deviceName: null, deviceModel: 'MR36', macAddress: '00:18:0a:00:00:01' }, 'MR36 00:18:0a:00:00:01'],
    [{ deviceName: null, deviceModel: null, macAddress: '00:18:0a:00:00:01' }, '00:18:0a:00:00:01'],
    [{ deviceName: null, deviceModel: null, macAddress: null }, ''],
  ])('%j → %s', (alert, label) => {
    expect(alertDeviceLabel(alert)).toBe(label);
  });

  it('with its MAC for text sent to support, once', () => {
    const mac = '00:18:0a:00:00:01';
    expect(
      alertDeviceLabel({ deviceName: 'Lobby AP', deviceModel: 'MR36', macAddress: mac }, { withMac: true }),
    ).toBe(`Lobby AP (${mac})`);
    expect(
      alertDeviceLabel({ deviceName: null, deviceModel: 'MR36', macAddress: mac }, { withMac: true }),
    ).toBe(`MR36 ${mac}`);
  });
});
