import { ALERT_CODES } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  alertCodeChoices,
  defaultQuietHours,
  profileRequest,
  timeZoneChoices,
} from './notification-profile.ts';

describe('notification profile helpers', () => {
  it('alert codes are offered with the catalogue names of the language', () => {
    const en = alertCodeChoices('en');
    const es = alertCodeChoices('es');
    expect(en).toHaveLength(ALERT_CODES.length);
    expect(en.find((c) => c.value === 'site_offline')?.label).toBe('Site offline');
    expect(es.find((c) => c.value === 'site_offline')?.label).toBe('Sitio sin conexión');
    expect(en.map((c) => c.label)).toEqual(
      [...en.map((c) => c.label)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('time zones always include the current one and UTC', () => {
    const zones = timeZoneChoices('Mars/Olympus');
    expect(zones).toContain('Mars/Olympus');
    expect(zones).toContain('UTC');
  });

  it('quiet hours default to overnight in the given zone', () => {
    expect(defaultQuietHours('Europe/Madrid')).toEqual({
      start: '22:00',
      end: '07:00',
      timeZone: 'Europe/Madrid',
    });
  });

  it('the request keeps each choice once', () => {
    expect(
      profileRequest({
        channels: ['email', 'email'],
        severities: ['critical'],
        codes: [],
        siteIds: ['a', 'a'],
        groupIds: [],
        quietHours: null,
        notifyCleared: true,
      }),
    ).toMatchObject({ channels: ['email'], siteIds: ['a'] });
  });
});
