import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

// Spec part 5: leading plus → 2 to 15 digits, first not zero; otherwise 10 to 15 digits → +1; else dropped.
describe('normalizePhone', () => {
  it.each([
    ['+14155550123', '+14155550123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+12', '+12'],
    ['+1', null],
    ['+123456789012345', '+123456789012345'],
    ['+1234567890123456', null],
    ['+0123456789', null],
    ['4155550123', '+14155550123'],
    ['(415) 555-0123', '+14155550123'],
    ['415.555.0123', '+14155550123'],
    ['415555012', null],
    ['123456789012345', '+1123456789012345'],
    ['1234567890123456', null],
    ['0155550123', '+10155550123'],
    ['415-CALL-NOW', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['++14155550123', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});
