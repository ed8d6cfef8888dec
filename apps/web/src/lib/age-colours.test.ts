import { describe, expect, it } from 'vitest';
import { lastBootColour, lastUpdateColour } from './age-colours.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const MINUTE = 60_000;
const ago = (ms: number) => NOW - ms;

// Spec part 4: "Colour by age of last update: up to 5 min green, 5 to 7 amber, over 7 red."
describe('last update colour', () => {
  it.each([
    ['0:00', 0, 'green'],
    ['4:59', 5 * MINUTE - 1000, 'green'],
    ['exactly 5:00 ("up to 5 min")', 5 * MINUTE, 'green'],
    ['5:00.001', 5 * MINUTE + 1, 'yellow'],
    ['6:00', 6 * MINUTE, 'yellow'],
    ['exactly 7:00 (not "over 7")', 7 * MINUTE, 'yellow'],
    ['7:00.001', 7 * MINUTE + 1, 'red'],
    ['7:01', 7 * MINUTE + 1000, 'red'],
    ['a day', 24 * 60 * MINUTE, 'red'],
  ])('%s old → %s', (_name, age, colour) => {
    expect(lastUpdateColour(ago(age), NOW)).toBe(colour);
  });

  it.each([null, undefined, 'garbage'])('no last update (%s) → gray', (value) => {
    expect(lastUpdateColour(value, NOW)).toBe('gray');
  });
});

// Spec part 4: "Last boot colour: over 30 min green, 5 to 30 amber, 5 or less red."
describe('last boot colour', () => {
  it.each([
    ['just booted', 0, 'red'],
    ['4:59', 5 * MINUTE - 1000, 'red'],
    ['exactly 5:00 ("5 or less")', 5 * MINUTE, 'red'],
    ['5:00.001', 5 * MINUTE + 1, 'yellow'],
    ['5:01', 5 * MINUTE + 1000, 'yellow'],
    ['15:00', 15 * MINUTE, 'yellow'],
    ['exactly 30:00 (not "over 30")', 30 * MINUTE, 'yellow'],
    ['30:00.001', 30 * MINUTE + 1, 'green'],
    ['30:01', 30 * MINUTE + 1000, 'green'],
    ['a week', 7 * 24 * 60 * MINUTE, 'green'],
  ])('booted %s ago → %s', (_name, age, colour) => {
    expect(lastBootColour(ago(age), NOW)).toBe(colour);
  });

  it.each([null, undefined, ''])('no boot time (%s) → gray', (value) => {
    expect(lastBootColour(value, NOW)).toBe('gray');
  });

  it('accepts ISO text', () => {
    expect(lastBootColour(new Date(NOW - 2 * 60 * MINUTE).toISOString(), NOW)).toBe('green');
  });
});
