/**
 * The Redis event bus across two API instances. Needs a Redis server: TEST_REDIS_URL, else
 * redis://127.0.0.1:6379; when none answers, every test here is skipped with that reason (a fresh
 * machine may have no Redis; the in-process bus is tested in events.test.ts).
 */
import { randomBytes } from 'node:crypto';
import type { DeviceStatusEvent, LiveEvent } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  createRedisEventBus,
  type EventBus,
  jobEventPublisher,
  type LiveEnvelope,
} from '../src/events/index.ts';
import { createJobEngine, type JobEngine } from '../src/fleet/jobs/index.ts';
import {
  createDevice,
  createOrganization,
  createSite,
  createUser,
  type DeviceRow,
  type SiteRow,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { createTestDatabase, REDIS_URL, redisAnswers, silentLog, testConfig } from './helpers.ts';
import { connectEvents, type SseClient } from './sse-client.ts';

const reachable = await redisAnswers(REDIS_URL);
const requireRedis = (ctx: TestContext) => {
  if (!reachable) ctx.skip(`Redis is not reachable at ${REDIS_URL} (set TEST_REDIS_URL to run these tests)`);
};

/** Every run uses its own channel, so parallel runs and a dev server on the same Redis do not mix. */
const channel = `vnoc:test:${randomBytes(6).toString('hex')}`;

type Instance = { app: FastifyInstance; bus: EventBus; jobs: JobEngine; url: string };

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const instances: Instance[] = [];
const clients: SseClient[] = [];
let admin: TestUser;
let adminB: TestUser;
let site: SiteRow;
let device: DeviceRow;
let otherSite: SiteRow;
let orgA: string;
let orgB: string;

async function startInstance(tag: string): Promise<Instance> {
  if (!database) throw new Error('no database');
  const bus = createRedisEventBus(silentLog, { url: REDIS_URL, channel, tag });
  await bus.ready();
  const jobs = createJobEngine({
    db: database.db,
    log: silentLog,
    onChange: jobEventPublisher(database.db, bus, silentLog),
  });
  const app = await buildApp({ config: testConfig(), db: database.db, logger: false, jobs, events: bus });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const instance = { app, bus, jobs, url };
  instances.push(instance);
  return instance;
}

async function open(instance: Instance, user: TestUser, lastEventId?: string): Promise<SseClient> {
  const client = await connectEvents(
    instance.url,
    await tokenFor(database?.db as never, user, 'full'),
    lastEventId ? { lastEventId } : {},
  );
  clients.push(client);
  expect(client.status).toBe(200);
  await client.opened;
  return client;
}

let counter = 0;
function statusEvent(s: SiteRow, d: { id: string }): DeviceStatusEvent {
  counter += 1;
  return {
    type: 'device.status',
    siteId: s.id,
    deviceId: d.id,
    from: 'online',
    to: 'onbackup',
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
  };
}
const sameAs = (event: LiveEvent) => (frame: { data: LiveEvent | undefined }) =>
  JSON.stringify(frame.data) === JSON.stringify(event);

beforeAll(async () => {
  if (!reachable) return;
  database = await createTestDatabase();
  const a = await createOrganization(database.db);
  const b = await createOrganization(database.db);
  orgA = a.id;
  orgB = b.id;
  admin = await createUser(database.db, a, { role: 'ADMINISTRATOR' });
  adminB = await createUser(database.db, b, { role: 'ADMINISTRATOR' });
  site = await createSite(database.db, a);
  otherSite = await createSite(database.db, b);
  device = await createDevice(database.db, site);
  await startInstance('one');
  await startInstance('two');
});

afterAll(async () => {
  for (const c of clients) c.close();
  for (const i of instances) {
    await i.jobs.stop();
    await i.app.close();
    await i.bus.close();
  }
  await database?.drop();
});

describe('Redis event bus across two API instances', () => {
  it('an event published on one instance reaches an SSE client of the other, filtered by organization', async (ctx) => {
    requireRedis(ctx);
    const [one, two] = instances as [Instance, Instance];
    const client = await open(two, admin);
    const foreign = statusEvent(otherSite, { id: 'device-b' });
    const event = statusEvent(site, device);
    one.bus.publish(orgB, foreign);
    one.bus.publish(orgA, event);
    const frame = await client.next(sameAs(event));
    expect(client.frames.map((x) => x.data)).toEqual([event]);
    // Both instances hold the same id for it (the id was made by the publisher).
    expect(frame.id).toMatch(/-one$/);
    expect(one.bus.lastId).toBe(frame.id);
    expect(two.bus.lastId).toBe(frame.id);
  });

  it('a job queued through one instance is announced to a client of the other', async (ctx) => {
    requireRedis(ctx);
    const [one, two] = instances as [Instance, Instance];
    const client = await open(two, admin);
    const response = await one.app.inject({
      method: 'POST',
      url: `/api/device/troubleshooting/systemTest/${device.id}`,
      headers: { authorization: `Bearer ${await tokenFor(database?.db as never, admin, 'full')}` },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const jobId = response.json<{ id: string }>().id;
    const frame = await client.next((x) => x.data?.type === 'job.updated' && x.data.jobId === jobId);
    expect(frame.data).toMatchObject({ state: 'queued', siteId: site.id, deviceId: device.id });
    const other = await open(one, adminB);
    const marker = statusEvent(otherSite, { id: 'device-b' });
    two.bus.publish(orgB, marker);
    await other.next(sameAs(marker));
    expect(other.frames.map((x) => x.data)).toEqual([marker]);
  });

  it('a client resumes on the other instance from the id it got on the first', async (ctx) => {
    requireRedis(ctx);
    const [one, two] = instances as [Instance, Instance];
    const first = await open(one, admin);
    const seen = statusEvent(site, device);
    one.bus.publish(orgA, seen);
    const seenFrame = await first.next(sameAs(seen));
    first.close();
    const missed = statusEvent(site, device);
    two.bus.publish(orgA, missed);
    // Wait until instance two received it from Redis before reconnecting there.
    await expect.poll(() => two.bus.since(seenFrame.id as string)?.length).toBe(1);
    const again = await open(two, admin, seenFrame.id);
    await again.next(sameAs(missed));
    expect(again.frames.map((x) => x.data)).toEqual([missed]);
  });

  it('ignores malformed messages on the channel', async (ctx) => {
    requireRedis(ctx);
    const [, two] = instances as [Instance, Instance];
    const got: LiveEnvelope[] = [];
    const unsubscribe = two.bus.subscribe((e) => got.push(e));
    const raw = new Redis(REDIS_URL);
    try {
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ i: '1-1-x', o: orgA, e: { type: 'device.status' } }));
      const event = statusEvent(site, device);
      await raw.publish(channel, JSON.stringify({ i: '2-1-x', o: orgA, e: event }));
      await expect.poll(() => got.length).toBe(1);
      expect(got[0]).toEqual({ id: '2-1-x', organizationId: orgA, event });
    } finally {
      unsubscribe();
      raw.disconnect();
    }
  });

  it('tells its streams to resync when its subscription to Redis dropped (events may be lost)', async (ctx) => {
    requireRedis(ctx);
    const [, two] = instances as [Instance, Instance];
    const client = await open(two, admin);
    const raw = new Redis(REDIS_URL);
    try {
      const list = String(await raw.client('LIST'));
      const ids = list
        .split('\n')
        .filter((line) => line.includes('name=vnoc-events-two') && / sub=[1-9]/.test(line))
        .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1]);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await raw.client('KILL', 'ID', id as string);
      await client.next((x) => x.event === 'resync', 10_000);
      // And it is live again afterwards.
      const event = statusEvent(site, device);
      await expect
        .poll(async () => {
          instances[0]?.bus.publish(orgA, event);
          return client.frames.some(sameAs(event));
        })
        .toBe(true);
    } finally {
      raw.disconnect();
    }
  });
});
