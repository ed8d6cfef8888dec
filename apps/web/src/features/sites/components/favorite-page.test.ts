import type { SiteSummary } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { favoritePage } from './favorite-page.ts';

const site = (id: string, name: string, favorite: boolean, deviceCount = 1): SiteSummary => ({
  id,
  name,
  alias: null,
  backOfficeAccountId: null,
  accountHolders: [],
  address: { street: null, city: null, state: null, zip: null, country: 'US' },
  coordinates: null,
  status: 'online',
  deviceCount,
  favorite,
  lastVisited: null,
});

describe('Favorite Sites paging (from GET site)', () => {
  const sites = [
    site('1', 'b', true, 3),
    site('2', 'a', true, 1),
    site('3', 'c', false),
    site('4', 'C', true, 2),
  ];
  it('keeps favourites only, by name by default, and pages them', () => {
    expect(favoritePage(sites, { page: 0, pageSize: 2, sort: null })).toEqual({
      rows: [sites[1], sites[0]],
      total: 3,
    });
    expect(favoritePage(sites, { page: 1, pageSize: 2, sort: null }).rows).toEqual([sites[3]]);
  });
  it('sorts by the chosen column and direction', () => {
    const rows = favoritePage(sites, { page: 0, pageSize: 10, sort: { id: 'deviceCount', desc: true } }).rows;
    expect(rows.map((s) => s.id)).toEqual(['1', '4', '2']);
  });
});
