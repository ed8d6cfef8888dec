import { describe, expect, it } from 'vitest';
import { ageMs } from './age.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('ageMs', () => {
  it.each([
    [NOW - 90_000, 90_000],
    [new Date(NOW - 1000), 1000],
    [new Date(NOW - 60_000).toISOString(), 60_000],
    [NOW, 0],
    [NOW + 30_000, 0], // a device clock ahead of ours counts as "just now"
    [null, null],
    [undefined, null],
    ['', null],
    ['not a date', null],
  ])('%s → %s', (at, expected) => {
    expect(ageMs(at, NOW)).toBe(expected);
  });
});
