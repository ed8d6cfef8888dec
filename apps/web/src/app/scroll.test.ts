import { describe, expect, it } from 'vitest';
import { HASH_SCROLL_OFFSET_PX, hashScrollTop } from './scroll.ts';

// Spec part 2: "to the hash with an 80 px offset".
describe('hashScrollTop', () => {
  it('uses an 80 px offset', () => expect(HASH_SCROLL_OFFSET_PX).toBe(80));
  it.each([
    [500, 0, 420],
    [500, 1000, 1420],
    [-200, 1000, 720],
    [40, 0, 0],
  ])('element at %i px in the viewport, scrolled %i → %i', (top, scrollY, expected) => {
    expect(hashScrollTop(top, scrollY)).toBe(expected);
  });
});
