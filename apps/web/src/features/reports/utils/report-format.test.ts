import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate } from '../../../lib/format.ts';
import { formatCount, formatDay, formatDuration } from './report-format.ts';

describe('report display rules', () => {
  it.each([
    ['2026-11-20', '11/20/2026'],
    ['2026-01-02', '01/02/2026'],
    ['not a day', ''],
    [null, ''],
  ])('a day (spec MM/DD/YYYY): %s → %s', (day, text) => expect(formatDay(day)).toBe(text));

  it('times use the spec MM/DD/YYYY hh:mm A and the zone (lib/format)', () => {
    expect(formatDate(new Date(2026, 10, 20, 0, 5))).toMatch(/^11\/20\/2026 12:05 AM \S+$/);
  });

  it.each([
    [1536, '1.5 KB'],
    [1_411_682_566, '1.3 GB'],
    [24_597_744_037_251, '22.4 TB'],
  ])('bytes in base 1024: %d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it.each([
    [0, '0s'],
    [45, '45s'],
    [125, '2m 05s'],
    [3725, '1h 02m'],
    [86_400, '1d 00h'],
    [13_033_740, '150d 20h'],
  ])('durations: %d s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('counts in the language style', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'es')).toBe('12.345');
  });
});
