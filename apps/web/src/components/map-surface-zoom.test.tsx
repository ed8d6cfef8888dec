// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASEMAP_UNITS, MAX_LATITUDE } from '../lib/basemap.ts';
import { installDomStubs, renderRoutes } from '../test/render.tsx';
import {
  BASEMAP_MAX_ZOOM,
  BASEMAP_MIN_SPAN_DEG,
  basemapZoom,
  MapSurface,
  TILE_ERROR_LIMIT,
} from './map-surface.tsx';

// Issue 37 point 14: a site's Location card opened on the basemap showed a blank square of land (8° around the
// site at zoom 6 in a 386 px card, or zoom 12 once the tile server's tiles failed).

/** The map box's size as the browser would lay it out (jsdom lays out nothing). */
const box = { width: 386, height: 218 };
const sized = (get: (el: HTMLElement) => number) => ({
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('leaflet-container') ? get(this) : 0;
  },
});
const saved = {
  width: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  height: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
};
let tileUrl: string | null = null;
let map: L.Map | undefined;

function Capture() {
  map = useMap();
  return null;
}

beforeAll(() => {
  installDomStubs();
  Object.defineProperty(
    HTMLElement.prototype,
    'clientWidth',
    sized(() => box.width),
  );
  Object.defineProperty(
    HTMLElement.prototype,
    'clientHeight',
    sized(() => box.height),
  );
});
afterAll(() => {
  if (saved.width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', saved.width);
  if (saved.height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved.height);
});
beforeEach(() => {
  map = undefined;
  box.width = 386;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ tileUrl, tileAttribution: tileUrl ? 'Tiles' : null }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tileUrl = null;
});

const ALBUQUERQUE: [number, number] = [35.08, -106.65];
const openAt = (zoom: number) =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <MapSurface center={ALBUQUERQUE} zoom={zoom} height={218} label="Location">
            <Capture />
          </MapSurface>
        ),
      },
    ],
    '/',
  );

/** A map opened at `zoom` on a tile server's tiles, once Leaflet has made it. */
async function openOnTiles(zoom: number): Promise<L.Map> {
  tileUrl = 'https://tiles.example/{z}/{x}/{y}.png';
  openAt(zoom);
  await waitFor(() => expect(map).toBeDefined());
  return map as L.Map;
}

/** The map's first layer of a kind (its tiles, the basemap's overlay). */
function layerOf<T extends L.Layer>(m: L.Map, kind: abstract new (...args: never[]) => T): T | undefined {
  let found: T | undefined;
  m.eachLayer((layer) => {
    if (!found && layer instanceof kind) found = layer;
  });
  return found;
}

/** The tile server's layer losing TILE_ERROR_LIMIT tiles, after which the map falls back to the basemap. */
function failTiles(m: L.Map): void {
  const tiles = layerOf(m, L.TileLayer);
  expect(tiles).toBeDefined();
  act(() => {
    for (let i = 0; i < TILE_ERROR_LIMIT; i++) tiles?.fire('tileerror');
  });
}

/** How many degrees of longitude the map shows across its width. */
const span = (m: L.Map) => m.getBounds().getEast() - m.getBounds().getWest();

describe('a map opened close on a point, on the basemap', () => {
  it(`shows at least ${BASEMAP_MIN_SPAN_DEG}° around the point in a site card's width, centred on it`, async () => {
    openAt(12);
    await waitFor(() => expect(map?.getZoom()).toBe(basemapZoom(386)));
    const m = map as L.Map;
    expect(m.getZoom()).toBe(4);
    expect(span(m)).toBeGreaterThanOrEqual(BASEMAP_MIN_SPAN_DEG);
    expect(m.getCenter().lat).toBeCloseTo(ALBUQUERQUE[0], 1);
    expect(m.getCenter().lng).toBeCloseTo(ALBUQUERQUE[1], 1);
  });

  it('on a box that had no size when the map opened, zooms out once it gets one', async () => {
    box.width = 0;
    openAt(12);
    await waitFor(() => expect(map).toBeDefined());
    const m = map as L.Map;
    expect(m.getZoom()).toBe(12);
    box.width = 1100;
    act(() => {
      m.invalidateSize();
    });
    expect(m.getZoom()).toBe(basemapZoom(1100));
    expect(span(m)).toBeGreaterThanOrEqual(BASEMAP_MIN_SPAN_DEG);
  });

  it('keeps a zoom already farther out than that', async () => {
    openAt(3);
    await waitFor(() => expect(map).toBeDefined());
    expect(map?.getZoom()).toBe(3);
  });
});

describe('a map on a tile server whose tiles fail', () => {
  it('opens at the asked zoom on the tiles, and zooms out when it falls back to the basemap', async () => {
    const m = await openOnTiles(12);
    expect(m.getZoom()).toBe(12);
    failTiles(m);
    await waitFor(() => expect(m.getZoom()).toBe(basemapZoom(386)));
    expect(span(m)).toBeGreaterThanOrEqual(BASEMAP_MIN_SPAN_DEG);
  });
});

describe('the basemap on the map', () => {
  it("is one SVG over the world's square, its land and its borders, below the markers", async () => {
    const { land, borders } = await import('../lib/basemap-paths.ts');
    openAt(4);
    await waitFor(() => expect(map && layerOf(map, L.SVGOverlay)).toBeDefined(), { timeout: 5_000 });
    const m = map as L.Map;
    const overlay = layerOf(m, L.SVGOverlay) as L.SVGOverlay;
    expect(overlay.getBounds().getSouthWest()).toEqual(L.latLng(-MAX_LATITUDE, -180));
    expect(overlay.getBounds().getNorthEast()).toEqual(L.latLng(MAX_LATITUDE, 180));
    const svg = overlay.getElement() as SVGSVGElement;
    expect(svg.closest('.leaflet-basemap-pane')).not.toBeNull();
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${BASEMAP_UNITS} ${BASEMAP_UNITS}`);
    expect([...svg.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual([land, borders]);
    // Between the tiles (200) and the shapes and markers (400 and up).
    expect(m.getPane('basemap')?.style.zIndex).toBe('250');
    expect(m.getContainer().querySelector('.leaflet-control-attribution')?.textContent).toContain(
      'Natural Earth',
    );
  });

  it(`zooms no closer than ${BASEMAP_MAX_ZOOM}; a tile server's layer keeps its own limit until it falls back`, async () => {
    openAt(4);
    await waitFor(() => expect(map?.getMaxZoom()).toBe(BASEMAP_MAX_ZOOM));
    cleanup();
    map = undefined;
    const m = await openOnTiles(12);
    expect(m.getMaxZoom()).toBe(18);
    failTiles(m);
    await waitFor(() => expect(m.getMaxZoom()).toBe(BASEMAP_MAX_ZOOM));
  });
});
