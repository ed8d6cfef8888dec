import '../test/i18n-setup.ts';
import { ALERT_CODES, type AlertCode, type AlertSeverity, alertTitle, measuredKeys } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  alertDescription,
  alertDeviceAndPlace,
  alertDeviceLabel,
  alertMeasuredText,
  alertName,
  compareAlerts,
  sortAlerts,
  worstSeverity,
} from './alert-display.ts';

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

  it("descriptions likewise; an unknown code has the server's message", () => {
    expect(alertDescription({ code: 'on_backup', message: 'On backup' }, 'es')).toMatch(
      /^El dispositivo de borde perdió/,
    );
    expect(alertDescription({ code: 'made_up' as AlertCode, message: 'Made up by the server' }, 'en')).toBe(
      'Made up by the server',
    );
  });
});

// The console tells an alert as its name and, beneath, what was measured: together exactly the contract's
// title, the words of the emails and the CSV, for every code in both languages.
describe('alertMeasuredText: the vocabulary of the emails and the CSV', () => {
  // Every detail the code's words read: a number with a decimal, or text where the engine writes text.
  const detailsOf = (code: AlertCode) =>
    Object.fromEntries(
      measuredKeys(code).map((key) => [key, ['ports', 'region'].includes(key) ? 'TX' : 1234.56]),
    );
  it.each(ALERT_CODES.flatMap((code) => (['en', 'es-MX'] as const).map((lang) => [code, lang] as const)))(
    '%s in %s',
    (code, lang) => {
      const alert = { code, details: detailsOf(code) };
      const measured = alertMeasuredText(alert, lang);
      expect(measured).not.toBeNull();
      expect(`${alertName(code, lang)} (${measured})`).toBe(
        alertTitle(code, alert.details, lang === 'en' ? 'en' : 'es'),
      );
    },
  );

  it.each([
    ['minutes (en)', { minutes: 12 }, 'en', 'for 12 min'],
    ['minutes (es)', { minutes: 12 }, 'es', 'durante 12 min'],
    ['just raised', { minutes: 0 }, 'en', 'for under a minute'],
    ['a long time, in days and hours', { minutes: 1234.56 }, 'es', 'durante 20 h 34 min'],
    ['nothing measured yet', {}, 'en', null],
  ])('%s', (_name, details, lang, expected) => {
    expect(alertMeasuredText({ code: 'site_offline', details }, lang)).toBe(expected);
  });

  it('an unknown code (a newer server) tells nothing', () => {
    expect(alertMeasuredText({ code: 'made_up' as AlertCode, details: { minutes: 3 } }, 'en')).toBeNull();
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

describe('alertDeviceAndPlace', () => {
  const mac = '00:18:0a:00:00:01';
  it.each([
    [
      { deviceName: 'Lobby AP', deviceModel: 'MR36', macAddress: mac, siteName: 'Store 12', region: null },
      `Lobby AP (${mac}) · Store 12`,
    ],
    [
      { deviceName: null, deviceModel: null, macAddress: null, siteName: 'Store 12', region: 'TX' },
      'Store 12',
    ],
    [{ deviceName: null, deviceModel: null, macAddress: null, siteName: null, region: 'TX' }, 'TX'],
    [
      { deviceName: 'Lobby AP', deviceModel: 'MR36', macAddress: null, siteName: null, region: null },
      'Lobby AP',
    ],
    [{ deviceName: null, deviceModel: null, macAddress: null, siteName: null, region: null }, ''],
  ])('%j → %s', (alert, where) => {
    expect(alertDeviceAndPlace(alert, ' · ')).toBe(where);
  });
});
