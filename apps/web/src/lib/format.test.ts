import { describe, expect, it, vi } from 'vitest';
import {
  formatBitRate,
  formatBytes,
  formatDate,
  formatPercent,
  humanizeDuration,
  prepareFormats,
} from './format.ts';
import { formatAge } from './relative-age.ts';

const NY = { timeZone: 'America/New_York' };

describe('formatDate: MM/DD/YYYY hh:mm A and the time zone (spec part 9, issue 37 point 8)', () => {
  it('writes a date once per language, zone and instant: a list drawn again reads it back', () => {
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const first = formatDate('2025-03-09T10:11:00Z', { ...NY, lang: 'en' });
      const calls = parts.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      expect(formatDate(new Date('2025-03-09T10:11:00Z'), { ...NY, lang: 'en' })).toBe(first);
      expect(parts.mock.calls.length).toBe(calls);
      expect(formatDate('2025-03-09T10:11:00Z', { ...NY, lang: 'es' })).toBe(first.replace('EDT', 'GMT-4'));
      expect(parts.mock.calls.length).toBeGreaterThan(calls);
    } finally {
      parts.mockRestore();
    }
  });

  it.each([
    ['2025-01-05T05:00:00Z', '01/05/2025 12:00 AM EST'],
    ['2025-01-05T05:59:00Z', '01/05/2025 12:59 AM EST'],
    ['2025-01-05T06:07:00Z', '01/05/2025 01:07 AM EST'],
    ['2025-01-05T16:59:00Z', '01/05/2025 11:59 AM EST'],
    ['2025-01-05T17:00:00Z', '01/05/2025 12:00 PM EST'],
    ['2025-01-05T18:00:00Z', '01/05/2025 01:00 PM EST'],
    ['2026-01-01T04:59:59Z', '12/31/2025 11:59 PM EST'],
    ['2024-02-29T14:05:00Z', '02/29/2024 09:05 AM EST'],
    ['2025-07-04T16:30:00Z', '07/04/2025 12:30 PM EDT'],
  ])('%s → %s', (date, text) => {
    expect(formatDate(date, { ...NY, lang: 'en' })).toBe(text);
  });

  it('keeps the spec’s pattern in Spanish and names the zone as Spanish does', () => {
    expect(formatDate('2025-01-05T18:00:00Z', { ...NY, lang: 'es' })).toBe('01/05/2025 01:00 PM GMT-5');
    expect(formatDate('2025-01-05T18:00:00Z', { timeZone: 'Europe/Madrid', lang: 'es' })).toBe(
      '01/05/2025 07:00 PM CET',
    );
    expect(formatDate('2025-01-05T18:00:00Z', { timeZone: 'UTC', lang: 'es' })).toBe(
      '01/05/2025 06:00 PM UTC',
    );
  });

  it('accepts epoch milliseconds, ISO text and dates alike', () => {
    const at = new Date('2025-06-01T19:45:00Z');
    for (const value of [at, at.getTime(), at.toISOString()])
      expect(formatDate(value, { ...NY, lang: 'en' })).toBe('06/01/2025 03:45 PM EDT');
  });

  it('shows the browser’s time zone, in the interface’s language, when none is given', () => {
    const local = new Date(2025, 5, 1, 15, 45);
    expect(formatDate(local)).toMatch(/^06\/01\/2025 03:45 PM \S+/);
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('%s → empty', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

// Spec part 9: "Byte units base 1024."
describe('formatBytes: base 1024, B to PB, one decimal without ".0"', () => {
  const KB = 1024;
  const MB = KB * 1024;
  const GB = MB * 1024;
  const TB = GB * 1024;
  const PB = TB * 1024;
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1025, '1 KB'],
    [1536, '1.5 KB'],
    [1000, '1000 B'],
    [10 * KB + 512, '10.5 KB'],
    [MB - 1, '1 MB'],
    [MB - 52, '1023.9 KB'],
    [MB, '1 MB'],
    [1.25 * MB, '1.3 MB'],
    [GB - 1, '1 GB'],
    [GB, '1 GB'],
    [TB, '1 TB'],
    [PB, '1 PB'],
    [2.5 * PB, '2.5 PB'],
    [2048 * PB, '2048 PB'],
    [-1536, '-1.5 KB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%s → empty', (value) => {
    expect(formatBytes(value)).toBe('');
  });
});

// Spec part 9: "bitrate from kbps to Tbps." Decimal steps: 1 Mbps = 1000 kbps.
describe('formatBitRate: from kbps, base 1000, kbps to Tbps', () => {
  it.each([
    [0, '0 kbps'],
    [0.5, '0.5 kbps'],
    [1, '1 kbps'],
    [999, '999 kbps'],
    [999.94, '999.9 kbps'],
    [999.96, '1 Mbps'],
    [1000, '1 Mbps'],
    [1024, '1 Mbps'],
    [1500, '1.5 Mbps'],
    [25_000, '25 Mbps'],
    [999_999, '1 Gbps'],
    [1_000_000, '1 Gbps'],
    [2_350_000, '2.4 Gbps'],
    [1_000_000_000, '1 Tbps'],
    [1_500_000_000, '1.5 Tbps'],
    [5_000_000_000_000, '5000 Tbps'],
    [-1500, '-1.5 Mbps'],
  ])('%d kbps → %s', (kbps, text) => {
    expect(formatBitRate(kbps)).toBe(text);
  });

  it.each([null, undefined, Number.NaN])('%s → empty', (value) => {
    expect(formatBitRate(value)).toBe('');
  });
});

describe('humanizeDuration: the two largest units, the second left out at 0', () => {
  it.each([
    [-1, '—', '—'],
    [Number.POSITIVE_INFINITY, '—', '—'],
    [0, '0 s', '0 s'],
    [45, '45 s', '45 s'],
    [60, '1 min', '1 min'],
    [423, '7 min 3 s', '7 min 3 s'],
    [3600, '1 h', '1 h'],
    [18_720, '5 h 12 min', '5 h 12 min'],
    [86_400, '1 d', '1 d'],
    [142_740, '1 d 15 h', '1 d 15 h'],
    [273_600.9, '3 d 4 h', '3 d 4 h'],
    [1_234 * 86_400, '1,234 d', '1234 d'],
  ])('%s s → %s / %s', (seconds, en, es) => {
    expect(humanizeDuration(seconds, 'en')).toBe(en);
    expect(humanizeDuration(seconds, 'es')).toBe(es);
  });
});

describe('formatPercent: a share of time rounded as people read it (issue 37: "88.0189 %")', () => {
  it.each([
    [88.0189, 'en', '88.02 %'],
    [88.0189, 'es', '88,02 %'],
    [92.5, 'en', '92.5 %'],
    [100, 'en', '100 %'],
    [0, 'en', '0 %'],
    [99.9996, 'en', '99.9996 %'],
    [99.996, 'es', '99,996 %'],
    [0.0004, 'en', '0.0004 %'],
    [99.994, 'en', '99.99 %'],
  ])('%d in %s → "%s"', (value, language, text) => expect(formatPercent(value, language)).toBe(text));

  it('not a number → nothing', () => {
    expect(formatPercent(null, 'en')).toBe('');
    expect(formatPercent(Number.NaN, 'en')).toBe('');
  });
});

describe('prepareFormats: the first rows find their formatters built', () => {
  it("builds a language's number, date and age formatters, in tasks of their own, the very ones the formats then use", async () => {
    const built = { number: 0, date: 0, relative: 0 };
    const counted = <T extends object>(Real: T, kind: keyof typeof built): T =>
      new Proxy(Real, {
        construct: (target, args) => {
          built[kind] += 1;
          return Reflect.construct(target as new (...a: unknown[]) => object, args);
        },
      });
    const intl = Intl as Record<'NumberFormat' | 'DateTimeFormat' | 'RelativeTimeFormat', object>;
    const real = {
      NumberFormat: intl.NumberFormat,
      DateTimeFormat: intl.DateTimeFormat,
      RelativeTimeFormat: intl.RelativeTimeFormat,
    };
    intl.NumberFormat = counted(Intl.NumberFormat, 'number');
    intl.DateTimeFormat = counted(Intl.DateTimeFormat, 'date');
    intl.RelativeTimeFormat = counted(Intl.RelativeTimeFormat, 'relative');
    try {
      // A language no other test here formats in: nothing of it is built yet.
      const preparing = prepareFormats('fr');
      expect(built).toEqual({ number: 1, date: 0, relative: 0 });
      await preparing;
      // The zone's name in French, and the pattern unless an earlier test built it (it is the same in every language).
      expect(built.date).toBeGreaterThanOrEqual(1);
      expect(built.relative).toBe(1);
      const prepared = { ...built };
      const date = formatDate('2025-03-09T10:11:00Z', { lang: 'fr' });
      const age = formatAge(90_000, 'fr');
      expect(built).toEqual(prepared);
      expect(date).toMatch(/^\d\d\/\d\d\/2025 \d\d:\d\d [AP]M/);
      expect(age).toBe('il y a 1 minute');
    } finally {
      Object.assign(intl, real);
    }
  });
});
