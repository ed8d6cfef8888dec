import {
  type MapSites,
  MapSitesSchema,
  type MapSummary,
  MapSummarySchema,
  mapClusterSizePx,
} from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { apart } from '../src/modules/map/service.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  type SiteRow,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { bearer, useTestApp } from './helpers.ts';

const t = useTestApp();

/*
 * Organization A: five sites around Austin (one offline, with a critical alert; one with a major alert), two in
 * Denver, one in Honolulu, one without coordinates; a group holding the Denver sites and a USER restricted to it.
 * Organization B: one site in Austin.
 */
let admin: TestUser;
let restricted: TestUser;
let outsider: TestUser;
let austin: SiteRow[];
let denver: SiteRow[];
let honolulu: SiteRow;
let group: { id: string };
let otherGroup: { id: string };

const US = { west: -180, south: 0, east: -60, north: 72 };

async function view(user: TestUser, query: Record<string, string | number>, call = 'sites') {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.app.inject({
    method: 'GET',
    url: `/api/map/${call}?${qs}`,
    headers: bearer(await tokenFor(t.db, user, 'full')),
  });
}
async function ok(user: TestUser, query: Record<string, string | number>): Promise<MapSites> {
  const response = await view(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return MapSitesSchema.parse(response.json());
}
async function summary(user: TestUser, query: Record<string, string> = {}): Promise<MapSummary> {
  const response = await view(user, query, 'summary');
  expect(response.statusCode, response.body).toBe(200);
  return MapSummarySchema.parse(response.json());
}
const total = (v: MapSites) => v.sites.length + v.clusters.reduce((n, c) => n + c.count, 0);

beforeAll(async () => {
  const org = await createOrganization(t.db);
  const orgB = await createOrganization(t.db);
  admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  restricted = await createUser(t.db, org, { role: 'USER' });
  outsider = await createUser(t.db, orgB, { role: 'ADMINISTRATOR' });
  austin = [];
  for (let i = 0; i < 5; i++) {
    const site = await createSite(t.db, org, {
      name: `Austin ${i}`,
      latitude: 30.2 + i * 0.01,
      longitude: -97.7 - i * 0.01,
    });
    await createDevice(t.db, site, { status: i === 0 ? 'offline' : 'online' });
    austin.push(site);
  }
  denver = [];
  for (let i = 0; i < 2; i++) {
    const site = await createSite(t.db, org, {
      name: `Denver ${i}`,
      latitude: 39.7 + i * 0.01,
      longitude: -104.9,
    });
    await createDevice(t.db, site, { status: 'onbackup' });
    denver.push(site);
  }
  honolulu = await createSite(t.db, org, { name: 'Honolulu', latitude: 21.3, longitude: -157.8 });
  await createDevice(t.db, honolulu);
  const nowhere = await createSite(t.db, org, { name: 'Nowhere', latitude: null, longitude: null });
  await createDevice(t.db, nowhere);
  const b = await createSite(t.db, orgB, { name: 'B Austin', latitude: 30.2, longitude: -97.7 });
  await createDevice(t.db, b, { status: 'offline' });
  group = await createGroup(
    t.db,
    org,
    denver.map((s) => s.id),
    [restricted.id],
  );
  otherGroup = await createGroup(t.db, orgB, [b.id]);
  const [offline, , withMajor] = austin;
  for (const [site, severity] of [
    [offline, 'critical'],
    [withMajor, 'major'],
  ] as const) {
    await t.pool.query(
      `insert into alerts (organization_id, site_id, code, severity, raised_at, last_seen_at)
       values ($1, $2, 'site_offline', $3, now(), now())`,
      [org.id, site?.id, severity],
    );
  }
});

describe('GET /api/map/summary (issue 12 part 3)', () => {
  it('counts the located, matching and unlocated sites, and bounds the matching ones', async () => {
    expect(await summary(admin)).toEqual({
      located: 8,
      matching: 8,
      withoutLocation: 1,
      bounds: { south: 21.3, west: -157.8, north: 39.71, east: -97.7 },
    });
    expect(await summary(admin, { status: 'offline' })).toEqual({
      located: 8,
      matching: 1,
      withoutLocation: 0,
      bounds: { south: 30.2, west: -97.7, north: 30.2, east: -97.7 },
    });
    expect(await summary(admin, { groupId: group.id })).toMatchObject({ located: 2, matching: 2 });
    expect(await summary(admin, { status: 'pending' })).toMatchObject({ matching: 0, bounds: null });
  });

  it("keeps to the caller's scope: a restricted USER's groups, another organization's own sites", async () => {
    // The administrators' answers come from the organization's kept counts, the restricted user's from a count.
    expect(await summary(restricted)).toMatchObject({ located: 2, matching: 2, withoutLocation: 0 });
    expect(await summary(outsider)).toEqual({
      located: 1,
      matching: 1,
      withoutLocation: 0,
      bounds: { south: 30.2, west: -97.7, north: 30.2, east: -97.7 },
    });
  });
});

describe('GET /api/map/sites (issue 12 part 3)', () => {
  it('clusters nearby sites at a country-wide zoom, with worst status and worst active alert', async () => {
    const v = await ok(admin, { ...US, zoom: 4 });
    const a = v.clusters.find((c) => c.count === 5);
    expect(a).toMatchObject({ status: 'offline', severity: 'critical' });
    expect(a?.bounds).toEqual({
      south: 30.2,
      west: austin[4]?.longitude,
      north: austin[4]?.latitude,
      east: -97.7,
    });
    expect(a?.lat).toBeCloseTo(30.22, 6);
    const d = v.clusters.find((c) => c.count === 2);
    expect(d).toMatchObject({ status: 'onbackup', severity: null });
    expect(v.sites).toEqual([
      { id: honolulu.id, name: 'Honolulu', lat: 21.3, lng: -157.8, status: 'online' },
    ]);
    expect(total(v)).toBe(8);
  });

  it('never draws two cluster bubbles over each other, at any zoom', async () => {
    for (let zoom = 4; zoom < 15; zoom++) {
      const v = await ok(admin, { west: -98, south: 30, east: -97, north: 31, zoom });
      expect(total(v)).toBe(5);
      const world = 256 * 2 ** zoom;
      const px = (c: { lat: number; lng: number }) => ({
        x: ((c.lng + 180) / 360) * world,
        y:
          ((1 -
            Math.log(Math.tan((c.lat * Math.PI) / 180) + 1 / Math.cos((c.lat * Math.PI) / 180)) / Math.PI) /
            2) *
          world,
      });
      for (const [i, a] of v.clusters.entries())
        for (const b of v.clusters.slice(i + 1)) {
          const reach = (mapClusterSizePx(a.count) + mapClusterSizePx(b.count)) / 2;
          const [pa, pb] = [px(a), px(b)];
          expect(
            Math.abs(pa.x - pb.x) >= reach || Math.abs(pa.y - pb.y) >= reach,
            `zoom ${zoom}: ${JSON.stringify([a, b])}`,
          ).toBe(true);
        }
    }
  });

  it("sites on both sides of a cell's edge make one bubble, not two drawn over each other", async () => {
    // At zoom 10 the world is 4 096 cells of 64 px: one edge runs along longitude −180 + 936 × 360 / 4 096.
    const org = await createOrganization(t.db);
    const owner = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const edge = -180 + (936 * 360) / 4096;
    for (const [i, lng] of [edge - 0.002, edge - 0.001, edge + 0.001, edge + 0.002].entries()) {
      const site = await createSite(t.db, org, { name: `Edge ${i}`, latitude: 30.2005, longitude: lng });
      await createDevice(t.db, site, { status: i === 3 ? 'offline' : 'online' });
    }
    const v = await ok(owner, { west: -98, south: 30, east: -97, north: 31, zoom: 10 });
    expect(v.clusters).toHaveLength(1);
    expect(v.clusters[0]).toMatchObject({ count: 4, status: 'offline' });
    expect(v.clusters[0]?.bounds).toMatchObject({ west: edge - 0.002, east: edge + 0.002 });
    expect(v.sites).toEqual([]);
  });

  it('splits clusters as the zoom grows, and from zoom 15 shows every site alone', async () => {
    const counts = [];
    for (const zoom of [4, 10, 12, 15]) {
      const v = await ok(admin, { west: -98, south: 30, east: -97, north: 31, zoom });
      expect(total(v)).toBe(5);
      counts.push(v.sites.length + v.clusters.length);
    }
    expect(counts[0]).toBe(1);
    expect(counts.at(-1)).toBe(5);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1] ?? 0);
  });

  it('holds only what the view holds', async () => {
    const v = await ok(admin, { west: -106, south: 39, east: -104, north: 40, zoom: 15 });
    expect(v.sites.map((s) => s.name).sort()).toEqual(['Denver 0', 'Denver 1']);
    expect(v.clusters).toEqual([]);
    // Across the antimeridian: from 170° E to 150° W holds Honolulu (157.8° W).
    const wrapped = await ok(admin, { west: 170, south: 0, east: -150, north: 40, zoom: 6 });
    expect(wrapped.sites.map((s) => s.name)).toEqual(['Honolulu']);
  });

  it('filters by status and by site group', async () => {
    const offline = await ok(admin, { ...US, zoom: 4, status: 'offline' });
    expect(offline.sites.map((s) => s.name)).toEqual(['Austin 0']);
    expect(offline.clusters).toEqual([]);
    const grouped = await ok(admin, { ...US, zoom: 15, groupId: group.id });
    expect(grouped.sites.map((s) => s.name).sort()).toEqual(['Denver 0', 'Denver 1']);
    const none = await ok(admin, { ...US, zoom: 4, status: 'pending' });
    expect(none).toEqual({ clusters: [], sites: [] });
  });

  it("keeps to the caller's scope: a restricted USER sees their groups' sites, another organization none of A's", async () => {
    const mine = await ok(restricted, { ...US, zoom: 15 });
    expect(mine.sites.map((s) => s.name).sort()).toEqual(['Denver 0', 'Denver 1']);
    expect(await summary(restricted)).toMatchObject({ located: 2, withoutLocation: 0 });
    const theirs = await ok(outsider, { ...US, zoom: 15 });
    expect(theirs.sites.map((s) => s.name)).toEqual(['B Austin']);
    // Another organization's group names none of its sites to A.
    const foreign = await ok(admin, { ...US, zoom: 15, groupId: otherGroup.id });
    expect(foreign).toEqual({ sites: [], clusters: [] });
    expect(await summary(admin, { groupId: otherGroup.id })).toEqual({
      located: 0,
      matching: 0,
      withoutLocation: 0,
      bounds: null,
    });
    expect(await summary(outsider)).toMatchObject({ located: 1, withoutLocation: 0 });
    // A's alerts never colour B's view: B's lone site stands alone, and A's cluster severity is A's.
    expect(JSON.stringify(theirs)).not.toContain(austin[0]?.id ?? 'x');
  });

  it("a view is shared by those who see the whole organization until an alert event; a restricted caller's is read at each call", async () => {
    const denverView = { west: -106, south: 39, east: -104, north: 40, zoom: 14 };
    const statusOf = async (user: TestUser) =>
      (await ok(user, denverView)).sites.find((s) => s.id === denver[0]?.id)?.status;
    expect(await statusOf(admin)).toBe('onbackup');
    const setStatus = (status: string) =>
      t.pool.query('update sites set status = $2 where id = $1', [denver[0]?.id, status]);
    await setStatus('offline');
    try {
      expect(await statusOf(admin)).toBe('onbackup');
      expect(await statusOf(restricted)).toBe('offline');
      // An alert of the organization changes (a note, published as alert.updated): the view is computed again.
      const { rows } = await t.pool.query<{ id: string }>('select id from alerts where site_id = $1', [
        austin[0]?.id,
      ]);
      const note = await t.app.inject({
        method: 'POST',
        url: `/api/alert/${rows[0]?.id}/notes`,
        payload: { text: 'Seen.' },
        headers: bearer(await tokenFor(t.db, admin, 'full')),
      });
      expect(note.statusCode, note.body).toBe(200);
      expect(await statusOf(admin)).toBe('offline');
    } finally {
      await setStatus('onbackup');
    }
  });

  it('sites at one place stand apart at the deepest zoom, each with its own status', async () => {
    const v = await ok(admin, { west: -97.71, south: 30.19, east: -97.69, north: 30.21, zoom: 18 });
    expect(v.sites).toEqual([
      { id: austin[0]?.id, name: 'Austin 0', lat: 30.2, lng: -97.7, status: 'offline' },
    ]);
  });

  it.each([
    [{ ...US, zoom: 21 }, 'Enter the zoom as a whole number from 0 to 20.'],
    [{ ...US, zoom: 3.5 }, 'Enter the zoom as a whole number from 0 to 20.'],
    [{ ...US, west: -181, zoom: 4 }, 'The west edge is a longitude from -180 to 180.'],
    [{ ...US, north: 91, zoom: 4 }, 'The north edge is a latitude from -90 to 90.'],
    [{ ...US, south: 50, north: 10, zoom: 4 }, 'The south edge must not be north of the north edge.'],
    [{ ...US, east: 'x', zoom: 4 }, 'Enter the east edge as a longitude.'],
    [{ ...US, zoom: 4, status: 'broken' }, ''],
    [{ ...US, zoom: 4, groupId: 'not-a-uuid' }, 'Enter a valid group id.'],
  ])('refuses a bad view %j with 400', async (query, message) => {
    const response = await view(admin, query);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.body).toContain(message);
  });

  it.each([
    ['status', { status: 'broken' }],
    ['group', { groupId: 'not-a-uuid' }],
  ])('GET /api/map/summary refuses a bad %s with 400', async (_, query) => {
    expect((await view(admin, query, 'summary')).statusCode).toBe(400);
  });

  it('needs a signed-in person', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/map/summary' })).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/map/sites?west=-1&south=-1&east=1&north=1&zoom=3',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('clusters kept apart (apart)', () => {
  // At the equator and zoom 10 a degree of longitude is 728 px.
  const cell = (lng: number, n: number, status_rank: number, severity_rank: number | null) => ({
    n,
    lat: 0,
    lng,
    south: -0.001,
    west: lng - 0.001,
    north: 0.001,
    east: lng + 0.001,
    status_rank,
    severity_rank,
  });

  it.each([
    [
      '20 px apart: one bubble, counts added, worst status and alert, joined extent',
      [cell(0, 3, 7, null), cell(20 / 728, 2, 0, 1)],
      [5],
    ],
    ['100 px apart: two bubbles', [cell(0, 3, 7, null), cell(100 / 728, 2, 0, 1)], [3, 2]],
    [
      'a row 20 px apart: merged one into the next until none overlaps',
      [cell(0, 2, 7, null), cell(20 / 728, 2, 7, 3), cell(40 / 728, 2, 7, 2)],
      [6],
    ],
    [
      'a row 25 px apart: the first two merged, the third then clear of the bubble they make',
      [cell(0, 2, 7, null), cell(25 / 728, 2, 7, 3), cell(50 / 728, 2, 7, 2)],
      [4, 2],
    ],
  ])('%s', (_name, cells, counts) => {
    const kept = apart(cells, 10);
    expect(kept.map((c) => c.n)).toEqual(counts);
    if (counts.length === 1) {
      const [one] = kept;
      expect(one?.status_rank).toBe(Math.min(...cells.map((c) => c.status_rank)));
      const severities = cells.flatMap((c) => (c.severity_rank === null ? [] : [c.severity_rank]));
      expect(one?.severity_rank).toBe(Math.min(...severities));
      expect(one?.west).toBe(Math.min(...cells.map((c) => c.west)));
      expect(one?.east).toBe(Math.max(...cells.map((c) => c.east)));
      const n = cells.reduce((sum, c) => sum + c.n, 0);
      expect(one?.lng).toBeCloseTo(cells.reduce((sum, c) => sum + c.lng * c.n, 0) / n, 9);
    }
  });
});
