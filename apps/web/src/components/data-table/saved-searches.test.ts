// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readJson, StorageKeys, writeJson } from '../../lib/storage.ts';
import {
  deleteSavedSearch,
  listSavedSearches,
  SAVED_SEARCH_NAME_MAX,
  saveSearch,
  validateSavedSearchName,
  valueToSearch,
} from './saved-searches.ts';

beforeEach(() => window.localStorage.clear());

describe('saved search name (spec part 5: "required and not blank (\'You need to type a name\'); max 75 characters")', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['\t\n', 'required'],
    ['a', null],
    ['Offline sites', null],
    ['x'.repeat(74), null],
    ['x'.repeat(75), null],
    ['x'.repeat(76), 'tooLong'],
    [`  ${'x'.repeat(75)}  `, null],
  ])('%j → %s', (name, expected) => {
    expect(validateSavedSearchName(name)).toBe(expected);
  });

  it('the maximum is 75', () => expect(SAVED_SEARCH_NAME_MAX).toBe(75));

  it('an invalid name is never stored', () => {
    expect(() => saveSearch('/sites', ' ', new URLSearchParams('status=offline'))).toThrow();
    expect(readJson(StorageKeys.filters)).toBeNull();
  });
});

describe('saved searches under vnoc-filters (spec part 3: "a saved filter entry has key, route, value list")', () => {
  it('stores {key, route, value} entries, without the page, under the spec key', () => {
    saveSearch('/sites', '  Offline  ', new URLSearchParams('status=offline&page=3&sort=name-desc'));
    expect(StorageKeys.filters).toBe('vnoc-filters');
    expect(JSON.parse(window.localStorage.getItem('vnoc-filters') ?? 'null')).toEqual([
      { key: 'Offline', route: '/sites', value: ['status=offline', 'sort=name-desc'] },
    ]);
  });

  it('keeps entries per route; the same name on another route is another entry', () => {
    saveSearch('/sites', 'Mine', new URLSearchParams('status=offline'));
    saveSearch('/devices', 'Mine', new URLSearchParams('kind=switch'));
    saveSearch('/sites', 'Backup', new URLSearchParams('status=onbackup'));
    expect(listSavedSearches('/sites').map((e) => e.key)).toEqual(['Mine', 'Backup']);
    expect(listSavedSearches('/devices')).toEqual([
      { key: 'Mine', route: '/devices', value: ['kind=switch'] },
    ]);
    expect(listSavedSearches('/alerts')).toEqual([]);
  });

  it('saving a name again on the same route replaces it', () => {
    saveSearch('/sites', 'Mine', new URLSearchParams('status=offline'));
    saveSearch('/sites', 'Mine', new URLSearchParams('status=online'));
    expect(listSavedSearches('/sites')).toEqual([{ key: 'Mine', route: '/sites', value: ['status=online'] }]);
  });

  it('applying gives back the saved search params, list values and text included', () => {
    const entry = saveSearch(
      '/sites',
      'Mix',
      new URLSearchParams({ status: 'offline,onbackup', q: 'a=b & c' }),
    );
    const applied = valueToSearch(entry.value);
    expect(applied.get('status')).toBe('offline,onbackup');
    expect(applied.get('q')).toBe('a=b & c');
  });

  it("deleting removes only that route's entry", () => {
    saveSearch('/sites', 'Mine', new URLSearchParams('status=offline'));
    saveSearch('/devices', 'Mine', new URLSearchParams('kind=switch'));
    deleteSavedSearch('/sites', 'Mine');
    expect(listSavedSearches('/sites')).toEqual([]);
    expect(listSavedSearches('/devices')).toHaveLength(1);
  });

  it('ignores malformed stored data instead of failing', () => {
    writeJson(StorageKeys.filters, [{ key: 1 }, 'x', { key: 'ok', route: '/sites', value: ['q=a'] }]);
    expect(listSavedSearches('/sites')).toEqual([{ key: 'ok', route: '/sites', value: ['q=a'] }]);
    window.localStorage.setItem('vnoc-filters', '{not json');
    expect(listSavedSearches('/sites')).toEqual([]);
  });
});
