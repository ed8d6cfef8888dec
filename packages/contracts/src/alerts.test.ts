import { describe, expect, it } from 'vitest';
import {
  ALERT_CATALOGUE,
  ALERT_CODE_INFO,
  ALERT_CODES,
  type AlertCode,
  alertMeasured,
  alertTitle,
  measuredKeys,
} from './alert-constants.ts';

type Details = Record<string, number | string>;

/** Every code's title for what the engine measures, in both languages: the wording all four users show. */
const TITLES: [AlertCode, Details, en: string, es: string][] = [
  ['site_offline', { minutes: 12 }, 'Site offline (for 12 min)', 'Sitio sin conexión (durante 12 min)'],
  [
    'device_offline',
    { minutes: 0 },
    'Device offline (for under a minute)',
    'Dispositivo sin conexión (durante menos de un minuto)',
  ],
  [
    'on_backup',
    { minutes: 5 },
    'On backup (failover) (for 5 min)',
    'En respaldo (conmutación) (durante 5 min)',
  ],
  [
    'reboot_too_long',
    { minutes: 11 },
    'Reboot taking too long (for 11 min)',
    'Reinicio demasiado largo (durante 11 min)',
  ],
  [
    'pending_too_long',
    { minutes: 9 * 1440 + 125 },
    'Pending installation for too long (for 9 d 2 h)',
    'Instalación pendiente demasiado tiempo (durante 9 d 2 h)',
  ],
  [
    'cloud_disconnected',
    { minutes: 1440 },
    'Cloud connection lost (for 1 d)',
    'Conexión con la nube perdida (durante 1 d)',
  ],
  ['weak_signal', { bars: 2 }, 'Weak cellular signal (2 of 5 bars)', 'Señal celular débil (2 de 5 barras)'],
  ['high_latency', { ms: 182.4 }, 'High WAN latency (182.4 ms)', 'Latencia WAN alta (182,4 ms)'],
  ['high_jitter', { ms: 31.25 }, 'High WAN jitter (31.3 ms)', 'Jitter WAN alto (31,3 ms)'],
  ['packet_loss', { percent: 2.5 }, 'WAN packet loss (2.5 %)', 'Pérdida de paquetes WAN (2,5 %)'],
  [
    'lan_port_disabled',
    { ports: '3, 4' },
    'LAN port disabled (ports 3, 4)',
    'Puerto LAN desactivado (puertos 3, 4)',
  ],
  [
    'regional_outage',
    { sites: 4, region: 'TX' },
    'Regional outage (4 sites in TX)',
    'Caída regional (4 sitios en TX)',
  ],
];

describe('how long a condition has lasted (issue 37 point 8)', () => {
  it.each([
    ['site_offline', 2379, 'Site offline (for 1 d 15 h)', 'Sitio sin conexión (durante 1 d 15 h)'],
    [
      'on_backup',
      75,
      'On backup (failover) (for 1 h 15 min)',
      'En respaldo (conmutación) (durante 1 h 15 min)',
    ],
  ] as const)('%s for %s min reads as days and hours, not minutes', (code, minutes, en, es) => {
    expect(alertTitle(code, { minutes }, 'en')).toBe(en);
    expect(alertTitle(code, { minutes }, 'es')).toBe(es);
  });
});

describe('the alert vocabulary', () => {
  it('describes every code once, and the table above covers every code', () => {
    expect(ALERT_CATALOGUE.map((c) => c.code)).toEqual([...ALERT_CODES]);
    expect(TITLES.map(([code]) => code)).toEqual([...ALERT_CODES]);
  });

  it.each(ALERT_CODES)('%s has a name, a description and a measure in English and Spanish', (code) => {
    const info = ALERT_CODE_INFO[code];
    for (const text of [info.name, info.description, info.measured]) {
      expect(text.en.trim()).not.toBe('');
      expect(text.es.trim()).not.toBe('');
    }
    // Both languages' measures read the same details.
    const keys = (words: string) => [...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(keys(info.measured.es)).toEqual(keys(info.measured.en));
    expect(measuredKeys(code).length).toBeGreaterThan(0);
  });

  it.each(TITLES)('%s %o reads "%s" / "%s"', (code, details, en, es) => {
    expect(alertTitle(code, details, 'en')).toBe(en);
    expect(alertTitle(code, details, 'es')).toBe(es);
    expect(Object.keys(details).sort()).toEqual(measuredKeys(code).sort());
  });

  it('says nothing of what a detail it lacks would measure', () => {
    expect(alertMeasured('site_offline', {}, 'en')).toBeNull();
    expect(alertTitle('site_offline', {}, 'en')).toBe('Site offline');
    // A regional incident before its sites are counted (stored with no details), or without a region.
    expect(alertTitle('regional_outage', {}, 'es')).toBe('Caída regional');
    expect(alertMeasured('regional_outage', { sites: 3, region: '' }, 'en')).toBeNull();
  });
});
