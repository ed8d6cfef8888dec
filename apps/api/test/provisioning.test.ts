import { importProblemsOf } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { checkDeviceSecret } from '../src/fleet/edge/credentials.ts';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, count, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp();

let tag = 0;
let macSeed = 0x100000 + Math.floor(Math.random() * 0xe00000);
/** A MAC no other test of this file uses, in the upper-case dash form a person may type. */
const freshMac = () => {
  macSeed += 1;
  const h = macSeed.toString(16).toUpperCase().padStart(6, '0');
  return `0A-BC-DE-${h.slice(0, 2)}-${h.slice(2, 4)}-${h.slice(4, 6)}`;
};
const normalized = (mac: string) => mac.toLowerCase().replace(/-/g, ':');

async function setup() {
  tag += 1;
  const provider = await createOrganization(t.db, { kind: 'provider', name: `Provider ${tag}` });
  const acme = await createOrganization(t.db, { name: `Acme ${tag}` });
  const other = await createOrganization(t.db, { name: `Other ${tag}` });
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  const admin = await createUser(t.db, acme, { role: 'ADMINISTRATOR' });
  const site = await createSite(t.db, acme, { name: `Store ${tag}` });
  const otherSite = await createSite(t.db, other);
  const token = await tokenFor(t.db, support, 'full');
  return { provider, acme, other, support, admin, site, otherSite, token };
}

type Fixture = Awaited<ReturnType<typeof setup>>;

const deviceBody = (f: Fixture, overrides: Record<string, unknown> = {}) => ({
  siteId: f.site.id,
  kind: 'firewall',
  manufacturer: 'GL.iNet',
  model: 'GL-MT3000',
  macAddress: freshMac(),
  driver: 'agent',
  ...overrides,
});

const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

const devicesOf = (orgId: string) => count(t.pool, 'devices', 'organization_id = $1', [orgId]);
const auditRows = async (target: string) =>
  (
    await t.pool.query<{ action: string; detail: unknown; organization_id: string; actor_user_id: string }>(
      'select action, detail, organization_id, actor_user_id from audit_log where target = $1 order by id',
      [target],
    )
  ).rows;

describe('who may provision', () => {
  const calls = (f: Fixture, deviceId: string) => [
    { method: 'GET' as const, url: '/api/provisioning/organizations' },
    { method: 'GET' as const, url: `/api/provisioning/organizations/${f.acme.id}/sites` },
    { method: 'GET' as const, url: `/api/provisioning/organizations/${f.acme.id}/devices` },
    { method: 'POST' as const, url: '/api/provisioning/devices', payload: deviceBody(f) },
    { method: 'POST' as const, url: `/api/provisioning/devices/${deviceId}/secret` },
    { method: 'DELETE' as const, url: `/api/provisioning/devices/${deviceId}/secret` },
    {
      method: 'POST' as const,
      url: '/api/provisioning/devices/import',
      payload: {
        organizationId: f.acme.id,
        dryRun: true,
        csv: 'site_id,kind,manufacturer,model,mac_address,driver\n',
      },
    },
  ];

  it.each(['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const)(
    'a customer %s is refused every call (403)',
    async (role) => {
      const f = await setup();
      const device = await createDevice(t.db, f.site, { driver: 'agent' });
      const caller = await createUser(t.db, f.acme, { role });
      const token = await tokenFor(t.db, caller, 'full');
      const before = await devicesOf(f.acme.id);
      for (const call of calls(f, device.id)) {
        const res = await t.app.inject({ ...call, headers: bearer(token) });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
      expect(await devicesOf(f.acme.id)).toBe(before);
      expect(await count(t.pool, 'device_credentials', 'device_id = $1', [device.id])).toBe(0);
    },
  );

  it('support staff while acting as a customer are refused (403); not signed in → 401', async () => {
    const f = await setup();
    const code = await post(f.token, '/api/userProfile/impersonate/generate', { userId: f.admin.id });
    const acting = tokenOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/access/impersonate',
        payload: { accessCode: code.json().accessCode },
      }),
    );
    const device = await createDevice(t.db, f.site, { driver: 'agent' });
    for (const call of calls(f, device.id)) {
      const res = await t.app.inject({ ...call, headers: bearer(acting) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
  });

  it('support staff list customer organizations (never the provider) and a customer’s sites', async () => {
    const f = await setup();
    const orgs = await t.app.inject({
      method: 'GET',
      url: `/api/provisioning/organizations?q=${encodeURIComponent(`Acme ${tag}`)}`,
      headers: bearer(f.token),
    });
    expect(orgs.statusCode).toBe(200);
    expect(orgs.json()).toEqual([{ id: f.acme.id, name: `Acme ${tag}` }]);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/provisioning/organizations',
      headers: bearer(f.token),
    });
    expect(all.json().map((o: { id: string }) => o.id)).not.toContain(f.provider.id);
    const sites = await t.app.inject({
      method: 'GET',
      url: `/api/provisioning/organizations/${f.acme.id}/sites`,
      headers: bearer(f.token),
    });
    expect(sites.json()).toEqual([
      { id: f.site.id, name: `Store ${tag}`, alias: f.site.alias, city: 'Austin' },
    ]);
    for (const orgId of [f.provider.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/provisioning/organizations/${orgId}/devices`,
        headers: bearer(f.token),
      });
      expect(res.statusCode, orgId).toBe(404);
    }
  });
});

describe('POST /api/provisioning/devices', () => {
  it.each(['agent', 'openwisp'] as const)(
    'adds a %s device, answers its secret once, which verifies',
    async (driver) => {
      const f = await setup();
      const mac = freshMac();
      const res = await post(
        f.token,
        '/api/provisioning/devices',
        deviceBody(f, { macAddress: mac, driver }),
      );
      expect(res.statusCode).toBe(201);
      const { device, secret, setup: lines } = res.json();
      expect(device).toMatchObject({
        kind: 'firewall',
        manufacturer: 'GL.iNet',
        model: 'GL-MT3000',
        macAddress: normalized(mac),
        driver,
        status: 'unknown',
        site: { id: f.site.id, name: `Store ${tag}` },
        organizationId: f.acme.id,
        credential: { state: 'active', rotatedAt: null, revokedAt: null },
        lastReportAt: null,
      });
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await checkDeviceSecret(t.db, device.id, secret)).toMatchObject({
        ok: true,
        organizationId: f.acme.id,
        siteId: f.site.id,
        driver,
      });
      const stored = await t.pool.query(
        'select status, port_mapping, vlans, driver from devices where id = $1',
        [device.id],
      );
      expect(stored.rows[0]).toEqual({ status: 'unknown', port_mapping: [], vlans: [], driver });
      const hash = await t.pool.query('select secret_hash from device_credentials where device_id = $1', [
        device.id,
      ]);
      expect(hash.rows[0].secret_hash).not.toContain(secret);

      if (driver === 'agent') {
        expect(lines.driver).toBe('agent');
        expect(JSON.parse(lines.config)).toEqual({
          url: t.config.mqtt.publicUrl,
          deviceId: device.id,
          secret,
          apiUrl: 'http://localhost:80',
        });
        expect(lines.command).toBe(`node /usr/local/lib/vnoc-agent.mjs --config ${lines.configPath}`);
      } else {
        expect(lines).toMatchObject({
          driver: 'openwisp',
          uuid: device.id,
          key: secret,
          url: 'http://localhost:80',
        });
        expect(lines.lines).toEqual([
          'touch /etc/config/openwisp',
          'uci set openwisp.http=controller',
          "uci set openwisp.http.url='http://localhost:80'",
          `uci set openwisp.http.uuid='${device.id}'`,
          `uci set openwisp.http.key='${secret}'`,
          'uci commit openwisp',
          '/etc/init.d/openwisp-monitoring restart',
        ]);
      }

      // Audited under the customer organization, by the support person, without the secret.
      const audits = await auditRows(device.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        action: 'device.provision',
        organization_id: f.acme.id,
        actor_user_id: f.support.id,
      });
      expect(JSON.stringify(audits)).not.toContain(secret);

      // The list shows it, never its secret; it never connected.
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/provisioning/organizations/${f.acme.id}/devices`,
        headers: bearer(f.token),
      });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        totalElements: 1,
        content: [{ id: device.id, lastReportAt: null }],
      });
      expect(list.body).not.toContain(secret);
    },
  );

  it('the list holds the organization’s real devices only, with their credential state', async () => {
    const f = await setup();
    await createDevice(t.db, f.site); // the simulator's
    await createDevice(t.db, f.otherSite, { driver: 'agent' }); // another customer's
    const never = await createDevice(t.db, f.site, { driver: 'openwisp', lastUpdate: null });
    const seen = await createDevice(t.db, f.site, {
      driver: 'agent',
      lastUpdate: new Date('2026-11-01T10:00:00Z'),
    });
    await t.pool.query(
      `insert into device_credentials (device_id, organization_id, secret_hash, revoked_at) values ($1, $2, 'x', now())`,
      [seen.id, f.acme.id],
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/provisioning/organizations/${f.acme.id}/devices?sorting=lastReportAt-desc`,
      headers: bearer(f.token),
    });
    expect(res.json().totalElements).toBe(2);
    expect(res.json().content).toMatchObject([
      { id: seen.id, lastReportAt: '2026-11-01T10:00:00.000Z', credential: { state: 'revoked' } },
      { id: never.id, lastReportAt: null, credential: { state: 'none', createdAt: null } },
    ]);
  });

  it.each([
    ['a bad MAC', { macAddress: '00:11:22:33:44' }, 'Enter a valid MAC address.'],
    ['an unknown kind', { kind: 'toaster' }, 'Choose the kind of device'],
    ['the simulator as driver', { driver: 'simulator' }, 'Choose how the device connects'],
    ['no model', { model: '  ' }, 'Enter the model.'],
    ['no manufacturer', { manufacturer: undefined }, 'Enter the manufacturer.'],
    ['a site id that is no id', { siteId: 'store-1' }, 'Choose a site.'],
    ['too long a model', { model: 'x'.repeat(101) }, 'The model is at most 100 characters.'],
  ])('%s → 400 with a clear message, nothing written', async (_label, overrides, message) => {
    const f = await setup();
    const res = await post(f.token, '/api/provisioning/devices', deviceBody(f, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await devicesOf(f.acme.id)).toBe(0);
  });

  it('a MAC already taken → 409 (in any form of writing it); an unknown site → 404; nothing written', async () => {
    const f = await setup();
    const existing = await createDevice(t.db, f.otherSite);
    const taken = await post(
      f.token,
      '/api/provisioning/devices',
      deviceBody(f, { macAddress: existing.macAddress.toUpperCase().replace(/:/g, '') }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      id: 'conflict',
      message: 'A device with this MAC address already exists.',
    });
    const unknown = await post(
      f.token,
      '/api/provisioning/devices',
      deviceBody(f, { siteId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such site.');
    // A provider's own site is no customer's: refused the same way.
    const providerSite = await createSite(t.db, f.provider);
    expect(
      (await post(f.token, '/api/provisioning/devices', deviceBody(f, { siteId: providerSite.id })))
        .statusCode,
    ).toBe(404);
    expect(await devicesOf(f.acme.id)).toBe(0);
    expect(
      await count(t.pool, 'audit_log', "action = 'device.provision' and organization_id = $1", [f.acme.id]),
    ).toBe(0);
  });
});

describe('rotate and revoke', () => {
  it('rotation kills the old secret at once; revocation refuses the secret at once', async () => {
    const f = await setup();
    const created = (await post(f.token, '/api/provisioning/devices', deviceBody(f))).json();
    const id: string = created.device.id;

    const rotated = await post(f.token, `/api/provisioning/devices/${id}/secret`, undefined);
    expect(rotated.statusCode).toBe(200);
    const { secret, setup: lines } = rotated.json();
    expect(secret).not.toBe(created.secret);
    expect(JSON.parse(lines.config).secret).toBe(secret);
    expect(await checkDeviceSecret(t.db, id, created.secret)).toEqual({ ok: false, reason: 'wrong-secret' });
    expect((await checkDeviceSecret(t.db, id, secret)).ok).toBe(true);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/provisioning/devices/${id}/secret`,
      headers: bearer(f.token),
    });
    expect(revoked.statusCode).toBe(204);
    expect(await checkDeviceSecret(t.db, id, secret)).toEqual({ ok: false, reason: 'revoked' });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/provisioning/organizations/${f.acme.id}/devices`,
      headers: bearer(f.token),
    });
    expect(listed.json().content[0].credential).toMatchObject({ state: 'revoked' });
    expect(listed.json().content[0].credential.revokedAt).not.toBeNull();

    // A new secret after a revocation works again (and the revoked one stays dead).
    const again = (await post(f.token, `/api/provisioning/devices/${id}/secret`, undefined)).json();
    expect((await checkDeviceSecret(t.db, id, again.secret)).ok).toBe(true);
    expect((await checkDeviceSecret(t.db, id, secret)).ok).toBe(false);

    const audits = await auditRows(id);
    expect(audits.map((a) => a.action)).toEqual([
      'device.provision',
      'device.secret_rotate',
      'device.secret_revoke',
      'device.secret_rotate',
    ]);
    const text = JSON.stringify(audits);
    for (const s of [created.secret, secret, again.secret]) expect(text).not.toContain(s);
  });

  it('a simulator device, an unknown id or a malformed one → 404 and nothing changes', async () => {
    const f = await setup();
    const simulated = await createDevice(t.db, f.site);
    for (const id of [simulated.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      expect((await post(f.token, `/api/provisioning/devices/${id}/secret`, undefined)).statusCode).toBe(404);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/provisioning/devices/${id}/secret`,
        headers: bearer(f.token),
      });
      expect(del.statusCode).toBe(404);
    }
    expect(await count(t.pool, 'device_credentials', 'device_id = $1', [simulated.id])).toBe(0);
  });
});

describe('POST /api/provisioning/devices/import', () => {
  const HEADER = 'site_id,kind,manufacturer,model,mac_address,driver';
  const importCsv = (f: Fixture, csv: string, dryRun: boolean) =>
    post(f.token, '/api/provisioning/devices/import', { organizationId: f.acme.id, csv, dryRun });

  it('lists every bad row with its line and column, and writes nothing, dry run or not', async () => {
    const f = await setup();
    const taken = await createDevice(t.db, f.otherSite);
    const dup = freshMac();
    const good = freshMac();
    const csv = [
      HEADER,
      `${f.site.id},firewall,GL.iNet,MT3000,${good},agent`, // 2: good
      `${f.site.id},toaster,GL.iNet,MT3000,${freshMac()},agent`, // 3: bad kind
      `${f.site.id},firewall,GL.iNet,MT3000,zz:11,agent`, // 4: bad MAC
      `${f.site.id},firewall,GL.iNet,MT3000,${dup},openwisp`, // 5: good
      `${f.site.id},firewall,GL.iNet,MT3000,${normalized(dup).toUpperCase()},openwisp`, // 6: duplicate of 5
      `${f.site.id},switch,GL.iNet,MT3000,${taken.macAddress},agent`, // 7: taken
      `${f.otherSite.id},switch,GL.iNet,MT3000,${freshMac()},agent`, // 8: another customer's site
      `${f.site.id},switch,,MT3000,${freshMac()},snmp`, // 9: missing manufacturer, bad driver
      `${f.site.id},access-point,Ubiquiti`, // 10: short row
    ].join('\n');
    for (const dryRun of [true, false]) {
      const res = await importCsv(f, csv, dryRun);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe('7 rows have problems; no device was added.');
      expect(body.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
        [3, 'kind'],
        [4, 'mac_address'],
        [6, 'mac_address'],
        [7, 'mac_address'],
        [8, 'site_id'],
        [9, 'manufacturer'],
        [9, 'driver'],
        [10, 'model'],
        [10, 'mac_address'],
        [10, 'driver'],
      ]);
      expect(body.problems).toContainEqual({
        line: 6,
        field: 'mac_address',
        message: 'This MAC address is also on line 5.',
      });
      expect(body.problems).toContainEqual({
        line: 7,
        field: 'mac_address',
        message: 'A device with this MAC address already exists.',
      });
      expect(body.problems).toContainEqual({
        line: 8,
        field: 'site_id',
        message: 'No site with this id in this organization.',
      });
      expect(body.problems).toContainEqual({
        line: 9,
        field: 'manufacturer',
        message: 'Missing manufacturer.',
      });
      // A client that keeps only the error body's fields reads the same problems from `errors`.
      expect(importProblemsOf(body.errors)).toEqual(body.problems);
    }
    expect(await devicesOf(f.acme.id)).toBe(0);
    expect(await count(t.pool, 'devices', 'mac_address = $1', [normalized(good)])).toBe(0);
  });

  it('a missing column, a file without rows or not CSV at all → 400 with the reason', async () => {
    const f = await setup();
    const noMac = await importCsv(f, 'site_id,kind,manufacturer,model,driver\nx,y,z,w,agent', true);
    expect(noMac.statusCode).toBe(400);
    expect(noMac.json().problems).toEqual([
      { line: 1, field: 'mac_address', message: 'The header row has no mac_address column.' },
    ]);
    const empty = await importCsv(f, `${HEADER}\n`, false);
    expect(empty.json().problems).toEqual([{ line: 2, field: '', message: 'The file has no devices.' }]);
    const broken = await importCsv(f, `${HEADER}\n"${f.site.id},firewall`, false);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().problems[0].message).toContain('The file is not valid CSV');
    const tooBig = await importCsv(f, 'x'.repeat(1_000_001), true);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('The CSV file is larger than 1 MB.');
    expect(await devicesOf(f.acme.id)).toBe(0);
  });

  it('a dry run with good rows answers them and writes nothing; the real run creates all with their secrets', async () => {
    const f = await setup();
    const site2 = await createSite(t.db, f.acme, { name: `Warehouse ${tag}` });
    const macs = [freshMac(), freshMac(), freshMac()];
    const csv = [
      `\ufeffMAC_Address,Site_ID,Kind,Manufacturer,Model,Driver,Note`,
      `${macs[0]},${f.site.id},firewall,GL.iNet,MT3000,agent,first`,
      '',
      `"${macs[1]}",${site2.id},ACCESS-POINT,"Ubiquiti, Inc.",U6 Lite,OpenWISP,`,
      `${macs[2]},${site2.id},5g,Teltonika,RUTX50,agent,`,
    ].join('\r\n');
    const dry = await importCsv(f, csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      created: [],
      rows: [
        {
          line: 2,
          site: { id: f.site.id, name: `Store ${tag}` },
          kind: 'firewall',
          manufacturer: 'GL.iNet',
          model: 'MT3000',
          macAddress: normalized(macs[0] as string),
          driver: 'agent',
        },
        expect.objectContaining({
          line: 4,
          kind: 'access-point',
          manufacturer: 'Ubiquiti, Inc.',
          driver: 'openwisp',
        }),
        expect.objectContaining({ line: 5, site: { id: site2.id, name: `Warehouse ${tag}` }, kind: '5g' }),
      ],
    });
    expect(await devicesOf(f.acme.id)).toBe(0);

    const real = await importCsv(f, csv, false);
    expect(real.statusCode).toBe(200);
    const answer = real.json();
    expect(answer.dryRun).toBe(false);
    expect(answer.created).toHaveLength(3);
    expect(await devicesOf(f.acme.id)).toBe(3);
    for (const [i, item] of answer.created.entries()) {
      expect(item.device.macAddress).toBe(normalized(macs[i] as string));
      expect(item.device.credential.state).toBe('active');
      expect(item.setup.driver).toBe(item.device.driver);
      expect((await checkDeviceSecret(t.db, item.device.id, item.secret)).ok).toBe(true);
    }
    const audits = (
      await t.pool.query('select action, detail from audit_log where action = $1 and organization_id = $2', [
        'device.import',
        f.acme.id,
      ])
    ).rows;
    expect(audits).toHaveLength(1);
    expect(audits[0].detail.count).toBe(3);
    const text = JSON.stringify(audits);
    for (const item of answer.created) expect(text).not.toContain(item.secret);

    // The same file again: every row's MAC is taken now, nothing more written.
    const again = await importCsv(f, csv, false);
    expect(again.statusCode).toBe(400);
    expect(again.json().problems).toHaveLength(3);
    expect(await devicesOf(f.acme.id)).toBe(3);
  });

  it('a customer organization other than the one picked, or the provider, cannot be imported into', async () => {
    const f = await setup();
    const res = await post(f.token, '/api/provisioning/devices/import', {
      organizationId: f.provider.id,
      csv: `${HEADER}\n`,
      dryRun: true,
    });
    expect(res.statusCode).toBe(404);
  });
});
