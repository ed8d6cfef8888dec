import { deviceTopic } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEnvelope } from '../src/events/bus.ts';
import { createAlertEngine } from '../src/fleet/alerts/index.ts';
import { checkDeviceSecret, issueDeviceSecret, revokeDeviceSecret } from '../src/fleet/edge/credentials.ts';
import { createDeviceIngest, type EdgeIngest, runSweeps } from '../src/fleet/edge/ingest.ts';
import { createDeviceMessageRouter } from '../src/fleet/edge/messages.ts';
import { createDevice, createOrganization, createSite } from './factories.ts';
import { silentLog, useTestApp } from './helpers.ts';

/**
 * Issue 36, the device edge's seam: what a real device's report stores, how it moves the device's status (the
 * same records the simulator writes, the real alert engine in the same transaction, `device.status` on the bus
 * after the commit), and that a malformed report changes nothing.
 */
const t = useTestApp();
const MIN = 60_000;
const T0 = Date.parse('2026-11-29T10:00:00Z');
const TIMEOUT = 3 * MIN;

type Envelope = Pick<LiveEnvelope, 'organizationId' | 'event'>;

let ingest: EdgeIngest;
let events: Envelope[];
let warnings: { obj: unknown; msg: string }[];
let unsubscribe: () => void;

beforeEach(() => {
  events = [];
  warnings = [];
  unsubscribe = t.bus.subscribe((e) => events.push(e));
  const alerts = createAlertEngine({
    db: t.db,
    log: silentLog,
    publish: (org, event) => t.bus.publish(org, event),
  });
  ingest = createDeviceIngest({
    db: t.db,
    log: { ...silentLog, warn: (obj, msg) => warnings.push({ obj, msg }) },
    publish: (org, event) => t.bus.publish(org, event),
    heartbeatTimeoutMs: TIMEOUT,
  });
  ingest.attachAlerts(alerts);
});
afterEach(() => unsubscribe());

/** A provisioned device that never reported (status unknown, never heard from). */
async function edgeDevice(driver: 'agent' | 'openwisp' = 'agent', kind: 'firewall' | '5g' = 'firewall') {
  const org = await createOrganization(t.db);
  const site = await createSite(t.db, org);
  const device = await createDevice(t.db, site, {
    driver,
    kind,
    status: 'unknown',
    connection: 'none',
    lastUpdate: null,
    lastBoot: null,
    portMapping: [],
    vlans: [],
    configVersions: [],
  });
  return { org, site, device };
}

const report = (
  deviceId: string,
  body: unknown,
  at: number,
  more: { sampledAt?: number; current?: boolean } = {},
) => ingest.report(deviceId, body, { source: 'agent', receivedAt: at, ...more });

async function one<T extends Record<string, unknown>>(q: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await t.db.execute<T>(q);
  return rows[0] as T;
}

async function deviceRow(id: string) {
  const row = await one<{
    status: string;
    connection: string;
    last_update: Date | null;
    modem_signal_statistics: unknown;
    port_mapping: unknown;
    vlans: unknown;
    config_versions: { versionName: string }[];
  }>(sql`select status, connection, last_update, modem_signal_statistics, port_mapping, vlans, config_versions
    from devices where id = ${id}`);
  return { ...row, last_update: row.last_update === null ? null : new Date(row.last_update) };
}

async function intervalsOf(id: string) {
  const { rows } = await t.db.execute<{ status: string; started: number; ended: number | null }>(sql`
    select status, extract(epoch from started_at) * 1000 as started, extract(epoch from ended_at) * 1000 as ended
    from device_status_intervals where device_id = ${id} order by started_at`);
  return rows.map((r) => ({
    status: r.status,
    started: Number(r.started),
    ended: r.ended === null ? null : Number(r.ended),
  }));
}

/** Every row a report may write for a device, by table. */
async function rowCounts(id: string) {
  return one<Record<string, number>>(sql`select
    (select count(*)::int from device_telemetry where device_id = ${id}) as telemetry,
    (select count(*)::int from device_resource_samples where device_id = ${id}) as resources,
    (select count(*)::int from device_interface_samples where device_id = ${id}) as interfaces,
    (select count(*)::int from wan_samples where device_id = ${id}) as wan,
    (select count(*)::int from device_status_intervals where device_id = ${id}) as intervals,
    (select count(*)::int from alerts where device_id = ${id}) as alerts`);
}

const statusEvents = (deviceId: string) =>
  events.flatMap((e) => (e.event.type === 'device.status' && e.event.deviceId === deviceId ? [e.event] : []));

const FULL = {
  type: 'DeviceMonitoring',
  general: { hostname: 'branch-12-gw', local_time: 1795950000, uptime: 86400 },
  resources: {
    load: [0.5, 0.25, 0.125],
    cpus: 2,
    memory: { total: 1000, free: 200, available: 400 },
    disk: [
      { mount_point: '/boot', size_bytes: 100, used_bytes: 90 },
      { mount_point: '/', size_bytes: 8000, used_bytes: 2000 },
    ],
  },
  interfaces: [
    {
      name: 'eth0',
      type: 'ethernet',
      up: true,
      statistics: { rx_bytes: 123456, tx_bytes: 65432, rx_errors: 3, tx_errors: 1 },
      someFutureField: 'ignored',
    },
    {
      name: 'wlan0',
      type: 'wireless',
      up: true,
      wireless: {
        ssid: 'Branch-Guest',
        channel: 36,
        clients: [{ mac: 'a4:5e:60:00:00:01', signal: -52 }, { mac: 'a4:5e:60:00:00:02' }],
      },
    },
  ],
  vnoc: {
    protocol: 1,
    connection: 'primary',
    wan: {
      interface: 'eth0',
      ipAddress: '192.0.2.10',
      target: '192.0.2.1',
      latencyMs: 4.5,
      jitterMs: 0.5,
      lossPercent: 2,
    },
    cellular: [{ linkStatus: 'connected', serviceType: 'LTE', rsrp: -92, rsrq: -11, sinr: 12, rssi: -67 }],
    ports: [
      { id: 1, systemNumber: 1, type: 'WAN' },
      { id: 2, systemNumber: 2, type: 'LAN' },
    ],
    vlans: [{ id: 10, name: 'Staff' }],
    configVersion: { versionName: 'v7' },
  },
};

describe('a report', () => {
  it.each([
    {
      name: 'a full vNOC agent report',
      body: FULL,
      status: 'online',
      connection: 'primary',
      resources: {
        load1: 0.5,
        memory_used_percent: 60,
        disk_used_percent: 25,
        uptime_seconds: '86400',
        wireless_clients: 2,
      },
      interfaces: [
        {
          interface: 'eth0',
          up: true,
          rx_bytes: '123456',
          tx_bytes: '65432',
          rx_errors: '3',
          tx_errors: '1',
        },
        { interface: 'wlan0', up: true, rx_bytes: null, tx_bytes: null, rx_errors: null, tx_errors: null },
      ],
      wan: [{ source_interface: 'eth0', ip_address: '192.0.2.1', ping: 4.5, jitter: 0.5, loss: 2 }],
      signal: [{ linkStatus: 'connected', serviceType: 'LTE', rsrp: -92, rsrq: -11, sinr: 12, rssi: -67 }],
      ports: FULL.vnoc.ports,
      vlans: [{ id: 10, name: 'Staff', subnet: '' }],
      versions: ['v7'],
    },
    {
      name: "an OpenWrt report (signal from the modem's LTE section), on its backup link",
      body: {
        type: 'DeviceMonitoring',
        resources: { memory: { total: 2000, free: 500 } },
        interfaces: [
          {
            name: 'wwan0',
            type: 'modem-manager',
            up: true,
            mobile: {
              connection_status: 'connected',
              signal: { lte: { rsrp: -101, rsrq: -14, snr: 3.5, rssi: -75 } },
            },
          },
        ],
        vnoc: { connection: 'secondary' },
      },
      status: 'onbackup',
      connection: 'secondary',
      resources: {
        load1: null,
        memory_used_percent: 75,
        disk_used_percent: null,
        uptime_seconds: null,
        wireless_clients: null,
      },
      interfaces: [
        { interface: 'wwan0', up: true, rx_bytes: null, tx_bytes: null, rx_errors: null, tx_errors: null },
      ],
      wan: [],
      signal: [{ linkStatus: 'connected', serviceType: 'LTE', rsrp: -101, rsrq: -14, sinr: 3.5, rssi: -75 }],
      ports: [],
      vlans: [],
      versions: [],
    },
  ])('stores $name: latest telemetry, samples at its time, the device row and its status', async (c) => {
    const { device } = await edgeDevice();
    const outcome = await report(device.id, c.body, T0);
    expect(outcome).toEqual({ ok: true, stored: 'current' });

    const tel = await one<{ sampled: number; monitoring: Record<string, unknown> }>(sql`
      select extract(epoch from sampled_at) * 1000 as sampled, monitoring from device_telemetry where device_id = ${device.id}`);
    expect(Number(tel.sampled)).toBe(T0);
    // Unknown fields are not kept.
    expect(JSON.stringify(tel.monitoring)).not.toContain('someFutureField');

    const res =
      await t.db.execute(sql`select extract(epoch from time) * 1000 as at, load1, memory_used_percent,
      disk_used_percent, uptime_seconds, wireless_clients from device_resource_samples where device_id = ${device.id}`);
    expect(res.rows).toEqual(
      [{ at: String(T0), ...c.resources }].map((r) => ({ ...r, at: expect.anything() })),
    );
    expect(Number((res.rows[0] as { at: string }).at)).toBe(T0);

    const itf = await t.db.execute(sql`select interface, up, rx_bytes, tx_bytes, rx_errors, tx_errors
      from device_interface_samples where device_id = ${device.id} and time = ${new Date(T0).toISOString()} order by interface`);
    expect(itf.rows).toEqual(c.interfaces);

    const wan =
      await t.db.execute(sql`select source_interface, ip_address, ping, jitter, loss from wan_samples
      where device_id = ${device.id} and time = ${new Date(T0).toISOString()}`);
    expect(wan.rows).toEqual(c.wan);

    const row = await deviceRow(device.id);
    expect(row).toMatchObject({
      status: c.status,
      connection: c.connection,
      modem_signal_statistics: c.signal,
      port_mapping: c.ports,
      vlans: c.vlans,
    });
    expect(row.last_update?.getTime()).toBe(T0);
    expect(row.config_versions.map((v) => v.versionName)).toEqual(c.versions);
  });

  it('moves a never-connected device online from its first report, with its status period and live event', async () => {
    const { org, device } = await edgeDevice();
    expect(await intervalsOf(device.id)).toEqual([]);
    await report(device.id, { type: 'DeviceMonitoring' }, T0);
    expect(await intervalsOf(device.id)).toEqual([{ status: 'online', started: T0, ended: null }]);
    expect(statusEvents(device.id)).toEqual([
      {
        type: 'device.status',
        siteId: device.siteId,
        deviceId: device.id,
        from: 'unknown',
        to: 'online',
        at: new Date(T0).toISOString(),
      },
    ]);
    expect(events.find((e) => e.event.type === 'device.status')?.organizationId).toBe(org.id);
    // A later report changes no status: no new period, no event.
    await report(device.id, { type: 'DeviceMonitoring' }, T0 + MIN);
    expect(await intervalsOf(device.id)).toHaveLength(1);
    expect(statusEvents(device.id)).toHaveLength(1);
    expect((await deviceRow(device.id)).last_update?.getTime()).toBe(T0 + MIN);
  });

  it('a configuration version is appended once, when it changes', async () => {
    const { device } = await edgeDevice();
    const withVersion = (v: string) => ({
      type: 'DeviceMonitoring',
      vnoc: { configVersion: { versionName: v, internalChange: true } },
    });
    await report(device.id, withVersion('a'), T0);
    await report(device.id, withVersion('a'), T0 + MIN);
    await report(device.id, withVersion('b'), T0 + 2 * MIN);
    expect((await deviceRow(device.id)).config_versions).toEqual([
      { versionName: 'a', internalChange: true, at: new Date(T0).toISOString() },
      { versionName: 'b', internalChange: true, at: new Date(T0 + 2 * MIN).toISOString() },
    ]);
  });

  it('an older, buffered sample is stored at its own time and moves nothing', async () => {
    const { device } = await edgeDevice();
    await report(device.id, FULL, T0);
    const before = await deviceRow(device.id);
    const older = {
      ...FULL,
      general: { hostname: 'old', uptime: 10 },
      vnoc: { ...FULL.vnoc, connection: 'secondary', sampledAt: T0 - 10 * MIN },
    };
    expect(await report(device.id, older, T0 + 1000)).toEqual({ ok: true, stored: 'history' });
    const times = await t.db.execute<{ at: string }>(sql`select extract(epoch from time) * 1000 as at
      from device_resource_samples where device_id = ${device.id} order by time`);
    expect(times.rows.map((r) => Number(r.at))).toEqual([T0 - 10 * MIN, T0]);
    const wan = await t.db.execute<{
      at: string;
    }>(sql`select extract(epoch from time) * 1000 as at from wan_samples
      where device_id = ${device.id} order by time`);
    expect(wan.rows.map((r) => Number(r.at))).toEqual([T0 - 10 * MIN, T0]);
    // The latest telemetry, the status and when it was last heard are the newer report's.
    const tel = await one<{ host: string }>(sql`select monitoring -> 'general' ->> 'hostname' as host
      from device_telemetry where device_id = ${device.id}`);
    expect(tel.host).toBe('branch-12-gw');
    expect(await deviceRow(device.id)).toEqual(before);
  });

  it('a sample marked as not current (a backlog) adds history and leaves the status', async () => {
    const { device } = await edgeDevice();
    expect(await report(device.id, FULL, T0, { current: false })).toEqual({ ok: true, stored: 'history' });
    expect((await deviceRow(device.id)).status).toBe('unknown');
    expect((await rowCounts(device.id)).telemetry).toBe(1);
    expect(statusEvents(device.id)).toEqual([]);
  });

  it('a replayed sample is stored once', async () => {
    const { device } = await edgeDevice();
    const body = { ...FULL, vnoc: { ...FULL.vnoc, sampledAt: T0 } };
    await report(device.id, body, T0);
    const once = await rowCounts(device.id);
    await report(device.id, body, T0 + 5000);
    await report(device.id, body, T0 + 9000);
    expect(await rowCounts(device.id)).toEqual(once);
    expect(once).toMatchObject({ telemetry: 1, resources: 1, interfaces: 2, wan: 1, intervals: 1 });
  });

  it('reports of one device arriving at once are recorded one at a time: one period, the newest kept', async () => {
    const { device } = await edgeDevice();
    const times = Array.from({ length: 8 }, (_, i) => T0 + i * 1000);
    const outcomes = await Promise.all(
      times.map((at) => report(device.id, { ...FULL, general: { hostname: `h${at}` } }, at)),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await intervalsOf(device.id)).toEqual([
      { status: 'online', started: expect.any(Number), ended: null },
    ]);
    expect(statusEvents(device.id)).toHaveLength(1);
    const tel = await one<{ host: string }>(sql`select monitoring -> 'general' ->> 'hostname' as host
      from device_telemetry where device_id = ${device.id}`);
    expect(tel.host).toBe(`h${times.at(-1)}`);
    expect((await rowCounts(device.id)).resources).toBe(times.length);
  });

  it('the last boot is the sample time less the reported uptime; clock jitter keeps it, a reboot moves it', async () => {
    const { device } = await edgeDevice();
    const lastBoot = async () => {
      const row = await one<{ last_boot: Date | string | null }>(
        sql`select last_boot from devices where id = ${device.id}`,
      );
      return row.last_boot === null ? null : new Date(row.last_boot).toISOString();
    };
    await report(device.id, { type: 'DeviceMonitoring' }, T0);
    expect(await lastBoot()).toBeNull(); // no uptime reported: nothing claimed
    await report(device.id, { type: 'DeviceMonitoring', general: { uptime: 3_600 } }, T0 + MIN);
    expect(await lastBoot()).toBe(new Date(T0 + MIN - 3_600_000).toISOString());
    // A minute later the uptime says 2 s less than it should (clocks): the boot time stays.
    await report(device.id, { type: 'DeviceMonitoring', general: { uptime: 3_658 } }, T0 + 2 * MIN);
    expect(await lastBoot()).toBe(new Date(T0 + MIN - 3_600_000).toISOString());
    // Rebooted: 30 s up.
    await report(device.id, { type: 'DeviceMonitoring', general: { uptime: 30 } }, T0 + 10 * MIN);
    expect(await lastBoot()).toBe(new Date(T0 + 10 * MIN - 30_000).toISOString());
  });

  it('a sample from the future is taken as received', async () => {
    const { device } = await edgeDevice();
    await report(device.id, { type: 'DeviceMonitoring' }, T0, { sampledAt: T0 + 60 * MIN });
    expect((await deviceRow(device.id)).last_update?.getTime()).toBe(T0);
  });

  it("is refused for a device that does not exist, and writes nothing; a simulated device's is recorded", async () => {
    const org = await createOrganization(t.db);
    const sim = await createDevice(t.db, await createSite(t.db, org), {
      status: 'offline',
      connection: 'none',
    });
    const before = await rowCounts(sim.id);
    expect(await report('8d8f4b54-8e55-4b8e-9a54-6d6f8a0d0c11', FULL, T0)).toMatchObject({
      ok: false,
      reason: 'unknown-device',
    });
    expect(await report('not-a-uuid', FULL, T0)).toMatchObject({ ok: false, reason: 'unknown-device' });
    expect(await rowCounts(sim.id)).toEqual(before);
    // The simulator's devices publish over MQTT what the simulator decides: recorded the same way.
    expect(await report(sim.id, FULL, T0)).toEqual({ ok: true, stored: 'current' });
    expect(await deviceRow(sim.id)).toMatchObject({ status: 'online', connection: 'primary' });
  });

  it('a heartbeat with no resource figure (a simulated device) adds no resource sample, only its WAN sample', async () => {
    const { device } = await edgeDevice();
    const wan = { interface: 'WAN', ipAddress: '8.8.8.8', latencyMs: 21.5, jitterMs: 2, lossPercent: 0 };
    await report(device.id, { type: 'DeviceMonitoring', vnoc: { connection: 'primary' } }, T0);
    await report(device.id, { type: 'DeviceMonitoring', vnoc: { connection: 'primary', wan } }, T0 + MIN);
    expect(await rowCounts(device.id)).toMatchObject({ resources: 0, interfaces: 0, wan: 1, telemetry: 1 });
    expect((await deviceRow(device.id)).last_update?.getTime()).toBe(T0 + MIN);
  });
});

describe('a device going away', () => {
  it('gone: offline from then, its period, the site-offline alert and the live event; last heard kept', async () => {
    const { org, device } = await edgeDevice();
    await report(device.id, FULL, T0);
    await ingest.gone(device.id, T0 + 30_000);
    const row = await deviceRow(device.id);
    expect(row).toMatchObject({ status: 'offline', connection: 'none' });
    expect(row.last_update?.getTime()).toBe(T0);
    expect(await intervalsOf(device.id)).toEqual([
      { status: 'online', started: T0, ended: T0 + 30_000 },
      { status: 'offline', started: T0 + 30_000, ended: null },
    ]);
    const { rows } = await t.db.execute<{ code: string; state: string }>(
      sql`select code, state from alerts where device_id = ${device.id} and state = 'active'`,
    );
    // (Its weak signal, raised while it was up, is not an active condition of a device that is down.)
    expect(rows).toEqual([{ code: 'site_offline', state: 'active' }]);
    expect(statusEvents(device.id).map((e) => [e.from, e.to, e.at])).toEqual([
      ['unknown', 'online', new Date(T0).toISOString()],
      ['online', 'offline', new Date(T0 + 30_000).toISOString()],
    ]);
    expect(events.some((e) => e.organizationId === org.id && e.event.type === 'alert.raised')).toBe(true);

    // Back: its next report brings it online and clears the alert.
    await report(device.id, FULL, T0 + 5 * MIN);
    expect((await deviceRow(device.id)).status).toBe('online');
    const after = await t.db.execute<{ state: string }>(
      sql`select state from alerts where device_id = ${device.id} and code = 'site_offline'`,
    );
    expect(after.rows.map((r) => r.state)).toEqual(['cleared']);
  });

  it('online (its state message) brings it up without telemetry; gone of a device that is not up changes nothing', async () => {
    const { device } = await edgeDevice('agent', '5g');
    await ingest.gone(device.id, T0);
    expect((await deviceRow(device.id)).status).toBe('unknown');
    await ingest.online(device.id, T0);
    const row = await deviceRow(device.id);
    expect(row.status).toBe('online');
    expect(row.last_update?.getTime()).toBe(T0);
    expect((await rowCounts(device.id)).telemetry).toBe(0);
  });

  it('rebooting (its state message): rebooting from then until its next report, which sets its last boot', async () => {
    const { device } = await edgeDevice();
    await report(device.id, FULL, T0);
    await ingest.rebooting(device.id, T0 + MIN);
    expect(await deviceRow(device.id)).toMatchObject({ status: 'rebooting', connection: 'none' });
    await report(device.id, { type: 'DeviceMonitoring' }, T0 + 3 * MIN);
    const { last_boot } = await one<{ last_boot: Date }>(
      sql`select last_boot from devices where id = ${device.id}`,
    );
    expect(new Date(last_boot).getTime()).toBe(T0 + 3 * MIN);
    expect((await intervalsOf(device.id)).map((i) => [i.status, i.started])).toEqual([
      ['online', T0],
      ['rebooting', T0 + MIN],
      ['online', T0 + 3 * MIN],
    ]);
    // Gone while rebooting (it never came back): offline.
    await ingest.rebooting(device.id, T0 + 4 * MIN);
    await ingest.gone(device.id, T0 + 5 * MIN);
    expect((await intervalsOf(device.id)).at(-1)).toMatchObject({ status: 'offline', started: T0 + 5 * MIN });
  });

  it('a state message is recorded at the time it says it happened, never later than received', async () => {
    const { device } = await edgeDevice();
    const route = createDeviceMessageRouter({ ingest, log: silentLog });
    const state = (body: object, receivedAt: number) =>
      route(deviceTopic(device.id, 'state'), Buffer.from(JSON.stringify(body)), receivedAt);
    await report(device.id, FULL, T0);
    expect(await state({ status: 'rebooting', at: T0 + 10_000 }, T0 + 14_000)).toBe('stored');
    // A time ahead of the reception is taken as received.
    expect(await state({ status: 'gone', at: T0 + 99 * MIN }, T0 + 20_000)).toBe('stored');
    expect((await intervalsOf(device.id)).map((i) => [i.status, i.started])).toEqual([
      ['online', T0],
      ['rebooting', T0 + 10_000],
      ['offline', T0 + 20_000],
    ]);
  });

  it('a state of an earlier connection (its session stamp), or an online of a connection already gone, changes nothing', async () => {
    const { org, device } = await edgeDevice();
    await issueDeviceSecret(t.db, device.id, org.id);
    const route = createDeviceMessageRouter({ ingest, log: silentLog });
    const state = (body: object, receivedAt: number) =>
      route(deviceTopic(device.id, 'state'), Buffer.from(JSON.stringify(body)), receivedAt);
    const S1 = T0 - 10 * MIN;
    const S2 = T0;
    await state({ status: 'online', at: S1, session: S1 }, S1);
    // It dropped and came back; its new connection's online reached vNOC before the old one's will.
    await state({ status: 'online', at: S2, session: S2 }, S2);
    expect((await deviceRow(device.id)).status).toBe('online');
    await state({ status: 'gone', session: S1 }, S2 + 1_000);
    expect((await deviceRow(device.id)).status).toBe('online');
    // Its will came before the online of the same connection (two workers, out of order): it stays down.
    await state({ status: 'gone', session: S2 }, S2 + 2 * MIN);
    expect((await deviceRow(device.id)).status).toBe('offline');
    await state({ status: 'online', at: S2, session: S2 }, S2 + 2 * MIN + 1);
    expect((await deviceRow(device.id)).status).toBe('offline');
    // A new connection brings it up; a state with no stamp (an older agent) is taken as before.
    await state({ status: 'online', at: S2 + 3 * MIN, session: S2 + 3 * MIN }, S2 + 3 * MIN);
    expect((await deviceRow(device.id)).status).toBe('online');
    await state({ status: 'gone' }, S2 + 4 * MIN);
    expect((await deviceRow(device.id)).status).toBe('offline');
    expect((await intervalsOf(device.id)).map((i) => [i.status, i.started])).toEqual([
      ['online', S1],
      ['offline', S2 + 2 * MIN],
      ['online', S2 + 3 * MIN],
      ['offline', S2 + 4 * MIN],
    ]);
  });

  it('sweep: a device silent past its heartbeat timeout goes offline (the clock injected)', async () => {
    // A day later than the other tests' reports: their devices are swept first, so the counts are this test's.
    const TS = T0 + 24 * 60 * MIN;
    await ingest.sweep(TS);
    const agent = await edgeDevice('agent');
    const later = await edgeDevice('agent');
    // OpenWISP's agent reports every 5 minutes: it is silent after 3 of them missed.
    const openwisp = await edgeDevice('openwisp');
    await report(agent.device.id, FULL, TS);
    await report(later.device.id, FULL, TS + 2 * MIN);
    await report(openwisp.device.id, FULL, TS);
    expect(await ingest.sweep(TS + TIMEOUT - 1)).toBe(0);
    expect(await ingest.sweep(TS + TIMEOUT + 1)).toBe(1);
    expect((await deviceRow(agent.device.id)).status).toBe('offline');
    expect((await deviceRow(later.device.id)).status).toBe('online');
    expect((await deviceRow(openwisp.device.id)).status).toBe('online');
    expect((await intervalsOf(agent.device.id)).at(-1)).toEqual({
      status: 'offline',
      started: TS + TIMEOUT + 1,
      ended: null,
    });
    expect((await deviceRow(agent.device.id)).last_update?.getTime()).toBe(TS);
    // Swept once: the next sweep finds nothing more.
    expect(await ingest.sweep(TS + TIMEOUT + 2)).toBe(0);
    // The later one reported 2 minutes after; OpenWISP's after 15 minutes.
    expect(await ingest.sweep(TS + 15 * MIN - 1)).toBe(1);
    expect((await deviceRow(openwisp.device.id)).status).toBe('online');
    expect(await ingest.sweep(TS + 15 * MIN + 1)).toBe(1);
    expect((await deviceRow(openwisp.device.id)).status).toBe('offline');
  });

  it('sweep: a real device rebooting past its timeout goes offline; a simulated device is never swept', async () => {
    const TS = T0 + 48 * 60 * MIN;
    await ingest.sweep(TS);
    const { device } = await edgeDevice();
    const sim = await createDevice(t.db, (await edgeDevice()).site, { driver: 'simulator' });
    await report(device.id, FULL, TS);
    await report(sim.id, FULL, TS);
    await ingest.rebooting(device.id, TS + MIN);
    expect(await ingest.sweep(TS + MIN + TIMEOUT + 1)).toBe(1);
    expect((await deviceRow(device.id)).status).toBe('offline');
    // The simulator says when its devices go down.
    expect((await deviceRow(sim.id)).status).toBe('online');
  });
});

describe('a malformed report', () => {
  const big = {
    type: 'DeviceMonitoring',
    general: { hostname: 'x' },
    neighbors: Array.from({ length: 4000 }, (_, i) => ({ mac: `${i}`.padEnd(150, 'x') })),
  };
  it.each([
    ['not JSON', '{"type": "DeviceMonitoring",'],
    ['a JSON array', '[]'],
    ['a JSON string', '"DeviceMonitoring"'],
    ['null', null],
    ['a number', 42],
    ['another NetJSON type', { type: 'NetworkGraph' }],
    ['a field of the wrong type', { type: 'DeviceMonitoring', interfaces: 'eth0' }],
    [
      'a negative counter',
      { type: 'DeviceMonitoring', interfaces: [{ name: 'eth0', statistics: { rx_bytes: -1 } }] },
    ],
    [
      'a loss over 100 %',
      { type: 'DeviceMonitoring', vnoc: { wan: { interface: 'eth0', lossPercent: 150 } } },
    ],
    [
      'a counter no column holds',
      { type: 'DeviceMonitoring', interfaces: [{ name: 'eth0', statistics: { tx_bytes: 1e20 } }] },
    ],
    ['a load no sane device has', { type: 'DeviceMonitoring', resources: { load: [1e300] } }],
    ['a NUL character', { type: 'DeviceMonitoring', general: { hostname: 'a\u0000b' } }],
    // As MQTT hands a report over: its bytes (only a `\u` escape can make a NUL or a lone surrogate of them).
    [
      'a NUL character in bytes',
      Buffer.from('{"type":"DeviceMonitoring","general":{"hostname":"a\\u0000b"}}'),
    ],
    [
      'a lone surrogate in bytes',
      Buffer.from('{"type":"DeviceMonitoring","interfaces":[{"name":"\\ud800"}]}'),
    ],
    ['600 KiB of bytes', Buffer.from(JSON.stringify(big))],
    ['600 KiB', big],
    ['600 KiB of text', JSON.stringify(big)],
  ])('%s: nothing written, counted, logged with the device', async (_name, body) => {
    const { device } = await edgeDevice();
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(600 * 1024);
    const before = await rowCounts(device.id);
    const outcome = await report(device.id, body, T0);
    expect(outcome).toMatchObject({ ok: false, reason: 'malformed' });
    expect(outcome.ok === false && outcome.message.length).toBeGreaterThan(0);
    expect(await rowCounts(device.id)).toEqual(before);
    expect(await deviceRow(device.id)).toMatchObject({ status: 'unknown', last_update: null });
    expect(ingest.malformedCount(device.id)).toBe(1);
    expect(warnings).toEqual([
      { obj: expect.objectContaining({ deviceId: device.id }), msg: expect.any(String) },
    ]);
    // Never the body in the log.
    expect(JSON.stringify(warnings)).not.toContain('xxxxxxxx');
  });

  it('bytes that are not UTF-8 are read as U+FFFD, stored like any text (never a lone surrogate)', async () => {
    const { device } = await edgeDevice();
    // ED A0 80: a UTF-16 surrogate encoded as if it were a character, which UTF-8 does not allow.
    const bytes = Buffer.concat([
      Buffer.from('{"type":"DeviceMonitoring","general":{"hostname":"a'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(`"},"vnoc":{"sampledAt":${T0 - 1_000}}}`),
    ]);
    expect(await report(device.id, bytes, T0)).toEqual({ ok: true, stored: 'current' });
    const stored = await one<{ hostname: string; sampled_at: Date }>(
      sql`select monitoring -> 'general' ->> 'hostname' as hostname, sampled_at from device_telemetry
        where device_id = ${device.id}`,
    );
    expect(stored.hostname).toBe('a\ufffd\ufffd\ufffd');
    // Its time is the one it carries (`vnoc.sampledAt`).
    expect(new Date(stored.sampled_at).getTime()).toBe(T0 - 1_000);
  });

  it('says where the report is wrong', async () => {
    const { device } = await edgeDevice();
    const outcome = await report(
      device.id,
      { type: 'DeviceMonitoring', vnoc: { wan: { interface: 'eth0', lossPercent: 150 } } },
      T0,
    );
    expect(outcome).toMatchObject({ ok: false, message: expect.stringMatching(/^vnoc\.wan\.lossPercent: /) });
    await report(device.id, '[', T0);
    expect(ingest.malformedCount(device.id)).toBe(2);
  });
});

describe('a device whose secret was revoked or rotated since it connected', () => {
  // An external broker keeps a connection it accepted before; the ingest refuses what comes on it.
  async function connected() {
    const { org, device } = await edgeDevice();
    const secret = await issueDeviceSecret(t.db, device.id, org.id);
    expect(await report(device.id, FULL, T0)).toEqual({ ok: true, stored: 'current' });
    return { org, device, secret };
  }

  it('revoked: its reports, online states and messages are refused, counted and logged; nothing stored', async () => {
    const { device } = await connected();
    await ingest.gone(device.id, T0 + MIN);
    expect(await revokeDeviceSecret(t.db, device.id)).toBe(true);
    const before = await rowCounts(device.id);
    warnings = [];

    expect(await report(device.id, FULL, T0 + 2 * MIN)).toMatchObject({ ok: false, reason: 'revoked' });
    await ingest.online(device.id, T0 + 2 * MIN);
    expect(await ingest.refuses(device.id, 'agent')).toBe(true);

    expect(await rowCounts(device.id)).toEqual(before);
    const row = await deviceRow(device.id);
    expect(row.status).toBe('offline');
    expect(row.last_update?.getTime()).toBe(T0);
    expect(ingest.refusedCount(device.id)).toBe(3);
    expect(warnings).toHaveLength(3);
    for (const w of warnings) expect(w.obj).toMatchObject({ deviceId: device.id, source: 'agent' });
    expect(ingest.malformedCount(device.id)).toBe(0);
  });

  it('revoked: its will (gone) is still taken, a device cut off being down', async () => {
    const { device } = await connected();
    await revokeDeviceSecret(t.db, device.id);
    await ingest.gone(device.id, T0 + MIN);
    expect((await deviceRow(device.id)).status).toBe('offline');
  });

  it('rotated: refused until a connection proves the new secret; the old one proves nothing', async () => {
    const { org, device, secret } = await connected();
    const rotated = await issueDeviceSecret(t.db, device.id, org.id);
    expect(await report(device.id, FULL, T0 + MIN)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(await checkDeviceSecret(t.db, device.id, secret)).toMatchObject({
      ok: false,
      reason: 'wrong-secret',
    });
    expect(await report(device.id, FULL, T0 + 2 * MIN)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(await ingest.refuses(device.id, 'agent')).toBe(true);

    // The device connects with its new secret (the broker checks it), which ends the old connection.
    expect(await checkDeviceSecret(t.db, device.id, rotated)).toMatchObject({ ok: true });
    expect(await report(device.id, FULL, T0 + 3 * MIN)).toEqual({ ok: true, stored: 'current' });
    expect(await ingest.refuses(device.id, 'agent')).toBe(false);
    expect(ingest.refusedCount(device.id)).toBe(3);
    expect((await rowCounts(device.id)).resources).toBe(2);
  });

  it("never refuses a simulated device's messages: the server gives it a new secret at every start", async () => {
    const org = await createOrganization(t.db);
    const sim = await createDevice(t.db, await createSite(t.db, org));
    await issueDeviceSecret(t.db, sim.id, org.id);
    await issueDeviceSecret(t.db, sim.id, org.id);
    expect(await ingest.refuses(sim.id, 'agent')).toBe(false);
    expect(ingest.refusedCount(sim.id)).toBe(0);
  });

  it('a secret issued again after a revocation is refused the same way until proved', async () => {
    const { org, device } = await connected();
    await revokeDeviceSecret(t.db, device.id);
    const fresh = await issueDeviceSecret(t.db, device.id, org.id);
    expect(await report(device.id, FULL, T0 + MIN)).toMatchObject({ ok: false, reason: 'revoked' });
    await checkDeviceSecret(t.db, device.id, fresh);
    expect(await report(device.id, FULL, T0 + 2 * MIN)).toEqual({ ok: true, stored: 'current' });
  });
});

describe('runSweeps', () => {
  it('sweeps on its period, never two at once, and stop waits for the one running', async () => {
    vi.useFakeTimers();
    try {
      const calls: number[] = [];
      let finish: (() => void) | undefined;
      const sweeper = runSweeps(
        {
          sweep: (now) => {
            calls.push(now);
            return new Promise<number>((resolve) => {
              finish = () => resolve(0);
            });
          },
        },
        1000,
        { now: () => 42 },
      );
      await vi.advanceTimersByTimeAsync(3500);
      // The first sweep has not finished: the next periods are skipped.
      expect(calls).toEqual([42]);
      finish?.();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toEqual([42, 42]);
      let stopped = false;
      const stopping = sweeper.stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      finish?.();
      await stopping;
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
