// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { MapSitesQuerySchema } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapScopeKey, toViewport, useMapView } from './map-view.ts';

describe('toViewport: a Leaflet view as GET map/sites takes it', () => {
  it.each([
    [
      'the contiguous US',
      { west: -125.3, south: 24.1, east: -66.9, north: 49.4, zoom: 4 },
      { west: -125.3, south: 24.1, east: -66.9, north: 49.4, zoom: 4 },
    ],
    [
      'panned one world east (worldCopyJump)',
      { west: 234.7, south: 24, east: 293.1, north: 49, zoom: 4 },
      { west: -125.3, south: 24, east: -66.9, north: 49, zoom: 4 },
    ],
    [
      'across the antimeridian',
      { west: 170, south: 0, east: 210, north: 40, zoom: 5 },
      { west: 170, south: 0, east: -150, north: 40, zoom: 5 },
    ],
    [
      'wider than the world',
      { west: -400, south: -95, east: 400, north: 95, zoom: 0.6 },
      { west: -180, south: -90, east: 180, north: 90, zoom: 1 },
    ],
    [
      'beyond the deepest zoom',
      { west: -97.7432101, south: 30.26, east: -97.74, north: 30.27, zoom: 23 },
      { west: -97.7432, south: 30.26, east: -97.74, north: 30.27, zoom: 20 },
    ],
  ])('%s', (_, bounds, expected) => {
    const viewport = toViewport(bounds);
    expect(viewport).toEqual(expected);
    expect(MapSitesQuerySchema.safeParse(viewport).success).toBe(true);
  });
});

describe('mapScopeKey', () => {
  it('changes with the status or the groups, not with the order of building them', () => {
    expect(mapScopeKey({})).toBe(mapScopeKey({ groupIds: [] }));
    expect(mapScopeKey({ status: 'offline' })).not.toBe(mapScopeKey({}));
    expect(mapScopeKey({ groupIds: ['g1'] })).not.toBe(mapScopeKey({ groupIds: ['g2'] }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useMapView', () => {
  it("asks for a view's sites as it is told the view, before React renders it", () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL) => {
        asked.push(`${url.pathname}${url.search}`);
        return new Promise<Response>(() => undefined);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMapView({ status: 'offline' }), { wrapper });
    // A map told its first view in an effect draws its basemap before React renders again: the sites' request
    // must already be out by then.
    result.current.setViewport({ west: -125.3, south: 24.1, east: -66.9, north: 49.4, zoom: 4 });
    expect(asked.filter((a) => a.startsWith('/api/map/sites'))).toEqual([
      '/api/map/sites?west=-125.3&east=-66.9&south=24.1&north=49.4&zoom=4&status=offline',
    ]);
  });
});
