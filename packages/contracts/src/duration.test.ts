import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

describe('formatDuration: two largest units, in both languages (issue 37 point 8)', () => {
  it.each([
    [2379 * MIN, '1 d 15 h', '1 d 15 h'],
    [DAY, '1 d', '1 d'],
    [2 * HOUR, '2 h', '2 h'],
    [5 * HOUR + 12 * MIN + 40, '5 h 12 min', '5 h 12 min'],
    [7 * MIN + 3, '7 min 3 s', '7 min 3 s'],
    [45, '45 s', '45 s'],
    [0, '0 s', '0 s'],
    [1234 * DAY + 5 * HOUR, '1,234 d 5 h', '1234 d 5 h'],
    [12_345 * DAY, '12,345 d', '12.345 d'],
  ])('%s s → %s / %s', (seconds, en, es) => {
    expect(formatDuration(seconds, 'en')).toBe(en);
    expect(formatDuration(seconds, 'es')).toBe(es);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('%s → a dash', (seconds) => {
    expect(formatDuration(seconds, 'en')).toBe('—');
  });
});
