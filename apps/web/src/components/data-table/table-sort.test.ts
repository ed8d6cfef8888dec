import { describe, expect, it } from 'vitest';
import { readSortOption, sortDirection, sortOptionValue } from './table-sort.ts';

describe('sortDirection', () => {
  it('names the direction of the sorted column only', () => {
    expect(sortDirection({ id: 'name', desc: false }, 'name')).toBe('ascending');
    expect(sortDirection({ id: 'name', desc: true }, 'name')).toBe('descending');
    expect(sortDirection({ id: 'name', desc: true }, 'city')).toBeUndefined();
    expect(sortDirection(null, 'name')).toBeUndefined();
  });
});

describe('card sort option', () => {
  it('round-trips a sort, the default order being the empty value', () => {
    expect(sortOptionValue({ id: 'lastSeen', desc: true })).toBe('lastSeen-desc');
    expect(sortOptionValue(null)).toBe('');
    expect(readSortOption('lastSeen-desc')).toEqual({ id: 'lastSeen', desc: true });
    expect(readSortOption('name-asc')).toEqual({ id: 'name', desc: false });
    expect(readSortOption('')).toBeNull();
  });

  it('splits at the last dash, so a field id with a dash survives', () => {
    expect(readSortOption('wan-ip-asc')).toEqual({ id: 'wan-ip', desc: false });
  });
});
