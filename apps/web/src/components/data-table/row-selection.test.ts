import { describe, expect, it } from 'vitest';
import { pageTickState, withTicked } from './row-selection.ts';

describe('withTicked', () => {
  it('ticks and unticks without changing the given set, keeping rows of other pages', () => {
    const selected = new Set(['a', 'other-page']);
    expect([...withTicked(selected, ['b', 'c'], true)].sort()).toEqual(['a', 'b', 'c', 'other-page']);
    expect([...withTicked(selected, ['a'], false)]).toEqual(['other-page']);
    expect([...selected]).toEqual(['a', 'other-page']);
  });
});

describe('pageTickState', () => {
  it('is all when every row of the page is ticked, some when part of it is', () => {
    expect(pageTickState(new Set(['a', 'b']), ['a', 'b'])).toEqual({ all: true, some: false });
    expect(pageTickState(new Set(['a']), ['a', 'b'])).toEqual({ all: false, some: true });
    expect(pageTickState(new Set(['x']), ['a', 'b'])).toEqual({ all: false, some: false });
  });

  it('an empty page is not all ticked', () => {
    expect(pageTickState(new Set(), [])).toEqual({ all: false, some: false });
  });
});
