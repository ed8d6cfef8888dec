import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, patchParams, readList, readTableParams } from './table-params.ts';

const sorts = ['name', 'city'];
const read = (query: string) => readTableParams(new URLSearchParams(query), sorts);

describe('table state in the address bar', () => {
  it.each([
    ['', { page: 0, pageSize: 50, sort: null }],
    ['page=3&size=25&sort=city-desc', { page: 2, pageSize: 25, sort: { id: 'city', desc: true } }],
    ['page=1&size=200&sort=name-asc', { page: 0, pageSize: 200, sort: { id: 'name', desc: false } }],
    ['page=0', { page: 0, pageSize: 50, sort: null }],
    ['page=-2', { page: 0, pageSize: 50, sort: null }],
    ['page=1.5', { page: 0, pageSize: 50, sort: null }],
    ['page=abc', { page: 0, pageSize: 50, sort: null }],
    ['size=30', { page: 0, pageSize: 50, sort: null }],
    ['size=0', { page: 0, pageSize: 50, sort: null }],
    ['size=1000', { page: 0, pageSize: 50, sort: null }],
    ['sort=password-asc', { page: 0, pageSize: 50, sort: null }],
    ['sort=name-sideways', { page: 0, pageSize: 50, sort: null }],
  ])('%j → %j', (query, expected) => expect(read(query)).toEqual(expected));

  it('lists keep allowed values once, in order', () => {
    const params = new URLSearchParams('status=offline,bogus,online,offline');
    expect(readList(params, 'status', ['online', 'offline'])).toEqual(['offline', 'online']);
    expect(readList(new URLSearchParams('status='), 'status', ['online'])).toEqual([]);
  });

  it('patching drops empty values and defaults, and a filter change goes back to page 1', () => {
    const current = new URLSearchParams('page=4&size=25&status=offline');
    expect(patchParams(current, { status: ['online', 'onbackup'] }).toString()).toBe(
      'size=25&status=online%2Conbackup',
    );
    expect(patchParams(current, { status: [] }).toString()).toBe('size=25');
    expect(patchParams(current, { page: 5 }).toString()).toBe('page=5&size=25&status=offline');
    expect(patchParams(current, { page: 1, size: 50 }).toString()).toBe('status=offline');
    expect(patchParams(current, { q: null, sort: undefined }).toString()).toBe('size=25&status=offline');
  });

  it.each([
    [0, 50, 1234, { from: 1, to: 50 }],
    [24, 50, 1234, { from: 1201, to: 1234 }],
    [0, 50, 0, { from: 0, to: 0 }],
    [0, 10, 7, { from: 1, to: 7 }],
  ])('range of page %i × %i of %i → %j', (page, size, total, expected) =>
    expect(pageRange(page, size, total)).toEqual(expected),
  );

  it('page count is at least 1', () => {
    expect(pageCount(50, 0)).toBe(1);
    expect(pageCount(50, 1234)).toBe(25);
    expect(pageCount(50, 1250)).toBe(25);
  });
});
