import { describe, expect, it } from 'vitest';
import { atPageEnd } from './dev-outbox.tsx';

// Issue 37: on a phone the dev outbox's button sat on a card's label at the top of every long page; it shows only
// where the page keeps its room clear (the end) or where nothing scrolls under it.
describe('atPageEnd', () => {
  it('holds for a page no taller than the window', () => {
    expect(atPageEnd(600, 844, 0)).toBe(true);
    expect(atPageEnd(844, 844, 0)).toBe(true);
  });

  it('does not hold at the top of a long page, nor part way down', () => {
    expect(atPageEnd(3000, 844, 0)).toBe(false);
    expect(atPageEnd(3000, 844, 1500)).toBe(false);
  });

  it('holds scrolled to the end, within a few pixels', () => {
    expect(atPageEnd(3000, 844, 2156)).toBe(true);
    expect(atPageEnd(3000, 844, 2150)).toBe(true);
    expect(atPageEnd(3000, 844, 2140)).toBe(false);
  });
});
