import { describe, expect, it } from 'vitest';
import { keepVisited, RECENT_SITES_DEFAULTS, recentSitesQuery } from './recent-sites-query.ts';

describe('recently-viewed request (spec part 5)', () => {
  it('defaults: "page 0", "page size 50", "lastVisited-desc"', () => {
    expect(RECENT_SITES_DEFAULTS).toEqual({ page: 0, pageSize: 50, sorting: 'lastVisited-desc' });
    expect(recentSitesQuery()).toEqual({ page: 0, pageSize: 50, sorting: 'lastVisited-desc' });
    expect(recentSitesQuery({})).toEqual({ page: 0, pageSize: 50, sorting: 'lastVisited-desc' });
  });

  // "page non-negative number (default 0)"
  it.each([
    [0, 0],
    [1, 1],
    [7, 7],
    ['3', 3],
    [-1, 0],
    ['-1', 0],
    [1.5, 0],
    ['1.5', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
  ])('page %s → %s', (page, expected) => {
    expect(recentSitesQuery({ page }).page).toBe(expected);
  });

  // "pageSize positive number (default 50)"
  it.each([
    [1, 1],
    [10, 10],
    [50, 50],
    [200, 200],
    ['25', 25],
    [0, 50],
    ['0', 50],
    [-5, 50],
    [2.5, 50],
    [Number.NaN, 50],
    ['many', 50],
    [null, 50],
    [undefined, 50],
  ])('pageSize %s → %s', (pageSize, expected) => {
    expect(recentSitesQuery({ pageSize }).pageSize).toBe(expected);
  });

  // "sorting text containing lastVisited (default lastVisited-desc)"
  it.each([
    ['lastVisited-desc', 'lastVisited-desc'],
    ['lastVisited-asc', 'lastVisited-asc'],
    ['lastVisited', 'lastVisited'],
    [' lastVisited-asc ', 'lastVisited-asc'],
    ['name-asc', 'lastVisited-desc'],
    ['lastvisited-asc', 'lastVisited-desc'],
    ['', 'lastVisited-desc'],
    [42, 'lastVisited-desc'],
    [null, 'lastVisited-desc'],
    [undefined, 'lastVisited-desc'],
  ])('sorting %s → %s', (sorting, expected) => {
    expect(recentSitesQuery({ sorting }).sorting).toBe(expected);
  });

  it('"invalid values fall back to defaults", each on its own', () => {
    expect(recentSitesQuery({ page: -2, pageSize: 20, sorting: 'lastVisited-asc' })).toEqual({
      page: 0,
      pageSize: 20,
      sorting: 'lastVisited-asc',
    });
    expect(recentSitesQuery({ page: 2, pageSize: 0, sorting: 'name' })).toEqual({
      page: 2,
      pageSize: 50,
      sorting: 'lastVisited-desc',
    });
  });
});

describe('keepVisited: "Results keep only entries with a non-null last-visited time."', () => {
  it('keeps visited entries, in order', () => {
    const list = [
      { id: 1, usa: { lastVisited: '2025-06-01T10:00:00Z' } },
      { id: 2, usa: { lastVisited: null } },
      { id: 3, usa: null },
      { id: 4 },
      { id: 5, usa: {} },
      { id: 6, usa: { lastVisited: 1_748_772_000_000 } },
      { id: 7, usa: { lastVisited: 0 } },
    ];
    expect(keepVisited(list).map((entry) => entry.id)).toEqual([1, 6, 7]);
  });

  it.each([
    [[], []],
    [null, []],
    [undefined, []],
  ])('%s → []', (list, expected) => {
    expect(keepVisited(list)).toEqual(expected);
  });
});
