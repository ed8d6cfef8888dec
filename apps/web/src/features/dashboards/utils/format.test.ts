import { describe, expect, it } from 'vitest';
import { formatSeconds } from './format.ts';

describe('formatSeconds', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [200, '3 min 20 s'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
    [7505, '2 h 5 min'],
    [86_400 * 3 + 3600 * 4 + 59, '3 d 4 h'],
    [86_400 + 30, '1 d'],
    [-5, '0 s'],
  ])('%d → %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });
});
