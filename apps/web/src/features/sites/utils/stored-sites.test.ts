// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readLastViewedSite, writeLastViewedSite } from './stored-sites.ts';

afterEach(() => window.localStorage.clear());

describe('the sites storage item', () => {
  it('keeps the site last opened under the spec key `sites`, and reads it back', () => {
    expect(readLastViewedSite()).toBeNull();
    writeLastViewedSite({ id: 's-1', name: 'Acme Austin' }, new Date('2026-03-02T15:00:00Z'));
    expect(JSON.parse(window.localStorage.getItem('sites') ?? 'null')).toEqual({
      lastViewed: { id: 's-1', name: 'Acme Austin', lastVisited: '2026-03-02T15:00:00.000Z' },
    });
    expect(readLastViewedSite()).toEqual({
      id: 's-1',
      name: 'Acme Austin',
      lastVisited: '2026-03-02T15:00:00.000Z',
    });
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem('sites', '{"lastViewed":{"id":7}}');
    expect(readLastViewedSite()).toBeNull();
    window.localStorage.setItem('sites', 'not json');
    expect(readLastViewedSite()).toBeNull();
  });
});
