import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEnvelope } from '../src/events/bus.ts';
import { createAlertEngine } from '../src/fleet/alerts/index.ts';
import { createKeyedBatcher } from '../src/fleet/edge/batcher.ts';
import { createDeviceIngest, type EdgeIngest } from '../src/fleet/edge/ingest.ts';
import { createDeviceMessageRouter } from '../src/fleet/edge/messages.ts';
import { createDevice, createOrganization, createSite } from './factories.ts';
import { silentLog, useTestApp } from './helpers.ts';

/**
 * Issue 36, "Budgets": the ingest stores many devices' reports in one transaction (fleet/edge/batcher.ts). What a
 * batch must keep: each device's reports in the order they came, the newest rule, one status change and its
 * event per device; a malformed report changes nothing else; a report that could not be stored is not
 * acknowledged (the router answers 'retry', so no PUBACK), while the others of its batch are.
 */
const t = useTestApp();
const MIN = 60_000;
const T0 = Date.now() - 10 * MIN;

let ingest: EdgeIngest;
let events: Pick<LiveEnvelope, 'organizationId' | 'event'>[];
let unsubscribe: () => void;

beforeEach(() => {
  events = [];
  unsubscribe = t.bus.subscribe((e) => events.push(e));
  const alerts = createAlertEngine({ db: t.db, log: silentLog, publish: (o, e) => t.bus.publish(o, e) });
  ingest = createDeviceIngest({
    db: t.db,
    log: silentLog,
    publish: (o, e) => t.bus.publish(o, e),
    heartbeatTimeoutMs: 3 * MIN,
    batch: { maxReports: 50, concurrency: 2 },
  });
  ingest.attachAlerts(alerts);
});
afterEach(() => {
  unsubscribe();
  vi.restoreAllMocks();
});

async function devices(n: number) {
  const org = await createOrganization(t.db);
  const site = await createSite(t.db, org);
  const list = [];
  for (let i = 0; i < n; i++)
    list.push(
      await createDevice(t.db, site, {
        driver: 'agent',
        kind: 'firewall',
        status: 'unknown',
        connection: 'none',
        lastUpdate: null,
        lastBoot: null,
      }),
    );
  return list;
}

/** A report taken at `at` whose load tells which one it was. */
const body = (load: number, at: number) => ({
  type: 'DeviceMonitoring',
  resources: { load: [load, 0, 0] },
  interfaces: [{ name: 'eth0', up: true, statistics: { rx_bytes: load * 100, tx_bytes: 1 } }],
  vnoc: {
    protocol: 1,
    sampledAt: at,
    wan: { interface: 'eth0', latencyMs: 20, jitterMs: 1, lossPercent: 0 },
  },
});

const send = (deviceId: string, load: number, at: number) =>
  ingest.report(deviceId, body(load, at), { source: 'agent', receivedAt: at + 1_000, sampledAt: at });

async function rows(deviceId: string) {
  const { rows } = await t.db.execute<{
    resources: number;
    interfaces: number;
    wan: number;
    load: number | null;
  }>(sql`
    select (select count(*)::int from device_resource_samples where device_id = ${deviceId}) as resources,
      (select count(*)::int from device_interface_samples where device_id = ${deviceId}) as interfaces,
      (select count(*)::int from wan_samples where device_id = ${deviceId}) as wan,
      (select (monitoring -> 'resources' -> 'load' ->> 0)::real from device_telemetry where device_id = ${deviceId}) as load`);
  return rows[0];
}

const statusEvents = (deviceId: string) =>
  events.filter((e) => e.event.type === 'device.status' && e.event.deviceId === deviceId).map((e) => e.event);

describe('reports stored in batches', () => {
  it('many devices reporting at once share a transaction, each with every row and one status change', async () => {
    const list = await devices(20);
    const transaction = vi.spyOn(t.db, 'transaction');
    const outcomes = await Promise.all(list.map((d, i) => send(d.id, i + 1, T0 + i)));
    expect(outcomes.every((o) => o.ok && o.stored === 'current')).toBe(true);
    // 20 reports sent in the same turn: one batch (not 20 transactions).
    expect(transaction.mock.calls.length).toBe(1);
    for (const [i, d] of list.entries()) {
      expect(await rows(d.id)).toEqual({ resources: 1, interfaces: 1, wan: 1, load: i + 1 });
      expect(statusEvents(d.id)).toMatchObject([{ from: 'unknown', to: 'online' }]);
      const { rows: r } = await t.db.execute<{ status: string }>(
        sql`select status from devices where id = ${d.id}`,
      );
      expect(r[0]?.status).toBe('online');
    }
  });

  it("keeps each device's reports in the order they came, across batches", async () => {
    const [a, b] = await devices(2);
    if (!a || !b) throw new Error('no devices');
    // a: newer, then older, then newest; b: in order. Sent together without waiting.
    const sent = [
      send(a.id, 1, T0 + 2 * MIN),
      send(b.id, 11, T0),
      send(a.id, 2, T0 + MIN),
      send(b.id, 12, T0 + MIN),
      send(a.id, 3, T0 + 3 * MIN),
    ];
    const outcomes = await Promise.all(sent);
    // Had a's older report been stored before the newer one, it would have been 'current' too.
    expect(outcomes.map((o) => (o.ok ? o.stored : o.reason))).toEqual([
      'current',
      'current',
      'history',
      'current',
      'current',
    ]);
    expect(await rows(a.id)).toEqual({ resources: 3, interfaces: 3, wan: 3, load: 3 });
    expect(await rows(b.id)).toEqual({ resources: 2, interfaces: 2, wan: 2, load: 12 });
    expect(statusEvents(a.id)).toHaveLength(1);
  });

  it('a malformed report among good ones is counted and changes nothing; the others are stored', async () => {
    const [a, bad, c] = await devices(3);
    if (!a || !bad || !c) throw new Error('no devices');
    const outcomes = await Promise.all([
      send(a.id, 1, T0),
      ingest.report(
        bad.id,
        { type: 'DeviceMonitoring', interfaces: [{ name: 'eth0', statistics: { rx_bytes: -1 } }] },
        {
          source: 'agent',
          receivedAt: T0,
        },
      ),
      send(c.id, 3, T0),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(ingest.malformedCount(bad.id)).toBe(1);
    expect(await rows(bad.id)).toEqual({ resources: 0, interfaces: 0, wan: 0, load: null });
    expect(statusEvents(bad.id)).toEqual([]);
    expect(await rows(a.id)).toMatchObject({ resources: 1, load: 1 });
    expect(await rows(c.id)).toMatchObject({ resources: 1, load: 3 });
  });

  it('a report the database refuses is not acknowledged; the rest of its batch is', async () => {
    const [a, poisoned, c] = await devices(3);
    if (!a || !poisoned || !c) throw new Error('no devices');
    const route = createDeviceMessageRouter({ ingest, log: silentLog });
    await t.db.execute(
      sql.raw(`create function refuse_bench_sample() returns trigger language plpgsql as $$
        begin if new.device_id = '${poisoned.id}' then raise exception 'refused'; end if; return new; end $$`),
    );
    await t.db.execute(sql`create trigger refuse_sample before insert on device_resource_samples
      for each row execute function refuse_bench_sample()`);
    try {
      const topic = (id: string) => `vnoc/v1/devices/${id}/report`;
      const payload = (load: number) => Buffer.from(JSON.stringify(body(load, T0)));
      const answers = await Promise.all([
        route(topic(a.id), payload(1), T0 + 1_000),
        route(topic(poisoned.id), payload(2), T0 + 1_000),
        route(topic(c.id), payload(3), T0 + 1_000),
      ]);
      expect(answers).toEqual(['stored', 'retry', 'stored']);
      expect(await rows(poisoned.id)).toEqual({ resources: 0, interfaces: 0, wan: 0, load: null });
      expect(statusEvents(poisoned.id)).toEqual([]);
      expect(await rows(a.id)).toMatchObject({ resources: 1, interfaces: 1, wan: 1, load: 1 });
      expect(await rows(c.id)).toMatchObject({ resources: 1, interfaces: 1, wan: 1, load: 3 });

      // The whole batch failing: none of it is acknowledged, nothing of it stored.
      await t.db.execute(
        sql.raw(`create or replace function refuse_bench_sample() returns trigger language plpgsql as $$
          begin raise exception 'the database refuses every sample'; end $$`),
      );
      const all = await Promise.all([
        route(topic(a.id), payload(4), T0 + MIN),
        route(topic(c.id), payload(5), T0 + MIN),
      ]);
      expect(all).toEqual(['retry', 'retry']);
      expect(await rows(a.id)).toMatchObject({ resources: 1, load: 1 });
      expect(await rows(c.id)).toMatchObject({ resources: 1, load: 3 });
    } finally {
      await t.db.execute(sql`drop trigger if exists refuse_sample on device_resource_samples`);
      await t.db.execute(sql`drop function if exists refuse_bench_sample()`);
    }
  });
});

describe('createKeyedBatcher', () => {
  it('is idle only once every item it took is stored: a stop waits for it before the pool closes', async () => {
    let release: () => void = () => undefined;
    const stored: number[] = [];
    const batcher = createKeyedBatcher<number, number>({
      key: String,
      store: async (items) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        stored.push(...items);
        return [...items];
      },
      maxItems: 10,
      concurrency: 1,
    });
    await batcher.idle(); // nothing taken: idle at once
    const added = [batcher.add(1), batcher.add(2)];
    let idle = false;
    const waiting = batcher.idle().then(() => {
      idle = true;
    });
    await vi.waitFor(() => expect(batcher.pending()).toBe(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(stored).toEqual([1, 2]);
    expect(await Promise.all(added)).toEqual([1, 2]);
  });

  it('never holds two items of a key in one batch or in two batches at once, and keeps their order', async () => {
    const batches: string[][] = [];
    let running = new Set<string>();
    const overlaps: string[] = [];
    const batcher = createKeyedBatcher<{ key: string; n: number }, string>({
      key: (i) => i.key,
      maxItems: 3,
      concurrency: 2,
      store: async (items) => {
        for (const i of items) if (running.has(i.key)) overlaps.push(i.key);
        running = new Set([...running, ...items.map((i) => i.key)]);
        batches.push(items.map((i) => `${i.key}${i.n}`));
        await new Promise((r) => setImmediate(r));
        for (const i of items) running.delete(i.key);
        return items.map((i) => `${i.key}${i.n}`);
      },
    });
    const items = ['a1', 'a2', 'b1', 'a3', 'c1', 'b2', 'd1', 'e1'].map((s) => ({
      key: s[0] as string,
      n: Number(s[1]),
    }));
    const results = await Promise.all(items.map((i) => batcher.add(i)));
    expect(results).toEqual(['a1', 'a2', 'b1', 'a3', 'c1', 'b2', 'd1', 'e1']);
    expect(overlaps).toEqual([]);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(3);
      expect(new Set(batch.map((s) => s[0])).size).toBe(batch.length);
    }
    const order = batches.flat();
    for (const key of ['a', 'b']) {
      const mine = order.filter((s) => s[0] === key);
      expect(mine).toEqual([...mine].sort());
    }
    expect(batcher.pending()).toBe(0);
  });
});
