import { DEVICE_KINDS, DEVICE_STATUSES, type DeviceStatus } from '@vnoc/contracts';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../src/db/schema.ts';
import { statusCounts } from '../src/modules/devices/repository.ts';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, useTestApp } from './helpers.ts';

// The stored site status and the per-organization status counts are kept by triggers on devices
// (migration 0003); whatever writes devices, they must equal what a scan computes.
const t = useTestApp();

/** The site status rule computed from scratch (ARCHITECTURE "Site status"), for every site. */
async function scannedSiteStatuses(): Promise<Record<string, { status: string; rank: number }>> {
  const { rows } = await t.pool.query<{ id: string; status: string; rank: number }>(`
    select s.id, coalesce(e.status, 'unknown') as status,
      (case coalesce(e.status, 'unknown') when 'offline' then 0 when 'rebooting' then 1 when 'error' then 2
        when 'onbackup' then 3 when 'pending' then 4 when 'uninstalled' then 5 when 'unknown' then 6 else 7 end) as rank
    from sites s left join lateral (
      select d.status from devices d where d.site_id = s.id and d.kind in ('firewall', '5g')
      order by case d.status when 'offline' then 0 when 'rebooting' then 1 when 'error' then 2
        when 'onbackup' then 3 when 'pending' then 4 when 'uninstalled' then 5 when 'unknown' then 6 else 7 end
      limit 1) e on true`);
  return Object.fromEntries(rows.map((r) => [r.id, { status: r.status, rank: r.rank }]));
}

async function storedSiteStatuses(): Promise<Record<string, { status: string; rank: number }>> {
  const { rows } = await t.pool.query<{ id: string; status: string; rank: number }>(
    'select id, status, status_rank as rank from sites',
  );
  return Object.fromEntries(rows.map((r) => [r.id, { status: r.status, rank: r.rank }]));
}

async function siteStatus(id: string) {
  const [row] = await t.db
    .select({ status: sites.status, rank: sites.statusRank })
    .from(sites)
    .where(eq(sites.id, id));
  return row;
}

/** (organization, status) → n, without zero rows. */
async function countsFrom(query: string): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ k: string; n: number }>(query);
  return Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.k, r.n]));
}
const aggregate = () =>
  countsFrom(`select organization_id || '/' || status as k, n from org_device_status_counts`);
const scanned = () =>
  countsFrom(`select organization_id || '/' || status as k, count(*)::int as n from devices group by 1`);
const siteAggregate = () =>
  countsFrom(`select organization_id || '/' || status as k, n from org_site_status_counts`);
const siteScan = () =>
  countsFrom(`select organization_id || '/' || status as k, count(*)::int as n from sites group by 1`);
// The sites a map can place, per organization and status (migration 0023).
const locatedAggregate = () =>
  countsFrom(`select organization_id || '/' || status as k, located as n from org_site_status_counts`);
const locatedScan = () =>
  countsFrom(`select organization_id || '/' || status as k,
    count(*) filter (where latitude between -90 and 90 and longitude between -180 and 180)::int as n
    from sites group by 1`);

describe('sites.status follows the devices (trigger)', () => {
  it('insert, status change, kind change, delete and moving a device between sites', async () => {
    const org = await createOrganization(t.db);
    const a = await createSite(t.db, org);
    const b = await createSite(t.db, org);
    expect(await siteStatus(a.id)).toEqual({ status: 'unknown', rank: 6 });

    const fw = await createDevice(t.db, a, { kind: 'firewall', status: 'online' });
    expect(await siteStatus(a.id)).toEqual({ status: 'online', rank: 7 });
    // A non-edge device never decides the site's status.
    const sw = await createDevice(t.db, a, { kind: 'switch', status: 'offline' });
    expect(await siteStatus(a.id)).toEqual({ status: 'online', rank: 7 });
    // The worst edge device wins.
    const fiveG = await createDevice(t.db, a, { kind: '5g', status: 'onbackup' });
    expect(await siteStatus(a.id)).toEqual({ status: 'onbackup', rank: 3 });

    await t.db.update(devices).set({ status: 'error' }).where(eq(devices.id, fiveG.id));
    expect(await siteStatus(a.id)).toEqual({ status: 'error', rank: 2 });
    await t.db.update(devices).set({ status: 'offline' }).where(eq(devices.id, fw.id));
    expect(await siteStatus(a.id)).toEqual({ status: 'offline', rank: 0 });
    // A heartbeat (no status change) leaves it alone.
    await t.db.update(devices).set({ lastUpdate: new Date() }).where(eq(devices.id, fw.id));
    expect(await siteStatus(a.id)).toEqual({ status: 'offline', rank: 0 });

    await t.db.delete(devices).where(eq(devices.id, fiveG.id));
    expect(await siteStatus(a.id)).toEqual({ status: 'offline', rank: 0 });

    // Moving the firewall: the old site has no edge device left, the new one takes its status.
    await t.db.update(devices).set({ siteId: b.id }).where(eq(devices.id, fw.id));
    expect(await siteStatus(a.id)).toEqual({ status: 'unknown', rank: 6 });
    expect(await siteStatus(b.id)).toEqual({ status: 'offline', rank: 0 });

    // A device that stops being an edge device stops counting; one that becomes one starts.
    await t.db.update(devices).set({ kind: 'access-point' }).where(eq(devices.id, fw.id));
    expect(await siteStatus(b.id)).toEqual({ status: 'unknown', rank: 6 });
    await t.db.update(devices).set({ kind: '5g', status: 'pending' }).where(eq(devices.id, sw.id));
    expect(await siteStatus(a.id)).toEqual({ status: 'pending', rank: 4 });

    await t.db.delete(devices).where(inArray(devices.id, [fw.id, sw.id]));
    expect(await siteStatus(a.id)).toEqual({ status: 'unknown', rank: 6 });
    expect(await siteStatus(b.id)).toEqual({ status: 'unknown', rank: 6 });
  });
});

describe('org_device_status_counts and org_site_status_counts equal a scan (triggers)', () => {
  it('the sites a map can place: placed, moved off the map, without a place, in bulk, and deleted', async () => {
    const org = await createOrganization(t.db);
    const [a, b, c] = [await createSite(t.db, org), await createSite(t.db, org), await createSite(t.db, org)];
    await createSite(t.db, org, { latitude: null, longitude: null });
    const same = async (step: string) => {
      const kept = await locatedAggregate();
      expect(kept, step).toEqual(await locatedScan());
      return kept[`${org.id}/unknown`] ?? 0;
    };
    expect(await same('created: three placed, one without a place')).toBe(3);
    await t.db.update(sites).set({ latitude: null, longitude: null }).where(eq(sites.id, a.id));
    expect(await same('a place removed')).toBe(2);
    await t.db.update(sites).set({ latitude: 95 }).where(eq(sites.id, b.id));
    expect(await same('a latitude beyond the pole')).toBe(1);
    await t.db.update(sites).set({ latitude: 40, longitude: -181 }).where(eq(sites.id, b.id));
    expect(await same('a longitude beyond the antimeridian')).toBe(1);
    await t.db
      .update(sites)
      .set({ latitude: 40.71, longitude: -74.01 })
      .where(inArray(sites.id, [a.id, b.id, c.id]));
    expect(await same('three placed in one statement')).toBe(3);
    await createDevice(t.db, c, { kind: 'firewall', status: 'offline' });
    expect(await same('a placed site turned offline')).toBe(2);
    expect((await locatedAggregate())[`${org.id}/offline`]).toBe(1);
    await t.db.delete(sites).where(eq(sites.id, b.id));
    expect(await same('a placed site deleted')).toBe(1);
  });

  it('after random inserts, updates, moves and deletes, single and bulk', async () => {
    // A small deterministic PRNG (mulberry32), so a failure replays.
    let seed = 20260401;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)] as T;
    let macs = 0;
    const nextMac = () => {
      const h = (macs++).toString(16).padStart(6, '0');
      return `06:00:00:${h.slice(0, 2)}:${h.slice(2, 4)}:${h.slice(4, 6)}`;
    };

    const orgs = [await createOrganization(t.db), await createOrganization(t.db)];
    const siteList = [];
    for (const org of orgs) for (let i = 0; i < 5; i++) siteList.push(await createSite(t.db, org));
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const site = pick(siteList);
      ids.push(
        (await createDevice(t.db, site, { kind: pick(DEVICE_KINDS), status: pick(DEVICE_STATUSES) })).id,
      );
    }

    for (let round = 0; round < 60; round++) {
      const op = rand();
      if (op < 0.4 && ids.length > 0) {
        await t.db
          .update(devices)
          .set({ status: pick(DEVICE_STATUSES) })
          .where(eq(devices.id, pick(ids)));
      } else if (op < 0.5) {
        // Bulk: every device of a site at once.
        await t.db
          .update(devices)
          .set({ status: pick(DEVICE_STATUSES) })
          .where(eq(devices.siteId, pick(siteList).id));
      } else if (op < 0.6 && ids.length > 0) {
        // Move a device to another site, possibly of the other organization.
        const site = pick(siteList);
        await t.db
          .update(devices)
          .set({ siteId: site.id, organizationId: site.organizationId, kind: pick(DEVICE_KINDS) })
          .where(eq(devices.id, pick(ids)));
      } else if (op < 0.75 && ids.length > 0) {
        const gone = ids.splice(Math.floor(rand() * ids.length), 1 + Math.floor(rand() * 3));
        await t.db.delete(devices).where(inArray(devices.id, gone));
      } else {
        const site = pick(siteList);
        const added = await t.db
          .insert(devices)
          .values(
            Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({
              siteId: site.id,
              organizationId: site.organizationId,
              kind: pick(DEVICE_KINDS),
              manufacturer: 'Fortinet',
              model: 'FortiGate 60F',
              macAddress: nextMac(),
              status: pick(DEVICE_STATUSES) as DeviceStatus,
            })),
          )
          .returning({ id: devices.id });
        ids.push(...added.map((d) => d.id));
      }
      if (round % 10 === 9) {
        expect(await aggregate()).toEqual(await scanned());
        expect(await storedSiteStatuses()).toEqual(await scannedSiteStatuses());
        expect(await siteAggregate()).toEqual(await siteScan());
        expect(await locatedAggregate()).toEqual(await locatedScan());
      }
    }
    expect(await aggregate()).toEqual(await scanned());
    expect(await storedSiteStatuses()).toEqual(await scannedSiteStatuses());
    expect(await siteAggregate()).toEqual(await siteScan());

    // The status counts answered from the aggregate equal the scoped scan (a group filter takes the scan).
    for (const org of orgs) {
      const scope = { organizationId: org.id, userId: org.id, restricted: false };
      const fromAggregate = await statusCounts(t.db, scope);
      const { rows } = await t.pool.query(
        `select count(*) filter (where status = 'offline')::int as offline,
           count(*) filter (where status = 'online')::int as online,
           count(*) filter (where status = 'onbackup')::int as onbackup,
           count(*) filter (where status in ('pending', 'error'))::int as pending,
           count(*) filter (where status = 'rebooting')::int as rebooting, count(*)::int as total
         from devices where organization_id = $1`,
        [org.id],
      );
      expect(fromAggregate).toEqual(rows[0]);
    }
  });
});

describe('free text over the trigram indexes', () => {
  let token: string;
  let north: { id: string; organizationId: string };
  let south: { id: string; organizationId: string };
  beforeAll(async () => {
    const org = await createOrganization(t.db);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    token = await tokenFor(t.db, admin, 'full');
    north = await createSite(t.db, org, { name: 'North Depot', city: 'Zanzibar Town', street: '9 Quay Rd' });
    south = await createSite(t.db, org, { name: 'South Depot', city: 'Mombasa', street: '3 Beach Rd' });
    await createDevice(t.db, north, { macAddress: '0a:1b:2c:3d:4e:5f' });
    await createDevice(t.db, south, { macAddress: '0a:1b:2c:99:88:77' });
  });
  const names = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/site/search/filtered?q=${encodeURIComponent(q)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { content: { id: string; name: string }[] }).content.map((s) => s.name);
  };

  it('pg_trgm is installed and the searched columns carry a trigram index (MAC, site text, model)', async () => {
    const { rows } = await t.pool.query(`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(rows).toHaveLength(1);
    const { rows: indexes } = await t.pool.query<{ indexname: string }>(
      `select indexname from pg_indexes where indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([
      'devices_mac_address_trgm_idx',
      'devices_model_trgm_idx',
      'sites_search_text_trgm_idx',
    ]);
  });

  it('finds a partial MAC (any accepted form) and a partial city', async () => {
    expect(await names('3d:4e')).toEqual(['North Depot']);
    expect(await names('3D-4E-5')).toEqual(['North Depot']);
    expect(await names('0a:1b:2c')).toEqual(['North Depot', 'South Depot']);
    expect(await names('zanzib')).toEqual(['North Depot']);
    expect(await names('MOMBASA')).toEqual(['South Depot']);
    expect(await names('Beach')).toEqual(['South Depot']);
    expect(await names('Depot')).toEqual(['North Depot', 'South Depot']);
    expect(await names('Atlantis')).toEqual([]);
  });

  it('a site summary shows the stored status', async () => {
    await t.db.update(devices).set({ status: 'rebooting' }).where(eq(devices.siteId, south.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/site/search/filtered?q=depot&sorting=status-asc',
      headers: bearer(token),
    });
    const content = (res.json() as { content: { name: string; status: string }[] }).content;
    expect(content.map((s) => [s.name, s.status])).toEqual([
      ['South Depot', 'rebooting'],
      ['North Depot', 'online'],
    ]);
  });
});
