// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MapPoint } from '../lib/map-clusters.ts';
import { installDomStubs, renderRoutes } from '../test/render.tsx';
import { MapSitePopup } from './map-site-popup.tsx';

const SITE = '33333333-3333-4333-8333-333333333333';
const point = (more: Partial<MapPoint> = {}): MapPoint => ({
  id: SITE,
  lat: 30,
  lng: -97,
  color: 'red',
  label: 'Store 12',
  status: 'offline',
  ...more,
});
const show = (p: MapPoint) => renderRoutes([{ path: '*', element: <MapSitePopup point={p} /> }], '/');

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('MapSitePopup', () => {
  it('names the site, its status, and links to its overview; no alerts: no alert lines', async () => {
    show(point());
    expect(await screen.findByText('Store 12')).toBeTruthy();
    expect(screen.getByTestId('map-popup-link').getAttribute('href')).toBe(`/sites/${SITE}`);
    expect(screen.queryByTestId('map-popup-alerts')).toBeNull();
  });

  it("with active alerts: the worst one's severity and how many, linked to the site's alerts; maintenance", async () => {
    show(point({ severity: 'major', alertCount: 3, maintenance: true }));
    const count = await screen.findByRole('link', { name: '3 active alerts' });
    expect(count.getAttribute('href')).toBe(`/alerts?site=${SITE}`);
    expect(screen.getByText('In maintenance')).toBeTruthy();
  });

  it('in maintenance without alerts: only the maintenance mark', async () => {
    show(point({ severity: null, maintenance: true }));
    expect(await screen.findByText('In maintenance')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /active alert/ })).toBeNull();
  });
});
