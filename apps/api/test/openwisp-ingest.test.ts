import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueDeviceSecret, revokeDeviceSecret } from '../src/fleet/edge/credentials.ts';
import { OPENWISP_POSTS_PER_MINUTE, parseOpenWispTime } from '../src/modules/device-edge/service-openwisp.ts';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { useTestApp } from './helpers.ts';

/**
 * Issue 36: an OpenWrt router running OpenWISP's monitoring agent reports to vNOC unchanged. Every post here is
 * made the way the agent's `send_data` makes it (openwrt-openwisp-monitoring, files/monitoring.agent): curl with
 * `Content-Type: application/json`, the body of one saved sample, `?key=<key>&time=<the sample file's name, UTC
 * DD-MM-YYYY_HH:MM:SS>.000000`, and `&current=true` only when no other sample waits behind it; a post answered
 * anything but 200 or 400 is sent again.
 */
const t = useTestApp();
const SEC = 1000;
const MIN = 60 * SEC;

/** The agent's file name for a sample taken at `ms`: `date -u +'%d-%m-%Y_%H:%M:%S'`. */
function agentTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}_${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** One curl of the agent: `$URL&time=$filename.000000[&current=true]`, the body as saved. */
function agentPost(
  uuid: string,
  key: string,
  body: string,
  sample?: { at: number; current: boolean },
  slash = '/',
) {
  let url = `/api/v1/monitoring/device/${uuid}${slash}?key=${key}`;
  if (sample) url += `&time=${agentTime(sample.at)}.000000${sample.current ? '&current=true' : ''}`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
}

/** A report as OpenWrt's netjson-monitoring produces it (ubus and iwinfo fields vNOC does not read included). */
function openWrtReport(at: number, uptime: number, rxBytes: number) {
  return JSON.stringify({
    type: 'DeviceMonitoring',
    general: { hostname: 'OpenWrt', local_time: Math.floor(at / 1000), uptime },
    resources: {
      load: [0.07, 0.1, 0.05],
      memory: {
        total: 128_000_000,
        shared: 1_000_000,
        free: 60_000_000,
        available: 64_000_000,
        buffered: 4_000_000,
        cached: 10_000_000,
      },
      swap: { total: 0, free: 0 },
      cpus: 1,
      disk: [
        {
          used_bytes: 4_000_000,
          available_bytes: 12_000_000,
          filesystem: '/dev/root',
          mount_point: '/',
          used_percent: 25,
          size_bytes: 16_000_000,
        },
      ],
    },
    interfaces: [
      {
        name: 'br-lan',
        type: 'bridge',
        up: true,
        mac: '02:00:00:aa:00:01',
        mtu: 1500,
        txqueuelen: 1000,
        multicast: true,
        addresses: [{ proto: 'static', family: 'ipv4', address: '192.168.1.1', mask: 24 }],
        bridge_members: ['lan1', 'lan2'],
        statistics: {
          collisions: 0,
          rx_frame_errors: 0,
          tx_compressed: 0,
          multicast: 10,
          rx_length_errors: 0,
          tx_dropped: 0,
          rx_bytes: rxBytes,
          rx_missed_errors: 0,
          tx_errors: 0,
          rx_compressed: 0,
          rx_over_errors: 0,
          tx_fifo_errors: 0,
          rx_crc_errors: 0,
          rx_packets: 1000,
          tx_heartbeat_errors: 0,
          rx_dropped: 2,
          tx_aborted_errors: 0,
          tx_packets: 900,
          rx_errors: 1,
          tx_bytes: 456_789,
          tx_window_errors: 0,
          rx_fifo_errors: 0,
          tx_carrier_errors: 0,
        },
      },
      {
        name: 'phy0-ap0',
        type: 'wireless',
        up: true,
        mac: '02:00:00:aa:00:02',
        wireless: {
          ssid: 'Branch-Guest',
          mode: 'access_point',
          channel: 36,
          frequency: 5180,
          tx_power: 20,
          signal: -40,
          noise: -95,
          country: 'US',
          quality: 70,
          quality_max: 70,
          bitrate: 866_700,
          htmode: 'VHT80',
          clients: [
            {
              mac: 'a4:5e:60:00:00:01',
              auth: true,
              assoc: true,
              authorized: true,
              ht: true,
              vht: true,
              he: false,
              wmm: true,
              mfp: false,
              wps: false,
              wds: false,
              signal: -52,
              noise: -95,
              vht_capab: [],
            },
            {
              mac: 'a4:5e:60:00:00:02',
              auth: true,
              assoc: true,
              authorized: true,
              ht: true,
              vht: false,
              he: false,
              wmm: true,
              mfp: false,
              wps: false,
              wds: false,
              signal: -71,
              noise: -95,
            },
          ],
        },
        statistics: { rx_bytes: 1000, tx_bytes: 2000, rx_errors: 0, tx_errors: 0 },
      },
      {
        name: 'wwan0',
        type: 'modem-manager',
        up: true,
        mobile: {
          imei: '300000000000001',
          operator_name: 'Carrier',
          operator_code: '310260',
          manufacturer: 'Quectel',
          model: 'EC25',
          connection_status: 'connected',
          power_status: 'on',
          signal: { lte: { rsrp: -98, rsrq: -12, rssi: -70, snr: 9 } },
        },
      },
    ],
    neighbors: [{ mac: 'a4:5e:60:00:00:01', ip: '192.168.1.20', interface: 'br-lan', state: 'REACHABLE' }],
    dhcp_leases: [
      {
        expiry: 1_795_953_600,
        mac: 'a4:5e:60:00:00:01',
        ip: '192.168.1.20',
        client_name: 'laptop',
        client_id: '01:a4:5e:60:00:00:01',
      },
      {
        expiry: 1_795_953_700,
        mac: 'a4:5e:60:00:00:02',
        ip: '192.168.1.21',
        client_name: '*',
        client_id: '*',
      },
    ],
  });
}

async function openwispDevice(driver: 'openwisp' | 'agent' = 'openwisp') {
  const org = await createOrganization(t.db);
  const site = await createSite(t.db, org);
  const device = await createDevice(t.db, site, {
    driver,
    status: 'unknown',
    connection: 'none',
    lastUpdate: null,
  });
  const key = await issueDeviceSecret(t.db, device.id, org.id);
  return { org, site, device, key };
}

async function samplesOf(id: string) {
  const { rows } = await t.db.execute<{ at: string; uptime: string }>(sql`
    select extract(epoch from time) * 1000 as at, uptime_seconds as uptime from device_resource_samples
    where device_id = ${id} order by time`);
  return rows.map((r) => ({ at: Number(r.at), uptime: Number(r.uptime) }));
}

async function stored(id: string) {
  const { rows } = await t.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from device_telemetry where device_id = ${id}) as telemetry,
    (select count(*)::int from device_resource_samples where device_id = ${id}) as resources,
    (select count(*)::int from device_interface_samples where device_id = ${id}) as interfaces,
    (select count(*)::int from device_status_intervals where device_id = ${id}) as intervals`);
  return rows[0];
}

/** Now, to the second (the agent's file names have no fraction). */
const nowSec = () => Math.floor(Date.now() / SEC) * SEC;

describe("OpenWISP's monitoring agent", () => {
  it('a backlog of three buffered samples then the current one: each stored at its time, the device online', async () => {
    const { device, key } = await openwispDevice();
    const now = nowSec();
    const backlog = [now - 15 * MIN, now - 10 * MIN, now - 5 * MIN];
    for (const [i, at] of backlog.entries()) {
      const res = await agentPost(device.id, key, openWrtReport(at, 1000 + i, 10 + i), {
        at,
        current: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ detail: 'ok' });
      // The backlog does not say the device is up now.
      const { rows } = await t.db.execute<{ status: string }>(
        sql`select status from devices where id = ${device.id}`,
      );
      expect(rows[0]?.status).toBe('unknown');
    }
    const current = now - 2 * SEC;
    const res = await agentPost(device.id, key, openWrtReport(current, 2000, 99), {
      at: current,
      current: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await samplesOf(device.id)).toEqual([
      { at: backlog[0], uptime: 1000 },
      { at: backlog[1], uptime: 1001 },
      { at: backlog[2], uptime: 1002 },
      { at: current, uptime: 2000 },
    ]);
    const { rows } = await t.db.execute<{ status: string; last: string; since: string }>(sql`
      select d.status, extract(epoch from d.last_update) * 1000 as last,
        (select extract(epoch from started_at) * 1000 from device_status_intervals i
          where i.device_id = d.id and ended_at is null) as since
      from devices d where d.id = ${device.id}`);
    expect(rows.map((r) => [r.status, Number(r.last), Number(r.since)])).toEqual([
      ['online', current, current],
    ]);
    // Interface counters of each sample, at its time.
    const counters = await t.db.execute<{
      at: string;
      rx: string;
    }>(sql`select extract(epoch from time) * 1000 as at,
      rx_bytes as rx from device_interface_samples where device_id = ${device.id} and interface = 'br-lan' order by time`);
    expect(counters.rows.map((r) => [Number(r.at), Number(r.rx)])).toEqual([
      [backlog[0], 10],
      [backlog[1], 11],
      [backlog[2], 12],
      [current, 99],
    ]);
  });

  it('a retry of the same sample (the agent sends again after any answer but 200 or 400) is stored once', async () => {
    const { device, key } = await openwispDevice();
    const at = nowSec() - SEC;
    const body = openWrtReport(at, 500, 1);
    for (let i = 0; i < 3; i++)
      expect((await agentPost(device.id, key, body, { at, current: true })).statusCode).toBe(200);
    expect(await stored(device.id)).toEqual({ telemetry: 1, resources: 1, interfaces: 3, intervals: 1 });
  });

  it('a post without the trailing slash, or without a time (a live sample), is taken too', async () => {
    const { device, key } = await openwispDevice();
    expect((await agentPost(device.id, key, openWrtReport(Date.now(), 1, 1), undefined, '')).statusCode).toBe(
      200,
    );
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from devices where id = ${device.id}`,
    );
    expect(rows[0]?.status).toBe('online');
  });

  it('shows what the router reported: clients per SSID with signal, leases, counters, resources, cellular', async () => {
    const { org, device, key } = await openwispDevice();
    const at = nowSec() - SEC;
    expect(
      (await agentPost(device.id, key, openWrtReport(at, 3600, 123_456), { at, current: true })).statusCode,
    ).toBe(200);
    const user = await createUser(t.db, org, { role: 'READ_ONLY' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/device/${device.id}/telemetry`,
      headers: { authorization: `Bearer ${await tokenFor(t.db, user, 'full')}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      driver: 'openwisp',
      sampledAt: new Date(at).toISOString(),
      hostname: 'OpenWrt',
      uptimeSeconds: 3600,
      resources: { load: [0.07, 0.1, 0.05], cpus: 1, memoryUsedPercent: 50, diskUsedPercent: 25 },
      wireless: [
        {
          interface: 'phy0-ap0',
          ssid: 'Branch-Guest',
          channel: 36,
          clients: [
            { mac: 'a4:5e:60:00:00:01', signal: -52 },
            { mac: 'a4:5e:60:00:00:02', signal: -71 },
          ],
        },
      ],
      dhcpLeases: [
        {
          mac: 'a4:5e:60:00:00:01',
          ip: '192.168.1.20',
          clientName: 'laptop',
          expiresAt: new Date(1_795_953_600_000).toISOString(),
        },
        {
          mac: 'a4:5e:60:00:00:02',
          ip: '192.168.1.21',
          clientName: '*',
          expiresAt: new Date(1_795_953_700_000).toISOString(),
        },
      ],
      malformedMessages: 0,
    });
    expect(body.interfaces[0]).toEqual({
      name: 'br-lan',
      type: 'bridge',
      up: true,
      mac: '02:00:00:aa:00:01',
      addresses: ['192.168.1.1/24'],
      rxBytes: 123_456,
      txBytes: 456_789,
      rxErrors: 1,
      txErrors: 0,
      rxDropped: 2,
      txDropped: 0,
    });
    const { rows } = await t.db.execute<{ signal: unknown }>(
      sql`select modem_signal_statistics as signal from devices where id = ${device.id}`,
    );
    expect(rows[0]?.signal).toEqual([
      { linkStatus: 'connected', serviceType: 'LTE', rsrp: -98, rsrq: -12, sinr: 9, rssi: -70 },
    ]);
  });
});

describe('refusals', () => {
  it('a wrong key is 403, a revoked one 403 at once, and nothing is stored', async () => {
    const { org, device, key } = await openwispDevice();
    const at = nowSec();
    const body = openWrtReport(at, 1, 1);
    expect((await agentPost(device.id, `${key.slice(0, -1)}x`, body, { at, current: true })).statusCode).toBe(
      403,
    );
    expect((await agentPost(device.id, key, body, { at, current: true })).statusCode).toBe(200);
    await revokeDeviceSecret(t.db, device.id);
    expect(
      (await agentPost(device.id, key, openWrtReport(at + SEC, 2, 2), { at: at + SEC, current: true }))
        .statusCode,
    ).toBe(403);
    // Rotated: the old key is refused, the new one taken.
    const fresh = await issueDeviceSecret(t.db, device.id, org.id);
    expect((await agentPost(device.id, key, body, { at: at + 2 * SEC, current: true })).statusCode).toBe(403);
    expect(
      (
        await agentPost(device.id, fresh, openWrtReport(at + 2 * SEC, 3, 3), {
          at: at + 2 * SEC,
          current: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await samplesOf(device.id)).map((s) => s.uptime)).toEqual([1, 3]);
  });

  it('an unknown device is 404; a device that does not report through OpenWISP, or has no key, is 403', async () => {
    const { key } = await openwispDevice();
    const body = openWrtReport(Date.now(), 1, 1);
    expect((await agentPost('8d8f4b54-8e55-4b8e-9a54-6d6f8a0d0c11', key, body)).statusCode).toBe(404);
    expect((await agentPost('not-a-device', key, body)).statusCode).toBe(404);
    const agent = await openwispDevice('agent');
    expect((await agentPost(agent.device.id, agent.key, body)).statusCode).toBe(403);
    const org = await createOrganization(t.db);
    const sim = await createDevice(t.db, await createSite(t.db, org));
    expect((await agentPost(sim.id, key, body)).statusCode).toBe(403);
    expect(await stored(agent.device.id)).toMatchObject({ telemetry: 0, resources: 0 });
  });

  it.each([
    ['not JSON', '{"type": "DeviceMonitoring", "general": '],
    ['not a DeviceMonitoring', '{"type": "NetworkGraph"}'],
    // Lua's cjson writes an empty table as {}: a list that is an object is refused, not half-read.
    ['a list written as an object', '{"type": "DeviceMonitoring", "interfaces": {}}'],
    [
      'a counter out of range',
      '{"type": "DeviceMonitoring", "interfaces": [{"name": "eth0", "statistics": {"rx_bytes": -5}}]}',
    ],
    [
      'over 512 KiB',
      JSON.stringify({
        type: 'DeviceMonitoring',
        neighbors: Array.from({ length: 5000 }, () => ({ mac: 'x'.repeat(120) })),
      }),
    ],
  ])('a malformed body (%s) is 400 with the reason, counted, and nothing is stored', async (_name, body) => {
    const { device, key } = await openwispDevice();
    const at = nowSec();
    const res = await agentPost(device.id, key, body, { at, current: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\w/);
    expect(await stored(device.id)).toEqual({ telemetry: 0, resources: 0, interfaces: 0, intervals: 0 });
    const over = Buffer.byteLength(body) > 512 * 1024;
    // A body past the limit is refused before its key is checked: it is not the device's to count.
    expect(t.app.edge.ingest.malformedCount(device.id)).toBe(over ? 0 : 1);
  });

  it.each([
    '31-02-2026_10:00:00.000000',
    '29-11-2026_24:00:00.000000',
    '2026-11-29T10:00:00Z',
    '29-11-2026 10:00:00',
    '29-11-2026_10:00:00.0000001',
  ])('a time the agent never sends (%s) is 400 with the reason, and nothing is stored', async (time) => {
    const { device, key } = await openwispDevice();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/monitoring/device/${device.id}/?key=${key}&time=${encodeURIComponent(time)}&current=true`,
      headers: { 'content-type': 'application/json' },
      payload: openWrtReport(Date.now(), 1, 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('DD-MM-YYYY_HH:MM:SS');
    expect(await stored(device.id)).toMatchObject({ telemetry: 0, resources: 0 });
  });

  it(`more than ${OPENWISP_POSTS_PER_MINUTE} posts a minute from one device are 429; another device is not held back`, async () => {
    const { device, key } = await openwispDevice();
    const other = await openwispDevice();
    const at = nowSec();
    const body = openWrtReport(at, 1, 1);
    for (let i = 0; i < OPENWISP_POSTS_PER_MINUTE; i++)
      expect((await agentPost(device.id, key, body, { at, current: true })).statusCode).toBe(200);
    expect((await agentPost(device.id, key, body, { at, current: true })).statusCode).toBe(429);
    expect((await agentPost(other.device.id, other.key, body, { at, current: true })).statusCode).toBe(200);
  });
});

describe('the agent time', () => {
  it('is read exactly, as UTC', () => {
    expect(parseOpenWispTime('29-11-2026_10:11:12.000000')).toBe(Date.parse('2026-11-29T10:11:12Z'));
    expect(parseOpenWispTime('01-01-2027_00:00:00.123456')).toBe(Date.parse('2027-01-01T00:00:00.123Z'));
    expect(parseOpenWispTime('29-02-2028_23:59:59')).toBe(Date.parse('2028-02-29T23:59:59Z'));
    expect(parseOpenWispTime('29-02-2027_23:59:59')).toBeNull();
    expect(parseOpenWispTime('29-11-2026_10:60:00.000000')).toBeNull();
  });
});
