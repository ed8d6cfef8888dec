import { ALERT_CODE_INFO, ALERT_CODES, alertTitle, type NotificationProfile } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { type AlertTarget, matchesProfile } from '../src/notifications/matching.ts';
import { type AlertFacts, alertLine, alertText } from '../src/notifications/messages.ts';
import { contactsOf, DEFAULT_NOTIFICATION_PROFILE, readProfile } from '../src/notifications/profile.ts';
import { retryDelay } from '../src/notifications/queue.ts';
import { quietUntil } from '../src/notifications/quiet-hours.ts';

describe('quietUntil', () => {
  const chicago = { start: '22:00', end: '07:00', timeZone: 'America/Chicago' };
  const cases: [string, string, typeof chicago | null, string | null][] = [
    ['no quiet hours', '2026-03-03T05:00:00Z', null, null],
    ['23:00 CST: until 07:00 the next morning', '2026-03-03T05:00:00Z', chicago, '2026-03-03T13:00:00.000Z'],
    ['02:00 CST: until 07:00 the same morning', '2026-03-03T08:00:00Z', chicago, '2026-03-03T13:00:00.000Z'],
    ['22:00 exactly is quiet', '2026-03-03T04:00:00Z', chicago, '2026-03-03T13:00:00.000Z'],
    ['07:00 exactly is not', '2026-03-03T13:00:00Z', chicago, null],
    ['21:59 is not', '2026-03-03T03:59:00Z', chicago, null],
    ['noon is not', '2026-03-03T18:00:00Z', chicago, null],
    // 2026-03-08: clocks go from 02:00 CST to 03:00 CDT; 07:00 CDT is 12:00 UTC.
    ['over the spring change: 07:00 CDT', '2026-03-08T05:00:00Z', chicago, '2026-03-08T12:00:00.000Z'],
    // 2026-11-01: 02:00 CDT back to 01:00 CST; 07:00 CST is 13:00 UTC.
    ['over the autumn change: 07:00 CST', '2026-11-01T04:30:00Z', chicago, '2026-11-01T13:00:00.000Z'],
    [
      'a daytime period (09:00–17:00 Madrid, CET)',
      '2026-01-15T10:00:00Z',
      { start: '09:00', end: '17:00', timeZone: 'Europe/Madrid' },
      '2026-01-15T16:00:00.000Z',
    ],
    [
      'ending in the hour skipped in spring (Madrid 02:30 on 29 March): when the clock shows 03:30',
      '2026-03-29T00:30:00Z',
      { start: '01:00', end: '02:30', timeZone: 'Europe/Madrid' },
      '2026-03-29T01:30:00.000Z',
    ],
    [
      'start equal to end: no period',
      '2026-01-15T10:00:00Z',
      { start: '09:00', end: '09:00', timeZone: 'UTC' },
      null,
    ],
    [
      'a zone east of UTC over midnight (Tokyo 23:00–06:00 at 01:00)',
      '2026-01-14T16:00:00Z',
      { start: '23:00', end: '06:00', timeZone: 'Asia/Tokyo' },
      '2026-01-14T21:00:00.000Z',
    ],
  ];
  it.each(cases)('%s', (_name, at, quiet, until) => {
    const got = quietUntil(Date.parse(at), quiet);
    expect(got === null ? null : new Date(got).toISOString()).toBe(until);
  });
});

describe('matchesProfile', () => {
  const profile = (patch: Partial<NotificationProfile> = {}) => ({
    ...DEFAULT_NOTIFICATION_PROFILE,
    ...patch,
  });
  const groups: Record<string, string[]> = { alpha: ['g1'], bravo: ['g2'], charlie: [] };
  const groupsOf = (site: string) => groups[site] ?? [];
  const critical: AlertTarget = { code: 'site_offline', severity: 'critical', siteIds: ['alpha'] };
  const minorLatency: AlertTarget = { code: 'high_latency', severity: 'minor', siteIds: ['charlie'] };
  const regional: AlertTarget = {
    code: 'regional_outage',
    severity: 'critical',
    siteIds: ['bravo', 'charlie'],
  };
  const cases: [string, AlertTarget, 'raised' | 'cleared', NotificationProfile, string[] | null, boolean][] =
    [
      ['defaults: a critical alert', critical, 'raised', profile(), null, true],
      ['defaults: not a minor one', minorLatency, 'raised', profile(), null, false],
      ['no channel on: nothing', critical, 'raised', profile({ channels: [] }), null, false],
      ['severity chosen', minorLatency, 'raised', profile({ severities: ['minor'] }), null, true],
      ['code chosen', critical, 'raised', profile({ codes: ['site_offline'] }), null, true],
      ['other code chosen', critical, 'raised', profile({ codes: ['on_backup'] }), null, false],
      ['site chosen', critical, 'raised', profile({ siteIds: ['alpha'] }), null, true],
      ['another site chosen', critical, 'raised', profile({ siteIds: ['bravo'] }), null, false],
      ["the site's group chosen", critical, 'raised', profile({ groupIds: ['g1'] }), null, true],
      ['another group chosen', critical, 'raised', profile({ groupIds: ['g2'] }), null, false],
      [
        'site or group: either matches',
        critical,
        'raised',
        profile({ siteIds: ['bravo'], groupIds: ['g1'] }),
        null,
        true,
      ],
      ['restricted to the site’s group', critical, 'raised', profile(), ['g1'], true],
      ['restricted to another group', critical, 'raised', profile(), ['g2'], false],
      [
        'restricted, and chose a site outside their scope',
        critical,
        'raised',
        profile({ siteIds: ['alpha'] }),
        ['g2'],
        false,
      ],
      ['regional: any of its sites in scope', regional, 'raised', profile(), ['g2'], true],
      ['regional: none of its sites in scope', regional, 'raised', profile(), ['g1'], false],
      [
        'regional: one of its sites chosen',
        regional,
        'raised',
        profile({ siteIds: ['charlie'] }),
        null,
        true,
      ],
      [
        'regional: one site in scope, another chosen',
        regional,
        'raised',
        profile({ siteIds: ['charlie'] }),
        ['g2'],
        false,
      ],
      ['no sites at all (nothing to scope)', { ...critical, siteIds: [] }, 'raised', profile(), null, false],
      ['cleared, told on clear', critical, 'cleared', profile(), null, true],
      ['cleared, not told on clear', critical, 'cleared', profile({ notifyCleared: false }), null, false],
    ];
  it.each(cases)('%s', (_name, alert, transition, p, scope, expected) => {
    expect(matchesProfile(alert, transition, { profile: p, scopeGroupIds: scope }, groupsOf)).toBe(expected);
  });
});

describe('profile helpers', () => {
  it('a missing or unreadable stored profile reads as the defaults', () => {
    expect(readProfile(undefined)).toEqual(DEFAULT_NOTIFICATION_PROFILE);
    expect(readProfile({ channels: 'email' })).toEqual(DEFAULT_NOTIFICATION_PROFILE);
  });

  it('contacts: email always; SMS and voice only when enrolled', () => {
    const base = { username: 'a@b.example', smsNumber: '+15551', voiceNumber: '+15552' };
    expect(contactsOf({ ...base, mfaSms: false, mfaVoice: false })).toEqual({
      email: 'a@b.example',
      sms: null,
      voice: null,
    });
    expect(contactsOf({ ...base, mfaSms: true, mfaVoice: true })).toEqual({
      email: 'a@b.example',
      sms: '+15551',
      voice: '+15552',
    });
  });

  // Every code, both languages: email, SMS and digest lines say what the one vocabulary says.
  const measuredOf: Record<string, Record<string, number | string>> = {
    weak_signal: { bars: 2 },
    high_latency: { ms: 182.4 },
    high_jitter: { ms: 31 },
    packet_loss: { percent: 2.5 },
    lan_port_disabled: { ports: '3, 4' },
    regional_outage: { sites: 4, region: 'TX' },
  };
  it.each(ALERT_CODES.flatMap((code) => (['en', 'es'] as const).map((lang) => [code, lang] as const)))(
    "%s in %s: the vocabulary's name and measure",
    (code, lang) => {
      const a: AlertFacts = {
        code,
        severity: ALERT_CODE_INFO[code].severity,
        details: measuredOf[code] ?? { minutes: 12 },
        siteName: 'Alpha Store',
        region: 'TX',
        deviceKind: 'firewall',
        deviceName: null,
        deviceModel: 'MX68',
        macAddress: '00:18:0a:00:00:01',
        raisedAt: new Date('2026-03-03T14:05:00Z'),
        clearedAt: null,
      };
      const title = alertTitle(code, a.details, lang);
      expect(title).not.toBe(ALERT_CODE_INFO[code].name[lang]);
      const email = alertText(a, 'raised', 'email', lang, null, 'https://vnoc.example/alerts?alert=1');
      expect(email.subject).toContain(ALERT_CODE_INFO[code].name[lang]);
      expect(email.body.split('\n')[0]).toBe(title);
      expect(alertText(a, 'raised', 'sms', lang, null, 'https://vnoc.example/alerts?alert=1').body).toContain(
        ` — ${title} `,
      );
      expect(alertLine(a, 'cleared', lang, null)).toContain(` — ${title} `);
    },
  );

  it.each([
    ['firewall', 'cortafuegos'],
    ['5g', 'dispositivo 5G'],
    ['access-point', 'punto de acceso'],
    ['switch', 'conmutador de red'],
  ] as const)("a %s is named in Spanish with the console's kind word (%s)", (deviceKind, word) => {
    const a: AlertFacts = {
      code: 'device_offline',
      severity: ALERT_CODE_INFO.device_offline.severity,
      details: { minutes: 12 },
      siteName: 'Alpha Store',
      region: 'TX',
      deviceKind,
      deviceName: null,
      deviceModel: 'MX68',
      macAddress: null,
      raisedAt: new Date('2026-03-03T14:05:00Z'),
      clearedAt: null,
    };
    expect(alertText(a, 'raised', 'email', 'es', null, 'https://vnoc.example/alerts?alert=1').body).toContain(
      `MX68 (${word})`,
    );
  });

  it('back-off after each failed attempt: 1, 5, 15, 60, 60 minutes', () => {
    expect([1, 2, 3, 4, 5].map((a) => retryDelay(a) / 60_000)).toEqual([1, 5, 15, 60, 60]);
  });
});
