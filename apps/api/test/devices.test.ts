import {
  DEVICE_SORT_FIELDS,
  DeviceSchema,
  DeviceSummarySchema,
  PagedSchema,
  StatusCountsSchema,
} from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { wanSamples } from '../src/db/schema.ts';
import { createFleetFixture, tokenFor } from './factories.ts';
import { bearer, useTestApp } from './helpers.ts';

const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
type Who = 'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB';
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of ['admin', 'user', 'readOnly', 'restricted', 'adminB'] as Who[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const get = (url: string, who: Who = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const DevicePage = PagedSchema(DeviceSummarySchema);
const search = async (query: string, who: Who = 'admin') => {
  const res = await get(`/api/device/search/filtered?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return DevicePage.parse(res.json());
};

describe('GET device/{id}', () => {
  it('answers the device with model, site, signal, ports, VLANs and configuration versions', async () => {
    const res = await get(`/api/device/${f.bravoEdge.id}`, 'readOnly');
    expect(res.statusCode).toBe(200);
    const device = DeviceSchema.parse(res.json());
    expect(device).toMatchObject({
      id: f.bravoEdge.id,
      macAddress: f.bravoEdge.macAddress,
      deviceModelType: { manufacturer: 'Cradlepoint', model: 'E300' },
      kind: '5g',
      site: { id: f.bravo.id, name: 'Bravo Store' },
      returnRequested: false,
      status: 'onbackup',
      connection: 'secondary',
      signalStrength: -95,
      modemSignalStatistics: [
        { linkStatus: 'connected', serviceType: 'LTE', rsrp: -95, rsrq: -11, sinr: 8, rssi: -70 },
      ],
      portMapping: [
        { id: 1, systemNumber: 1, type: 'WAN' },
        { id: 2, systemNumber: 2, type: 'LAN' },
        { id: 3, systemNumber: 3, type: 'LAN' },
        { id: 4, systemNumber: 4, type: 'LAN' },
        // Spec part 9: padded to 16, the padding marked unused (the console draws only the real ports).
        ...Array.from({ length: 12 }, (_, i) => ({ id: 0, systemNumber: i + 5, type: 'unused' })),
      ],
      vlans: [{ id: 1, name: 'Corporate', subnet: '10.0.0.0/26' }],
      portLabels: {},
      transactions: [
        { id: '1', versionName: 'baseline-1', internalChange: false },
        { id: '2', versionName: 'baseline-2', internalChange: true },
      ],
    });
    expect(device.lastUpdate).toMatch(/Z$/);
  });

  it("another organization's device, a missing and a malformed id are the same 404", async () => {
    for (const id of [f.otherEdge.id, '00000000-0000-4000-8000-000000000000', 'zzz']) {
      const res = await get(`/api/device/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ id: 'not_found', message: 'Not found.' });
    }
  });

  it('a USER in site groups reaches only devices of those sites', async () => {
    expect((await get(`/api/device/${f.alphaEdge.id}`, 'restricted')).statusCode).toBe(200);
    const { rows } = await t.pool.query('select id from devices where site_id = $1 limit 1', [f.charlie.id]);
    expect((await get(`/api/device/${rows[0]?.id}`, 'restricted')).statusCode).toBe(404);
  });
});

describe('GET device/{id}/alerts', () => {
  it('answers an empty list in scope, 404 out of it, 400 on a bad active value', async () => {
    expect((await get(`/api/device/${f.alphaEdge.id}/alerts?active=true`)).json()).toEqual([]);
    expect((await get(`/api/device/${f.otherEdge.id}/alerts`)).statusCode).toBe(404);
    expect((await get(`/api/device/${f.alphaEdge.id}/alerts?active=1`)).statusCode).toBe(400);
  });
});

describe('GET device/{id}/transaction/{transactionId}', () => {
  it('answers the configuration version', async () => {
    const res = await get(`/api/device/${f.alphaEdge.id}/transaction/2`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '2',
      versionName: 'baseline-2',
      internalChange: true,
      at: '2026-01-02T00:00:00.000Z',
    });
  });

  it("an unknown version or another organization's device is 404", async () => {
    expect((await get(`/api/device/${f.alphaEdge.id}/transaction/9`)).statusCode).toBe(404);
    expect((await get(`/api/device/${f.otherEdge.id}/transaction/1`)).statusCode).toBe(404);
  });
});

describe('POST device/editPortName', () => {
  const edit = (payload: object, who: Who = 'user') =>
    t.app.inject({ method: 'POST', url: '/api/device/editPortName', headers: bearer(tokens[who]), payload });
  const labels = async (id: string) =>
    (await t.pool.query('select port_labels from devices where id = $1', [id])).rows[0]?.port_labels;

  it('sets and clears a port label', async () => {
    const res = await edit({ deviceId: f.alphaEdge.id, portId: 2, name: ' Register 1 ' });
    expect(res.statusCode).toBe(200);
    expect(DeviceSchema.parse(res.json()).portLabels).toEqual({ '2': 'Register 1' });
    expect(await labels(f.alphaEdge.id)).toEqual({ '2': 'Register 1' });
    await edit({ deviceId: f.alphaEdge.id, portId: 3, name: 'Printer' }, 'admin');
    expect(await labels(f.alphaEdge.id)).toEqual({ '2': 'Register 1', '3': 'Printer' });
    await edit({ deviceId: f.alphaEdge.id, portId: 2, name: '' });
    expect(await labels(f.alphaEdge.id)).toEqual({ '3': 'Printer' });
  });

  it('bad input is 400 with a message, nothing written', async () => {
    const before = await labels(f.bravoEdge.id);
    const cases: [object, string][] = [
      [
        { deviceId: f.bravoEdge.id, portId: 1, name: 'x'.repeat(33) },
        'A port name is at most 32 characters.',
      ],
      [{ deviceId: f.bravoEdge.id, portId: 'one', name: 'x' }, 'Enter a valid port.'],
      [{ deviceId: 'nope', portId: 1, name: 'x' }, 'Enter a valid device id.'],
      [{ deviceId: f.bravoEdge.id, portId: 17, name: 'x' }, 'This device has no such port.'],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
    expect(await labels(f.bravoEdge.id)).toEqual(before);
  });

  it('READ_ONLY is refused (403); another organization or out-of-group device is 404; nothing written', async () => {
    expect((await edit({ deviceId: f.bravoEdge.id, portId: 1, name: 'RO' }, 'readOnly')).statusCode).toBe(
      403,
    );
    expect((await edit({ deviceId: f.otherEdge.id, portId: 1, name: 'X' }, 'admin')).statusCode).toBe(404);
    const { rows } = await t.pool.query('select id from devices where site_id = $1 limit 1', [f.charlie.id]);
    expect((await edit({ deviceId: rows[0]?.id, portId: 1, name: 'X' }, 'restricted')).statusCode).toBe(404);
    expect(await labels(f.bravoEdge.id)).toEqual({});
    expect(await labels(f.otherEdge.id)).toEqual({});
  });
});

describe('POST device/editName', () => {
  const edit = (payload: object, who: Who = 'user') =>
    t.app.inject({ method: 'POST', url: '/api/device/editName', headers: bearer(tokens[who]), payload });
  const stored = async (id: string) =>
    (await t.pool.query('select name from devices where id = $1', [id])).rows[0]?.name;
  const suffix = (mac: string) => mac.slice(-5).replace(':', '').toUpperCase();

  it('a device is named by default after its model and the end of its MAC', async () => {
    const device = DeviceSchema.parse((await get(`/api/device/${f.bravoEdge.id}`)).json());
    expect(device.name).toBe(`E300 ${suffix(f.bravoEdge.macAddress)}`);
    const page = await search(`siteId=${f.bravo.id}`);
    expect(page.content.find((d) => d.id === f.bravoEdge.id)?.name).toBe(device.name);
  });

  it('sets a name (trimmed), found by search and sorted by; empty gives back the default', async () => {
    const res = await edit({ deviceId: f.alphaEdge.id, name: '  Back office firewall ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(DeviceSchema.parse(res.json()).name).toBe('Back office firewall');
    expect(await stored(f.alphaEdge.id)).toBe('Back office firewall');
    const found = await search('q=back%20office');
    expect(found.content.map((d) => d.id)).toEqual([f.alphaEdge.id]);
    await edit({ deviceId: f.alphaEdge.id, name: 'AAA first' }, 'admin');
    expect((await search('sorting=name-asc')).content[0]?.id).toBe(f.alphaEdge.id);
    expect((await search('sorting=name-desc')).content.at(-1)?.id).toBe(f.alphaEdge.id);
    const reset = await edit({ deviceId: f.alphaEdge.id, name: '' });
    expect(DeviceSchema.parse(reset.json()).name).toBe(
      `${f.alphaEdge.model} ${suffix(f.alphaEdge.macAddress)}`,
    );
    expect(await stored(f.alphaEdge.id)).toBeNull();
  });

  it('bad input is 400 with a message, nothing written', async () => {
    const cases: [object, string][] = [
      [{ deviceId: f.bravoEdge.id, name: 'x'.repeat(49) }, 'A device name is at most 48 characters.'],
      [{ deviceId: f.bravoEdge.id, name: 'two\nlines' }, 'A device name cannot hold control characters.'],
      [{ deviceId: f.bravoEdge.id, name: 7 }, 'Enter a name.'],
      [{ deviceId: f.bravoEdge.id }, 'Enter a name.'],
      [{ deviceId: 'nope', name: 'x' }, 'Enter a valid device id.'],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
    expect(await stored(f.bravoEdge.id)).toBeNull();
  });

  it('READ_ONLY is refused (403); signed out 401; another organization or out-of-group device is 404; nothing written', async () => {
    expect((await edit({ deviceId: f.bravoEdge.id, name: 'RO' }, 'readOnly')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/device/editName',
      payload: { deviceId: f.bravoEdge.id, name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await edit({ deviceId: f.otherEdge.id, name: 'X' }, 'admin')).statusCode).toBe(404);
    const { rows } = await t.pool.query('select id from devices where site_id = $1 limit 1', [f.charlie.id]);
    expect((await edit({ deviceId: rows[0]?.id, name: 'X' }, 'restricted')).statusCode).toBe(404);
    expect(await stored(f.bravoEdge.id)).toBeNull();
    expect(await stored(f.otherEdge.id)).toBeNull();
    expect(await stored(rows[0]?.id)).toBeNull();
  });
});

describe('GET device/stats/statuscounts', () => {
  it('counts the organization by status (pending includes error), matching the hand-worked fixture', async () => {
    const res = await get('/api/device/stats/statuscounts');
    expect(res.statusCode).toBe(200);
    expect(StatusCountsSchema.parse(res.json())).toEqual(f.countsA);
  });

  it('within groups, and for a restricted USER only their sites', async () => {
    expect((await get(`/api/device/stats/statuscounts?groupIds=${f.g1.id}`)).json()).toEqual(f.countsG1);
    expect((await get(`/api/device/stats/statuscounts?groupIds=${f.g1.id},${f.g2.id}`)).json()).toEqual({
      ...f.countsG1,
      offline: f.countsG1.offline + 2,
      total: f.countsG1.total + 2,
    });
    expect((await get('/api/device/stats/statuscounts', 'restricted')).json()).toEqual(f.countsG1);
    // Another organization's group counts nothing of the caller's.
    expect((await get(`/api/device/stats/statuscounts?groupIds=${f.gB.id}`)).json()).toMatchObject({
      total: 0,
    });
    expect((await get('/api/device/stats/statuscounts', 'adminB')).json()).toMatchObject({
      online: 1,
      total: 1,
    });
  });

  it("is shared by those who see the whole organization until its device status event; a restricted caller's is counted at each call", async () => {
    const offline = async (who: Who) =>
      StatusCountsSchema.parse((await get('/api/device/stats/statuscounts', who)).json()).offline;
    const before = await offline('admin');
    const restrictedBefore = await offline('restricted');
    // Written without an event first (the gateway writes, commits, then publishes).
    const changeTo = (status: string) =>
      t.pool.query('update devices set status = $2 where id = $1', [f.alphaEdge.id, status]);
    const { rows } = await t.pool.query<{ status: string }>('select status from devices where id = $1', [
      f.alphaEdge.id,
    ]);
    const was = rows[0]?.status ?? 'online';
    const to = was === 'offline' ? 'online' : 'offline';
    const delta = to === 'offline' ? 1 : -1;
    await changeTo(to);
    try {
      expect(await offline('readOnly')).toBe(before);
      expect(await offline('restricted')).toBe(restrictedBefore + delta);
      const event = (org: string) =>
        t.bus.publish(org, {
          type: 'device.status',
          siteId: f.alpha.id,
          deviceId: f.alphaEdge.id,
          from: 'online',
          to: 'offline',
          at: new Date().toISOString(),
        });
      // Another organization's event leaves organization A's counts shared; A's own ends them.
      event(f.orgB.id);
      expect(await offline('user')).toBe(before);
      event(f.orgA.id);
      expect(await offline('user')).toBe(before + delta);
    } finally {
      await changeTo(was);
      t.bus.publish(f.orgA.id, { type: 'resync' });
    }
  });

  it('malformed group ids are 400', async () => {
    const res = await get('/api/device/stats/statuscounts?groupIds=1,2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', message: 'Enter a valid group id.' });
  });
});

describe('GET device/search/filtered', () => {
  it('defaults to page 0, 50 per page, by site name, with totals', async () => {
    const body = await search('');
    expect(body).toMatchObject({ page: 0, pageSize: 50, totalElements: 11, totalPages: 1 });
    expect(body.content[0]?.site.name).toBe('Alpha Store');
    expect(body.content.at(-1)?.site.name).toBe('Echo Store');
  });

  it('pages; out-of-range values fall back to the defaults', async () => {
    const page = await search('page=2&pageSize=5');
    expect(page).toMatchObject({ page: 2, pageSize: 5, totalElements: 11, totalPages: 3 });
    expect(page.content).toHaveLength(1);
    expect(await search('page=-2&pageSize=201')).toMatchObject({ page: 0, pageSize: 50 });
  });

  it('sorts by allowed fields; unknown sorting falls back', async () => {
    const byMac = (await search('sorting=macAddress-desc')).content.map((d) => d.macAddress);
    expect(byMac).toEqual([...byMac].sort().reverse());
    const byModel = (await search('sorting=model-asc')).content.map((d) => d.deviceModelType.model);
    expect(byModel).toEqual([...byModel].sort());
    expect((await search('sorting=whatever')).content.map((d) => d.id)).toEqual(
      (await search('')).content.map((d) => d.id),
    );
  });

  it.each(DEVICE_SORT_FIELDS.flatMap((field) => [`${field}-asc`, `${field}-desc`]))(
    'sorted by %s, pages of three follow one another as the whole list does',
    async (sorting) => {
      const whole = (await search(`sorting=${sorting}`)).content.map((d) => d.id);
      expect(whole).toHaveLength(11);
      const paged: string[] = [];
      for (let page = 0; page < 4; page++)
        paged.push(...(await search(`sorting=${sorting}&page=${page}&pageSize=3`)).content.map((d) => d.id));
      expect(paged).toEqual(whole);
    },
  );

  it('impact-asc: an edge device down first, then other devices down, then on backup (issue 37)', async () => {
    const { content } = await search('status=offline,onbackup,rebooting&sorting=impact-asc');
    const down = (s: string) => s === 'offline' || s === 'rebooting';
    const rank = (d: (typeof content)[number]) =>
      down(d.status) ? (d.kind === 'firewall' || d.kind === '5g' ? 0 : 1) : 2;
    const ranks = content.map(rank);
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    // Not the order of staleness alone, which put an access point first.
    expect(content[0]?.kind).toMatch(/^(firewall|5g)$/);
  });

  it('filters by status, kind, model, group and free text', async () => {
    expect((await search('status=offline')).totalElements).toBe(3);
    expect((await search('status=pending,error')).totalElements).toBe(3);
    expect((await search('kind=access-point')).totalElements).toBe(5);
    expect((await search('kind=5g')).content.map((d) => d.id)).toEqual([f.bravoEdge.id]);
    expect((await search('model=U6-Pro')).totalElements).toBe(2);
    expect((await search('model=U6-Pro,AP-515')).totalElements).toBe(3);
    expect((await search(`groupId=${f.g1.id}`)).totalElements).toBe(5);
    expect((await search('q=AA-BB-CC-00-00-01')).content.map((d) => d.id)).toEqual([f.alphaEdge.id]);
    expect((await search('q=cradlepoint')).content.map((d) => d.id)).toEqual([f.bravoEdge.id]);
    expect((await search('q=charlie')).totalElements).toBe(2);
  });

  it('finds a device by the name the screen shows: its model and MAC suffix ("MS120-8 00B1"), in any case', async () => {
    const { content } = await search('kind=switch&q=MS120');
    const shown = content.find((d) => d.site.id === f.alpha.id);
    expect(shown?.name).toMatch(/^MS120-8 [0-9A-F]{4}$/);
    const name = shown?.name ?? '';
    const suffix = name.slice(-4);
    for (const q of [name, name.toLowerCase(), suffix, `8 ${suffix}`])
      expect((await search(`q=${encodeURIComponent(q)}`)).content.map((d) => d.id)).toContain(shown?.id);
    // Exactly that device (the suffix is not in any other device's shown name or MAC here).
    expect((await search(`q=${encodeURIComponent(name)}`)).content.map((d) => d.id)).toEqual([shown?.id]);
    // A name someone gave replaces the default, and the default no longer finds it.
    await t.pool.query("update devices set name = 'Core switch' where id = $1", [shown?.id]);
    try {
      expect((await search('q=core%20switch')).content.map((d) => d.id)).toEqual([shown?.id]);
      expect((await search(`q=${encodeURIComponent(name)}`)).totalElements).toBe(0);
    } finally {
      await t.pool.query('update devices set name = null where id = $1', [shown?.id]);
    }
  });

  it("filters by one site, within the caller's scope", async () => {
    const charlie = await search(`siteId=${f.charlie.id}`);
    expect(charlie.totalElements).toBe(2);
    expect(charlie.content.every((d) => d.site.id === f.charlie.id)).toBe(true);
    expect((await search(`siteId=${f.charlie.id}`, 'restricted')).totalElements).toBe(0);
    expect((await search(`siteId=${f.charlie.id}`, 'adminB')).totalElements).toBe(0);
  });

  it('a restricted USER and another organization see only their own', async () => {
    expect((await search('', 'restricted')).totalElements).toBe(5);
    // With a status filter too, their own devices are counted, not the organization's kept counts (3 offline).
    expect(await search('status=offline,onbackup', 'restricted')).toMatchObject({ totalElements: 2 });
    expect((await search('status=offline,onbackup', 'restricted')).content).toHaveLength(2);
    const b = await search('', 'adminB');
    expect(b.content.map((d) => d.id)).toEqual([f.otherEdge.id]);
  });

  it('bad filters are 400', async () => {
    for (const q of ['status=asleep', 'kind=router', 'groupId=1', 'siteId=1']) {
      const res = await get(`/api/device/search/filtered?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input' });
    }
  });
});

describe('GET timeseries/{trx}/{id}', () => {
  beforeAll(async () => {
    const now = Date.now();
    await t.db.insert(wanSamples).values(
      [2, 30, 90, 60 * 12, 60 * 48, 60 * 24 * 8].map((minutesAgo) => ({
        deviceId: f.alphaEdge.id,
        time: new Date(now - minutesAgo * 60_000),
        sourceInterface: 'wan1',
        ipAddress: '203.0.113.10',
        ping: 20 + minutesAgo / 1000,
        jitter: 1.5,
      })),
    );
  });

  it('answers the samples within the duration, oldest first (default LAST_HOUR)', async () => {
    const lengths: [string, number][] = [
      ['', 2],
      ['?duration=LAST_HOUR', 2],
      ['?duration=LAST_6_HOURS', 3],
      ['?duration=LAST_24_HOURS', 4],
      ['?duration=LAST_7_DAYS', 5],
    ];
    for (const [query, n] of lengths) {
      const res = await get(`/api/timeseries/wan/${f.alphaEdge.id}${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(n);
    }
    const body = (await get(`/api/timeseries/wan/${f.alphaEdge.id}`)).json();
    expect(body[0]).toMatchObject({ sourceInterface: 'wan1', ipAddress: '203.0.113.10', jitter: 1.5 });
    expect(Date.parse(body[0].time)).toBeLessThan(Date.parse(body[1].time));
  });

  it('a bad duration is 400; another organization or out-of-group device is 404', async () => {
    const bad = await get(`/api/timeseries/wan/${f.alphaEdge.id}?duration=FOREVER`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Unknown duration.' });
    expect((await get(`/api/timeseries/wan/${f.otherEdge.id}`)).statusCode).toBe(404);
    expect((await get(`/api/timeseries/wan/${f.alphaEdge.id}`, 'adminB')).statusCode).toBe(404);
  });
});
