import { deviceSignalBars } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { generateFleet } from '../src/fleet/seed-fleet.ts';
import { DEMO_ORGANIZATIONS, DEMO_USERS, demoFleet, seedDemo } from '../src/seed/demo.ts';
import { count, createTestDatabase, testConfig } from './helpers.ts';

const orgs = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: 'A',
    siteLabel: 'A',
    aliasPrefix: 'A',
    accountHolder: 'A Inc',
    vlanName: 'POS',
  },
  {
    id: 'a0000000-0000-4000-8000-000000000002',
    name: 'B',
    siteLabel: 'B',
    aliasPrefix: 'B',
    accountHolder: 'B LLC',
    vlanName: 'Clinical',
  },
];
const NOW = new Date('2026-01-15T12:00:00Z');

describe('generateFleet', () => {
  it('is deterministic: same seed → same fleet; another seed → another fleet', () => {
    const a = generateFleet(42, orgs, 75, NOW);
    expect(generateFleet(42, orgs, 75, NOW)).toEqual(a);
    expect(generateFleet(43, orgs, 75, NOW)).not.toEqual(a);
  });

  it('has ~75 sites per organization, one edge device each, 1–3 APs, 0–2 switches, unique MACs', () => {
    const { sites, devices } = generateFleet(42, orgs, 75, NOW);
    expect(sites).toHaveLength(150);
    expect(devices.length).toBeGreaterThan(450);
    expect(devices.length).toBeLessThan(800);
    expect(new Set(devices.map((d) => d.macAddress)).size).toBe(devices.length);
    expect(new Set(sites.map((s) => s.name)).size).toBe(sites.length);
    for (const site of sites) {
      const own = devices.filter((d) => d.siteId === site.id);
      expect(own.filter((d) => d.kind === 'firewall' || d.kind === '5g')).toHaveLength(1);
      const aps = own.filter((d) => d.kind === 'access-point').length;
      const switches = own.filter((d) => d.kind === 'switch').length;
      expect(aps).toBeGreaterThanOrEqual(1);
      expect(aps).toBeLessThanOrEqual(3);
      expect(switches).toBeLessThanOrEqual(2);
      expect(site.latitude).toBeGreaterThan(24);
      expect(site.longitude).toBeLessThan(-66);
    }
    const statuses = new Map<string, number>();
    for (const d of devices) statuses.set(d.status, (statuses.get(d.status) ?? 0) + 1);
    expect((statuses.get('online') ?? 0) / devices.length).toBeGreaterThan(0.7);
    for (const s of ['offline', 'onbackup', 'pending']) expect(statuses.get(s) ?? 0).toBeGreaterThan(0);
    for (const d of devices) expect(d.macAddress).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
  });

  it('gives devices their site’s state as region; modems start Fair or better (a weak signal is an episode)', () => {
    const { sites, devices } = generateFleet(42, orgs, 75, NOW);
    const stateOf = new Map(sites.map((s) => [s.id, s.state]));
    for (const d of devices) expect(d.region).toBe(stateOf.get(d.siteId));
    const modems = devices.filter((d) => d.modemSignalStatistics.length > 0);
    expect(modems.length).toBeGreaterThan(30);
    for (const d of modems) expect(deviceSignalBars(d.modemSignalStatistics)).toBeGreaterThanOrEqual(3);
  });

  it('the demo fleet has regions (states) of 3+ sites in each organization, for regional outages', () => {
    const { sites } = demoFleet(NOW);
    for (const org of DEMO_ORGANIZATIONS.filter((o) => o.fleet)) {
      const perState = new Map<string, number>();
      for (const s of sites.filter((x) => x.organizationId === org.id))
        perState.set(s.state, (perState.get(s.state) ?? 0) + 1);
      expect([...perState.values()].filter((n) => n >= 3).length, org.name).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('seedDemo', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("creates the brief's organizations, users and fleet once; the demo users can sign in without MFA", async () => {
    expect(await seedDemo(database.db, 'vnoc-demo-2026!', NOW)).toBe(true);
    const { rows: orgRows } = await database.pool.query(
      'select name, kind, email_domains, entitlements from organizations order by name',
    );
    expect(orgRows).toEqual([
      {
        name: 'Acme Retail',
        kind: 'customer',
        email_domains: ['acme.example'],
        entitlements: ['diagnostics', 'port-control', 'cellular-billing', 'analytics'],
      },
      {
        name: 'Bluebird Clinics',
        kind: 'customer',
        email_domains: ['bluebird.example'],
        entitlements: ['diagnostics', 'analytics'],
      },
      { name: 'vNOC Provider', kind: 'provider', email_domains: ['vnoc.example'], entitlements: [] },
    ]);
    // Issue 34: the demo's own domains are verified by the seed (sign-in and registration route by them).
    const { rows: verified } = await database.pool.query(
      'select v.domain, o.name from verified_domains v join organizations o on o.id = v.organization_id order by v.domain',
    );
    expect(verified).toEqual([
      { domain: 'acme.example', name: 'Acme Retail' },
      { domain: 'bluebird.example', name: 'Bluebird Clinics' },
      { domain: 'vnoc.example', name: 'vNOC Provider' },
    ]);
    const { rows: userRows } = await database.pool.query(
      `select u.username, u.role, u.email_validated, u.cred_expired, u.mfa_app or u.mfa_sms or u.mfa_voice as mfa, c.first_name
         from users u join contacts c on c.user_id = u.id order by u.username`,
    );
    expect(userRows.map((u) => [u.username, u.role])).toEqual(
      [...DEMO_USERS]
        .map((u) => [u.username, u.role])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const u of userRows)
      expect(u).toMatchObject({ email_validated: true, cred_expired: false, mfa: false });
    expect(userRows.every((u) => u.first_name)).toBe(true);
    expect(await count(database.pool, 'sites')).toBe(150);
    expect(await count(database.pool, 'devices')).toBeGreaterThan(450);
    expect(await count(database.pool, 'site_groups')).toBe(2);
    expect(await count(database.pool, 'sites', 'organization_id = $1', [DEMO_ORGANIZATIONS[2].id])).toBe(0);

    // A second start does not seed again.
    expect(await seedDemo(database.db, 'vnoc-demo-2026!', NOW)).toBe(false);
    expect(await count(database.pool, 'organizations')).toBe(3);

    const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin@acme.example', password: 'vnoc-demo-2026!' },
    });
    await app.close();
    expect(res.statusCode).toBe(200);
  });

  it("stores exactly the generator's fleet for the demo seed (same ids, names, MACs, statuses)", async () => {
    const fleet = demoFleet(NOW);
    const { rows: siteRows } = await database.pool.query('select id, name from sites order by id');
    expect(siteRows).toEqual(
      fleet.sites.map((s) => ({ id: s.id, name: s.name })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    const { rows: deviceRows } = await database.pool.query(
      'select mac_address, status from devices order by mac_address',
    );
    expect(deviceRows).toEqual(
      fleet.devices
        .map((d) => ({ mac_address: d.macAddress, status: d.status }))
        .sort((a, b) => a.mac_address.localeCompare(b.mac_address)),
    );
  });
});
