import { beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../src/db/schema.ts';
import { createDeviceIngest } from '../src/fleet/edge/ingest.ts';
import { backfillHistory, type Gateway, startGateway, type TickResult } from '../src/fleet/gateway/index.ts';
import { loadDevices } from '../src/fleet/gateway/sql.ts';
import { generateFleet, mulberry32 } from '../src/fleet/seed-fleet.ts';
import {
  type ActiveEpisode,
  DAY,
  initialState,
  isLegalTransition,
  isSilent,
  isUp,
  MINUTE,
  type StatusEvent,
  simulate,
} from '../src/fleet/simulator/index.ts';
import { loadConfig } from '../src/plugins/config.ts';
import { inProcessDevices } from './edge-support.ts';
import { createOrganization } from './factories.ts';
import { count, useTestApp } from './helpers.ts';

const t = useTestApp();
const SEED = 4242;
const SPEED = 60;
const T0 = Date.parse('2026-03-02T10:00:00.000Z');
const STEP = 60_000; // one real minute per tick = one simulated hour at SIM_SPEED 60
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let fleet: ReturnType<typeof generateFleet>;
/**
 * The gateway from `now`, its devices' messages recorded by the app's ingest (the device edge) as the broker hands
 * them over.
 */
const gatewayAt = (now: number) =>
  startGateway({
    db: t.db,
    log: silent,
    seed: SEED,
    speed: SPEED,
    now,
    devices: inProcessDevices(t.app.edge.ingest),
  });

beforeAll(async () => {
  const orgs = [await createOrganization(t.db), await createOrganization(t.db)].map((o, i) => ({
    id: o.id,
    name: o.name,
    siteLabel: `Org${i}`,
    aliasPrefix: `O${i}`,
    accountHolder: 'Holder',
    vlanName: 'POS',
  }));
  fleet = generateFleet(SEED, orgs, 12, new Date(T0));
  await t.db.insert(sites).values(fleet.sites);
  await t.db.insert(devices).values(fleet.devices);
});

/** Per device, ordered periods chain (each ends where the next starts), exactly one open, matching the device. */
async function expectIntervalsChain(): Promise<void> {
  const { rows: broken } = await t.pool.query(`
    select device_id, started_at, ended_at, next_start from (
      select device_id, started_at, ended_at,
             lead(started_at) over (partition by device_id order by started_at) as next_start
      from device_status_intervals) x
    where (next_start is null) <> (ended_at is null) or ended_at <> next_start or ended_at <= started_at`);
  expect(broken).toEqual([]);
  const { rows: mismatched } = await t.pool.query(`
    select d.id, d.status, (select count(*) from device_status_intervals i
                            where i.device_id = d.id and i.ended_at is null) as open
    from devices d
    where (select count(*) from device_status_intervals i where i.device_id = d.id and i.ended_at is null) <> 1
       or not exists (select 1 from device_status_intervals i
                      where i.device_id = d.id and i.ended_at is null and i.status = d.status)`);
  expect(mismatched).toEqual([]);
}

async function statuses(): Promise<Map<string, string>> {
  const { rows } = await t.pool.query<{ id: string; status: string }>('select id, status from devices');
  return new Map(rows.map((r) => [r.id, r.status]));
}

async function runTicks(gateway: Gateway, from: number, ticks: number): Promise<StatusEvent[]> {
  const events: StatusEvent[] = [];
  for (let k = 1; k <= ticks; k++) {
    const result = await gateway.tick(from + k * STEP);
    if (result.skipped) throw new Error('a sequential tick was skipped');
    expect(result.error).toBeUndefined();
    expect(result.failed).toBe(0);
    events.push(...result.events);
  }
  return events;
}

describe('SIM_SPEED and SIM_SEED', () => {
  it('default to 1 and 20261121; SIM_SPEED below 1 or not a number is refused', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({ simSpeed: 1, simSeed: 20261121 });
    expect(loadConfig({ SIM_SPEED: '60', SIM_SEED: '7' }, '/srv')).toMatchObject({
      simSpeed: 60,
      simSeed: 7,
    });
    expect(() => loadConfig({ SIM_SPEED: '0.5' }, '/srv')).toThrow(/SIM_SPEED/);
    expect(() => loadConfig({ SIM_SPEED: 'fast' }, '/srv')).toThrow(/SIM_SPEED/);
    expect(() => loadConfig({ SIM_SEED: '1.5' }, '/srv')).toThrow(/SIM_SEED/);
  });
});

describe('the simulator gateway', () => {
  let first: Gateway;
  let lastTick = T0;
  const before = new Map<string, string>();

  it('backfills history once: intervals chain and end in each device status, with samples and rollups', async () => {
    const history = await backfillHistory(t.db, { seed: SEED, now: T0, days: 3 });
    expect(history).not.toBeNull();
    expect(history?.devices).toBe(fleet.devices.length);
    expect(await count(t.pool, 'device_status_intervals')).toBe(history?.intervals);
    expect(await count(t.pool, 'wan_samples')).toBe(history?.samples);
    expect(history?.samples).toBeGreaterThan(0);
    // One rollup per device per complete day.
    expect(await count(t.pool, 'device_daily_stats')).toBe(3 * fleet.devices.length);
    await expectIntervalsChain();
    // Offline devices were last heard from when their current period began.
    const { rows } = await t.pool.query(`
      select d.id from devices d join device_status_intervals i on i.device_id = d.id and i.ended_at is null
      where d.status = 'offline' and d.last_update <> i.started_at`);
    expect(rows).toEqual([]);
    // Not again.
    expect(await backfillHistory(t.db, { seed: SEED, now: T0, days: 3 })).toBeNull();
    for (const [id, s] of await statuses()) before.set(id, s);
  });

  it('ticks move devices through legal changes, recorded in devices and intervals', async () => {
    first = await gatewayAt(T0);
    // 3 real hours at SIM_SPEED 60 = 7.5 simulated days.
    const events = await runTicks(first, T0, 180);
    lastTick = T0 + 180 * STEP;
    expect(events.length).toBeGreaterThan(10);
    for (const e of events) {
      expect(isLegalTransition(e.from, e.to), `${e.from} → ${e.to}`).toBe(true);
      expect(e.at).toBeGreaterThanOrEqual(T0);
      expect(e.at).toBeLessThanOrEqual(lastTick);
    }
    // Each device's events continue from its previous status.
    const now = new Map(before);
    for (const e of events) {
      expect(e.from).toBe(now.get(e.deviceId));
      now.set(e.deviceId, e.to);
    }
    expect(await statuses()).toEqual(now);
    for (const d of first.state.devices) expect(now.get(d.id)).toBe(d.status);
    // The simulation knows each device's organization and region (its site's state).
    const where = new Map(
      fleet.sites.map((s) => [s.id, { organizationId: s.organizationId, region: s.state }]),
    );
    for (const d of first.state.devices)
      expect({ organizationId: d.organizationId, region: d.region }).toEqual(where.get(d.siteId));
    await expectIntervalsChain();
    // The changes are in the intervals at their (real) times.
    const { rows } = await t.pool.query<{ n: string }>(
      'select count(*) as n from device_status_intervals where started_at > $1',
      [new Date(T0).toISOString()],
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(10);
    // Edge devices show their link: primary online, secondary on backup, none otherwise.
    const { rows: wrong } = await t.pool.query(`
      select id from devices where kind in ('firewall', '5g') and connection <> case status
        when 'online' then 'primary' when 'onbackup' then 'secondary' else 'none' end`);
    expect(wrong).toEqual([]);
  });

  it('WAN samples are stored only while the edge device is up, about one per real minute', async () => {
    const since = new Date(T0).toISOString();
    const live = await count(t.pool, 'wan_samples', 'time >= $1', [since]);
    expect(live).toBeGreaterThan(100);
    // Each sample falls in an online or onbackup period of its device (LTE exactly when on backup).
    const { rows } = await t.pool.query(
      `select w.device_id, w.time, w.source_interface from wan_samples w
       where w.time >= $1 and not exists (
         select 1 from device_status_intervals i
         where i.device_id = w.device_id and i.started_at <= w.time and (i.ended_at is null or i.ended_at > w.time)
           and i.status in ('online', 'onbackup')
           and (w.source_interface = 'LTE') = (i.status = 'onbackup'))`,
      [since],
    );
    expect(rows).toEqual([]);
    const { rows: kinds } = await t.pool.query(
      `select distinct d.kind from wan_samples w join devices d on d.id = w.device_id where w.time >= $1`,
      [since],
    );
    expect(kinds.length).toBeGreaterThan(0);
    for (const k of kinds) expect(['firewall', '5g']).toContain(k.kind);
    // Packet loss is stored: nil mostly, a blip now and then, at most 15 % (a congested WAN).
    const { rows: loss } = await t.pool.query<{ min: number; max: number; lossy: string; n: string }>(
      'select min(loss) as min, max(loss) as max, count(*) filter (where loss > 0) as lossy, count(*) as n from wan_samples',
    );
    expect(loss[0]?.min).toBe(0);
    expect(loss[0]?.max).toBeLessThanOrEqual(15);
    expect(Number(loss[0]?.lossy)).toBeGreaterThan(0);
    expect(Number(loss[0]?.lossy) / Number(loss[0]?.n)).toBeLessThan(0.05);
    // No more than one per device per real minute.
    const { rows: dense } = await t.pool.query(
      `select device_id, date_trunc('minute', time) from wan_samples where time >= $1
       group by 1, 2 having count(*) > 1`,
      [since],
    );
    expect(dense).toEqual([]);
  });

  it('heartbeats: devices that are up were heard from at the last tick; a reboot sets the last boot', async () => {
    const { rows: stale } = await t.pool.query<{ id: string }>(
      `select id, last_update from devices where status in ('online', 'onbackup') and last_update <> $1`,
      [new Date(lastTick).toISOString()],
    );
    // Only a device that lost its cloud connection (see below) is not heard from.
    const simNow = first.clock.toSim(lastTick);
    const silentNow = first.state.devices.filter((d) => isSilent(d, simNow)).map((d) => d.id);
    expect(stale.map((r) => r.id).sort()).toEqual(silentNow.sort());
    const { rows: reboots } = await t.pool.query<{ device_id: string; booted: Date }>(`
      select device_id, max(started_at) as booted from (
        select device_id, status, started_at,
               lag(status) over (partition by device_id order by started_at) as prev
        from device_status_intervals) x
      where prev = 'rebooting' and status = 'online' and started_at > '${new Date(T0).toISOString()}'
      group by device_id`);
    expect(reboots.length).toBeGreaterThan(0);
    for (const r of reboots) {
      const { rows } = await t.pool.query<{ last_boot: Date; status: string }>(
        'select last_boot, status from devices where id = $1',
        [r.device_id],
      );
      expect(rows[0]?.last_boot.getTime()).toBe(r.booted.getTime());
    }
  });

  it('drifted signals are written about once a real minute', async () => {
    const { rows } = await t.pool.query<{ s: { rsrp: number }[] }>(
      "select modem_signal_statistics as s from devices where kind = '5g' order by id",
    );
    const original = fleet.devices.filter((d) => d.kind === '5g').sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(rows.length).toBe(original.length);
    const changed = rows.filter((r, i) => r.s[0]?.rsrp !== original[i]?.modemSignalStatistics[0]?.rsrp);
    expect(changed.length).toBeGreaterThan(0);
  });

  it('ticks never overlap: a tick asked for while one runs is skipped', async () => {
    const a = first.tick(lastTick + 5_000);
    const b = await first.tick(lastTick + 10_000);
    expect(b).toEqual({ skipped: true });
    const done = (await a) as TickResult;
    expect(done.skipped).toBe(false);
    lastTick += 5_000;
    await first.stop();
    await expectIntervalsChain();
  });

  it('a restarted gateway continues from the stored statuses, legally and without gaps', async () => {
    const stored = await statuses();
    const restartAt = lastTick + 30_000; // the server was down for half a minute
    const second = await gatewayAt(restartAt);
    for (const d of second.state.devices) expect(d.status).toBe(stored.get(d.id));
    const events = await runTicks(second, restartAt, 120);
    expect(events.length).toBeGreaterThan(0);
    const now = new Map(stored);
    for (const e of events) {
      expect(isLegalTransition(e.from, e.to), `${e.from} → ${e.to}`).toBe(true);
      expect(e.from).toBe(now.get(e.deviceId));
      now.set(e.deviceId, e.to);
    }
    expect(await statuses()).toEqual(now);
    await second.stop();
    await expectIntervalsChain();
    // Samples only for up devices after the restart too.
    const ups = [...now].filter(([, s]) => isUp(s as never)).length;
    expect(ups).toBeGreaterThan(0);
  });

  it('messages the ingest cannot store (the database away) are logged; the fleet goes on and the next ones are stored', async () => {
    let fail = false;
    const flaky = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction' && fail) return () => Promise.reject(new Error('database unavailable'));
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const warnings: unknown[] = [];
    const log = { ...silent, warn: (...args: unknown[]) => void warnings.push(args) };
    const start = T0 + 6 * 3_600_000;
    const ingest = createDeviceIngest({ db: flaky, log: silent, heartbeatTimeoutMs: 180_000 });
    const g = await startGateway({
      db: t.db,
      log,
      seed: SEED + 1,
      speed: SPEED,
      now: start,
      devices: inProcessDevices(ingest),
    });
    const samples = await count(t.pool, 'wan_samples');
    fail = true;
    const failed = await g.tick(start + 30 * STEP);
    if (failed.skipped) throw new Error('skipped');
    expect(failed.samples).toBeGreaterThan(0);
    expect([failed.sent, failed.failed > 0]).toEqual([0, true]);
    expect(warnings).toHaveLength(1);
    expect(await count(t.pool, 'wan_samples')).toBe(samples);
    fail = false;
    const next = await g.tick(start + 31 * STEP);
    if (next.skipped) throw new Error('skipped');
    expect([next.samples > 0, next.sent > 0, next.failed]).toEqual([true, true, 0]);
    expect(await count(t.pool, 'wan_samples')).toBe(samples + next.samples);
    await g.stop();
    await expectIntervalsChain();
  });

  it('a device added after the history gets a status period from the gateway start', async () => {
    const [extra] = await t.db
      .insert(devices)
      .values({
        ...fleet.devices[0],
        id: undefined,
        macAddress: '02:aa:bb:cc:dd:ee',
        status: 'online',
      } as never)
      .returning({ id: devices.id });
    const at = T0 + 10 * 3_600_000;
    const g = await gatewayAt(at);
    await g.stop();
    const { rows } = await t.pool.query<{ status: string; started_at: Date }>(
      'select status, started_at from device_status_intervals where device_id = $1',
      [extra?.id],
    );
    expect(rows).toEqual([{ status: 'online', started_at: new Date(at) }]);
    await expectIntervalsChain();
  });

  it('a device that lost its cloud connection stays online but sends no heartbeats until it is back', async () => {
    const at = T0 + 12 * 3_600_000;
    const g = await gatewayAt(at);
    // The gateway is deterministic: mirror it (same devices, seed and rng) to find its first silent episode.
    const rng = mulberry32(SEED);
    let mirror = initialState(await loadDevices(t.db), SEED, g.clock.toSim(at), rng);
    expect(mirror).toEqual(g.state);
    let found: { id: string; episode: ActiveEpisode } | undefined;
    for (let from = g.clock.toSim(at); !found && from < g.clock.toSim(at) + 60 * DAY; from += 5 * MINUTE) {
      mirror = simulate(mirror, from, from + 5 * MINUTE, rng, { sampleEveryMs: DAY }).state;
      const d = mirror.devices.find((x) => x.episode?.kind === 'silent');
      if (d?.episode) found = { id: d.id, episode: d.episode };
    }
    if (!found) throw new Error('no silent episode in 60 simulated days');
    const { id, episode } = found;
    const lastUpdate = async () => {
      const { rows } = await t.pool.query<{ last_update: Date; status: string }>(
        'select last_update, status from devices where id = $1',
        [id],
      );
      return rows[0];
    };
    // One tick into the silence: the device is online, everyone up but it was heard from now.
    const during = Math.ceil(g.clock.toReal(episode.from + MINUTE));
    expect((await g.tick(during)).skipped).toBe(false);
    const device = g.state.devices.find((d) => d.id === id);
    expect(device && isSilent(device, g.clock.toSim(during))).toBe(true);
    const quiet = await lastUpdate();
    expect(quiet?.status).toBe('online');
    expect(quiet?.last_update.getTime()).toBeLessThan(during);
    const { rows: others } = await t.pool.query(
      `select id from devices where status in ('online', 'onbackup') and id <> $1 and last_update <> $2`,
      [id, new Date(during).toISOString()],
    );
    expect(others).toEqual([]);
    // Back after it: heard from at the next tick.
    const after = Math.ceil(g.clock.toReal(episode.until + MINUTE));
    await g.tick(after);
    const back = await lastUpdate();
    if (back && isUp(back.status as never)) expect(back.last_update.getTime()).toBe(after);
    await g.stop();
    await expectIntervalsChain();
  });
});
