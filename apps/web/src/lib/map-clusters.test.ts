import { mapClusterSizePx } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { MAP_STATUS_FILTERS } from './map-clusters.ts';

describe('map status filter', () => {
  it('offers exactly the spec choices, in order', () => {
    expect(MAP_STATUS_FILTERS).toEqual(['none', 'uninstalled', 'onbackup', 'online', 'offline', 'pending']);
  });
});

describe('cluster bubbles', () => {
  it.each([
    [1, 30],
    [2, 34],
    [10, 42],
    [100, 54],
    [100_000, 56],
  ])('a bubble of %i is %i px', (count, size) => {
    expect(mapClusterSizePx(count)).toBe(size);
  });
});
