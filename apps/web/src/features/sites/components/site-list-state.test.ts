import { describe, expect, it } from 'vitest';
import { readAdvancedSearch, searchValue } from './advanced-search-state.ts';
import { readSiteListState, readSiteView, siteSearchRequest } from './site-list-state.ts';

const state = (query: string) => readSiteListState(new URLSearchParams(query));
const GROUP = '0b6f2a34-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('site list state from the address bar', () => {
  it.each([
    ['', 'all'],
    ['view=problem', 'problem'],
    ['view=favorites', 'favorites'],
    ['view=recent', 'recent'],
    ['view=all', 'all'],
    ['view=admin', 'all'],
  ])('view %j → %s', (query, view) => expect(readSiteView(new URLSearchParams(query))).toBe(view));

  it('reads filters, dropping unknown statuses and kinds and malformed group ids', () => {
    expect(
      state(`status=offline,exploded,onbackup&kind=5g,toaster&group=${GROUP},nope&q=%20main%20st%20`),
    ).toMatchObject({
      view: 'all',
      status: ['offline', 'onbackup'],
      kind: ['5g'],
      group: [GROUP],
      q: 'main st',
    });
  });

  it('the request sends the server page (zero-based) and sort', () => {
    expect(siteSearchRequest(state('page=2&size=25&sort=deviceCount-desc&status=online'))).toEqual({
      page: 1,
      pageSize: 25,
      sorting: 'deviceCount-desc',
      status: ['online'],
      kind: [],
      groupId: [],
      q: undefined,
    });
  });

  it('Problem Sites asks for offline, on backup and rebooting, and keeps only those statuses', () => {
    expect(siteSearchRequest(state('view=problem')).status).toEqual(['offline', 'onbackup', 'rebooting']);
    expect(siteSearchRequest(state('view=problem&status=online,offline')).status).toEqual(['offline']);
  });

  it('Recently Viewed sorts only by lastVisited', () => {
    expect(state('view=recent&sort=name-asc').table.sort).toBeNull();
    expect(state('view=recent&sort=lastVisited-asc').table.sort).toEqual({ id: 'lastVisited', desc: false });
  });
});

describe('Advanced Search fields', () => {
  it('defaults to the name field; unknown fields fall back', () => {
    expect(readAdvancedSearch(new URLSearchParams('field=mac&q=x')).field).toBe('mac');
    expect(readAdvancedSearch(new URLSearchParams('field=password')).field).toBe('name');
  });

  it.each([
    ['name', '  Main St ', { value: 'Main St' }],
    ['name', '   ', { error: 'required' }],
    ['mac', 'AA-BB-CC-DD-EE-FF', { value: 'aa:bb:cc:dd:ee:ff' }],
    ['mac', 'aabbccddeeff', { value: 'aa:bb:cc:dd:ee:ff' }],
    ['mac', 'aa:bb:cc', { error: 'macInvalid' }],
    ['mac', 'zz:bb:cc:dd:ee:ff', { error: 'macInvalid' }],
    ['account', 'ACC-1001', { value: 'ACC-1001' }],
    ['account', 'acc 1001', { error: 'accountInvalid' }],
  ] as const)('%s %j → %j', (field, raw, expected) => expect(searchValue(field, raw)).toEqual(expected));
});
