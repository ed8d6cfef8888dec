import type { DeviceStatusEvent, LiveEvent } from '@vnoc/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { revokedTokens, siteGroupSites } from '../src/db/schema.ts';
import { createMemoryEventBus, type EventBus, jobEventPublisher } from '../src/events/index.ts';
import { createDeviceIngest } from '../src/fleet/edge/ingest.ts';
import { startGateway } from '../src/fleet/gateway/index.ts';
import { createJobEngine, type JobEngine } from '../src/fleet/jobs/index.ts';
import { STREAMS_BUSY_MESSAGE, STREAMS_PER_PERSON } from '../src/modules/events/routes.ts';
import { useTestClock } from './clock.ts';
import { inProcessDevices } from './edge-support.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  type DeviceRow,
  type SiteRow,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { claimsOf, createTestDatabase, silentLog, testConfig } from './helpers.ts';
import { connectEvents, type SseClient } from './sse-client.ts';

/** The bus remembers this many events: enough for the tests, few enough to push an id out of it. */
const REPLAY_EVENTS = 50;

type Fixture = {
  admin: TestUser;
  restricted: TestUser;
  support: TestUser;
  adminB: TestUser;
  alpha: SiteRow;
  bravo: SiteRow;
  alphaEdge: DeviceRow;
  bravoEdge: DeviceRow;
  otherSite: SiteRow;
  orgA: string;
  orgB: string;
  group: { id: string };
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let bus: EventBus;
let jobs: JobEngine;
let baseUrl: string;
let f: Fixture;
const clients: SseClient[] = [];
const clock = useTestClock();

async function open(token: string | undefined, options: { lastEventId?: string; query?: string } = {}) {
  const client = await connectEvents(baseUrl, token, options);
  clients.push(client);
  if (client.status === 200) await client.opened;
  return client;
}

let counter = 0;
/** A device status event of the site, distinguishable from every other one by its time. */
function statusEvent(site: SiteRow, device: { id: string }): DeviceStatusEvent {
  counter += 1;
  return {
    type: 'device.status',
    siteId: site.id,
    deviceId: device.id,
    from: 'online',
    to: 'offline',
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
  };
}

const sameAs = (event: LiveEvent) => (frame: { data: LiveEvent | undefined }) =>
  JSON.stringify(frame.data) === JSON.stringify(event);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  bus = createMemoryEventBus(silentLog, { maxEvents: REPLAY_EVENTS });
  jobs = createJobEngine({ db, log: silentLog, pollMs: 50, onChange: jobEventPublisher(db, bus, silentLog) });
  app = await buildApp({
    config: testConfig(),
    db,
    logger: false,
    jobs,
    events: bus,
    streamTimings: { heartbeatMs: 200, scopeRefreshMs: 300 },
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const orgA = await createOrganization(db);
  const orgB = await createOrganization(db);
  const provider = await createOrganization(db, { kind: 'provider', entitlements: [] });
  const alpha = await createSite(db, orgA);
  const bravo = await createSite(db, orgA);
  const otherSite = await createSite(db, orgB);
  const restricted = await createUser(db, orgA, { role: 'USER' });
  f = {
    admin: await createUser(db, orgA, { role: 'ADMINISTRATOR' }),
    restricted,
    support: await createUser(db, provider, { role: 'SUPPORT' }),
    adminB: await createUser(db, orgB, { role: 'ADMINISTRATOR' }),
    alpha,
    bravo,
    otherSite,
    alphaEdge: await createDevice(db, alpha),
    bravoEdge: await createDevice(db, bravo),
    orgA: orgA.id,
    orgB: orgB.id,
    group: await createGroup(db, orgA, [alpha.id], [restricted.id]),
  };
});

afterAll(async () => {
  for (const c of clients) c.close();
  await jobs?.stop();
  await app?.close();
  await database?.drop();
});

describe('GET /api/events: who may open it', () => {
  it('answers 401 without a token', async () => {
    const client = await open(undefined);
    expect(client.status).toBe(401);
    expect(JSON.parse(await client.body())).toMatchObject({ id: 'unauthorized' });
  });

  it('answers 401 wrong_step for a token that has not finished signing in', async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'mfa'));
    expect(client.status).toBe(401);
    expect(JSON.parse(await client.body())).toMatchObject({ id: 'wrong_step' });
  });

  it('answers a text/event-stream with the security headers, uncached', async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'full'));
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    expect(client.headers['content-encoding']).toBeUndefined();
    client.close();
  });
});

describe('GET /api/events: what it delivers', () => {
  it('delivers an event published after connecting, with its id and type', async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'full'));
    const event = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, event);
    const frame = await client.next(sameAs(event));
    expect(frame.event).toBe('device.status');
    expect(frame.id).toBe(bus.lastId);
    client.close();
  });

  it("never delivers another organization's event", async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'full'));
    const foreign = statusEvent(f.otherSite, { id: 'device-b' });
    const mine = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgB, foreign);
    bus.publish(f.orgA, mine);
    await client.next(sameAs(mine));
    expect(client.frames.map((x) => x.data)).toEqual([mine]);
    client.close();
  });

  it("gives a user restricted to site groups only their sites' events, and the organization-wide ones", async () => {
    const client = await open(await tokenFor(database.db, f.restricted, 'full'));
    const outside = statusEvent(f.bravo, f.bravoEdge);
    const inside = statusEvent(f.alpha, f.alphaEdge);
    const regional: LiveEvent = {
      type: 'alert.raised',
      alertId: 'a-1',
      code: 'regional_outage',
      severity: 'critical',
      siteId: null,
      deviceId: null,
      rootAlertId: null,
      at: new Date().toISOString(),
    };
    bus.publish(f.orgA, outside);
    bus.publish(f.orgA, inside);
    bus.publish(f.orgA, regional);
    await client.next(sameAs(regional));
    expect(client.frames.map((x) => x.data)).toEqual([inside, regional]);
    client.close();
  });

  it('the same events reach an administrator of the organization (every site)', async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'full'));
    const a = statusEvent(f.bravo, f.bravoEdge);
    const b = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, a);
    bus.publish(f.orgA, b);
    await client.next(sameAs(b));
    expect(client.frames.map((x) => x.data)).toEqual([a, b]);
    client.close();
  });

  it("gives SUPPORT no customer events, but a support person acting as a user gets the user's", async () => {
    const own = await open(await tokenFor(database.db, f.support, 'full'));
    const acting = await open(await tokenFor(database.db, f.admin, 'full', f.support.username));
    const event = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, event);
    // Its own organization's resync (no data) does reach SUPPORT: proof the stream works and was filtered.
    bus.publish(f.support.organizationId, { type: 'resync' });
    await acting.next(sameAs(event));
    await own.next((x) => x.event === 'resync');
    expect(own.frames.map((x) => x.event)).toEqual(['resync']);
    own.close();
    acting.close();
  });

  it('sees sites added to the user’s groups after connecting (the scope is reloaded)', async () => {
    const client = await open(await tokenFor(database.db, f.restricted, 'full'));
    const before = statusEvent(f.bravo, f.bravoEdge);
    bus.publish(f.orgA, before);
    await database.db.insert(siteGroupSites).values({ siteGroupId: f.group.id, siteId: f.bravo.id });
    // The stream reloads its scope on its own real timer (scopeRefreshMs, shortened for this file): publish
    // until the new site's events come through, rather than sleeping past it.
    let after = statusEvent(f.bravo, f.bravoEdge);
    await vi.waitFor(
      async () => {
        after = statusEvent(f.bravo, f.bravoEdge);
        bus.publish(f.orgA, after);
        await client.next(sameAs(after), 100);
      },
      { timeout: 5_000, interval: 0 },
    );
    const delivered = client.frames.map((x) => x.data);
    expect(delivered).not.toContainEqual(before);
    expect(delivered.at(-1)).toEqual(after);
    client.close();
    await database.pool.query('delete from site_group_sites where site_group_id = $1 and site_id = $2', [
      f.group.id,
      f.bravo.id,
    ]);
  });
});

describe('GET /api/events: resuming', () => {
  it('with Last-Event-ID, replays only what was missed (in scope), then goes live', async () => {
    const token = await tokenFor(database.db, f.admin, 'full');
    const first = await open(token);
    const seen = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, seen);
    const seenFrame = await first.next(sameAs(seen));
    first.close();

    const missed1 = statusEvent(f.alpha, f.alphaEdge);
    const foreign = statusEvent(f.otherSite, { id: 'device-b' });
    const missed2 = statusEvent(f.bravo, f.bravoEdge);
    bus.publish(f.orgA, missed1);
    bus.publish(f.orgB, foreign);
    bus.publish(f.orgA, missed2);

    const again = await open(token, { lastEventId: seenFrame.id });
    await again.next(sameAs(missed2));
    const live = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, live);
    await again.next(sameAs(live));
    expect(again.frames.map((x) => x.data)).toEqual([missed1, missed2, live]);
    again.close();
  });

  it('takes the id from ?lastEventId= when the header cannot be sent', async () => {
    const token = await tokenFor(database.db, f.admin, 'full');
    const seen = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, seen);
    const seenId = bus.lastId as string;
    const missed = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, missed);
    const client = await open(token, { query: `?lastEventId=${encodeURIComponent(seenId)}` });
    await client.next(sameAs(missed));
    expect(client.frames.map((x) => x.data)).toEqual([missed]);
    client.close();
  });

  it('answers resync first for an unknown id, then goes live', async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'full'), { lastEventId: '1-1-nothere' });
    await client.next((x) => x.event === 'resync');
    const live = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, live);
    await client.next(sameAs(live));
    expect(client.frames.map((x) => x.data)).toEqual([{ type: 'resync' }, live]);
    client.close();
  });

  it('answers resync for an id older than the replay buffer, not a partial replay', async () => {
    const seen = statusEvent(f.alpha, f.alphaEdge);
    bus.publish(f.orgA, seen);
    const oldId = bus.lastId as string;
    for (let i = 0; i < REPLAY_EVENTS; i++) bus.publish(f.orgA, statusEvent(f.alpha, f.alphaEdge));
    expect(bus.since(oldId)).toBeNull();
    const client = await open(await tokenFor(database.db, f.admin, 'full'), { lastEventId: oldId });
    await client.next((x) => x.event === 'resync');
    expect(client.frames).toHaveLength(1);
    // The resync carries the current position, so the next reconnect resumes from there.
    expect(client.frames[0]?.id).toBe(bus.lastId);
    client.close();
  });

  it('heartbeats carry the position even when nothing was delivered, so a quiet client resumes', async () => {
    const client = await open(await tokenFor(database.db, f.restricted, 'full'));
    const heartbeats = client.comments.length; // the one sent on opening
    bus.publish(f.orgB, statusEvent(f.otherSite, { id: 'device-b' }));
    const foreignId = bus.lastId;
    expect(client.lastId).not.toBe(foreignId);
    // Heartbeats come on the server's real timer (heartbeatMs, shortened for this file): wait for the next one.
    await vi.waitFor(() => expect(client.comments.length).toBeGreaterThan(heartbeats), { timeout: 5_000 });
    expect(client.comments.at(-1)).toBe('heartbeat');
    expect(client.lastId).toBe(foreignId);
    expect(client.frames).toEqual([]);
    client.close();
  });
});

describe('GET /api/events: when it ends', () => {
  it('ends the stream when the session token expires', async () => {
    const token = await tokenFor(database.db, f.admin, 'full');
    // The server's clock (Date) moves to 200 ms before the token's expiry; the stream's cut-off is a real timer.
    clock.advance(Number(claimsOf(token).exp) * 1000 - Date.now() - 200);
    const client = await open(token);
    expect(client.status).toBe(200);
    // Nothing else ends it: were the expiry not kept, this would wait until the test times out.
    await client.ended;
  });

  it('ends the stream once the session is revoked (sign-out elsewhere)', async () => {
    const token = await tokenFor(database.db, f.admin, 'full');
    const client = await open(token);
    // Open and live first: a refused stream would end at once, whatever the change below.
    expect(client.status).toBe(200);
    const jti = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;
    await database.db.insert(revokedTokens).values({ jti, expiresAt: new Date(Date.now() + 60_000) });
    await client.ended;
  });

  it("ends an impersonation's stream once the support person's own session is revoked", async () => {
    const token = await tokenFor(database.db, f.admin, 'full', f.support.username);
    const client = await open(token);
    expect(client.status).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    // The impersonation's record links to the support person's own session: that one signs out.
    const [record] = await database.db
      .select({ own: revokedTokens.renewedTo })
      .from(revokedTokens)
      .where(eq(revokedTokens.jti, claims.impersonatorSession as string));
    await database.db
      .insert(revokedTokens)
      .values({ jti: record?.own as string, expiresAt: new Date(Date.now() + 60_000) });
    await client.ended;
  });

  // Issue 34 (Low): the stream re-checked less than every request does.
  it("ends an impersonation's stream once the organization turns support access off", async () => {
    const token = await tokenFor(database.db, f.admin, 'full', f.support.username);
    const client = await open(token);
    expect(client.status).toBe(200);
    await database.pool.query('update organizations set support_access = false where id = $1', [f.orgA]);
    try {
      await client.ended;
    } finally {
      await database.pool.query('update organizations set support_access = true where id = $1', [f.orgA]);
    }
  });

  it("ends an impersonation's stream once the support person is no longer SUPPORT", async () => {
    const provider = await createOrganization(database.db, { kind: 'provider', entitlements: [] });
    const support = await createUser(database.db, provider, { role: 'SUPPORT' });
    const client = await open(await tokenFor(database.db, f.admin, 'full', support.username));
    expect(client.status).toBe(200);
    await database.pool.query(`update users set role = 'USER' where id = $1`, [support.id]);
    await client.ended;
  });

  it('app.close() ends open streams instead of waiting for them', async () => {
    const second = await buildApp({ config: testConfig(), db: database.db, logger: false });
    const url = await second.listen({ port: 0, host: '127.0.0.1' });
    const client = await connectEvents(url, await tokenFor(database.db, f.admin, 'full'));
    expect(client.status).toBe(200);
    await client.opened;
    // An open stream would hold close() until the test times out.
    await second.close();
    await client.ended;
  });
});

describe('GET /api/events: one person cannot hold the server', () => {
  it(`opens at most ${STREAMS_PER_PERSON} streams of one person at once (429 past them), others unaffected`, async () => {
    const person = await createUser(database.db, await createOrganization(database.db), { role: 'USER' });
    const token = await tokenFor(database.db, person, 'full');
    // All at once: the cap holds while the streams are still opening.
    const many = await Promise.all(Array.from({ length: STREAMS_PER_PERSON + 5 }, () => open(token)));
    const statuses = many.map((c) => c.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(STREAMS_PER_PERSON);
    const refused = many.filter((c) => c.status === 429);
    expect(refused).toHaveLength(5);
    expect(JSON.parse(await (refused[0] as SseClient).body())).toEqual({
      id: 'rate_limited',
      message: STREAMS_BUSY_MESSAGE,
    });
    // Another person still opens theirs.
    expect((await open(await tokenFor(database.db, f.admin, 'full'))).status).toBe(200);
    // A closed stream gives its place back.
    const first = many.find((c) => c.status === 200) as SseClient;
    first.close();
    // The server sees the socket close a moment later: wait for that I/O, not for a set time.
    await vi.waitFor(async () => expect((await open(token)).status).toBe(200), { timeout: 5_000 });
    for (const c of many) c.close();
  });
});

describe('producers', () => {
  it('job state changes reach the stream as job.updated (queued, running, succeeded)', async () => {
    const client = await open(await tokenFor(database.db, f.admin, 'full'));
    const response = await app.inject({
      method: 'POST',
      url: `/api/device/troubleshooting/systemTest/${f.alphaEdge.id}`,
      headers: { authorization: `Bearer ${await tokenFor(database.db, f.admin, 'full')}` },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const job = response.json<{ id: string }>();
    const ofJob = (state: string) => (x: { data: LiveEvent | undefined }) =>
      x.data?.type === 'job.updated' && x.data.jobId === job.id && x.data.state === state;
    const queued = await client.next(ofJob('queued'));
    expect(queued.data).toMatchObject({
      siteId: f.alpha.id,
      deviceId: f.alphaEdge.id,
      action: 'systemTest',
      batchId: null,
    });
    jobs.start({ systemTest: async () => ({ ok: true }) });
    await client.next(ofJob('running'));
    await client.next(ofJob('succeeded'));

    // Another organization's administrator saw none of it.
    const other = await open(await tokenFor(database.db, f.adminB, 'full'));
    bus.publish(f.orgB, statusEvent(f.otherSite, { id: 'device-b' }));
    await other.next((x) => x.data?.type === 'device.status');
    expect(other.frames.some((x) => x.data?.type === 'job.updated')).toBe(false);
    client.close();
    other.close();
  });

  /**
   * The fleet gateway over the fixture's database, in real time from now; its devices' messages go to the device
   * edge's ingest, which publishes the live events.
   */
  const gatewayNow = (publish?: (organizationId: string, event: LiveEvent) => void) => {
    const ingest = createDeviceIngest({
      db: database.db,
      log: silentLog,
      heartbeatTimeoutMs: 180_000,
      ...(publish ? { publish } : {}),
    });
    const devices = inProcessDevices(ingest);
    return startGateway({ db: database.db, log: silentLog, seed: 7, speed: 1, now: Date.now(), devices });
  };

  it("a simulated device's status change is published as device.status once the ingest recorded it", async () => {
    const published: { organizationId: string; event: LiveEvent }[] = [];
    const gateway = await gatewayNow((organizationId, event) => published.push({ organizationId, event }));
    try {
      expect(await gateway.reboot(f.bravoEdge.id, 60_000)).not.toBeNull();
      expect(published).toContainEqual({
        organizationId: f.orgA,
        event: expect.objectContaining({
          type: 'device.status',
          siteId: f.bravo.id,
          deviceId: f.bravoEdge.id,
          from: 'online',
          to: 'rebooting',
        }),
      });
      const { rows } = await database.pool.query('select status from devices where id = $1', [
        f.bravoEdge.id,
      ]);
      expect(rows[0]?.status).toBe('rebooting');
    } finally {
      await gateway.stop();
    }
  });

  it('a reboot asked for during a tick goes down once the tick is done, for its whole downtime', async () => {
    const edge = await createDevice(database.db, f.alpha);
    const gateway = await gatewayNow();
    try {
      let tickDone = false;
      const tick = gateway.tick(Date.now() + 1_000).then(() => {
        tickDone = true;
      });
      let tickDoneWhenStarted: boolean | undefined;
      const episode = await gateway.reboot(edge.id, 90_000, () => {
        tickDoneWhenStarted = tickDone;
        return Date.now() + 2_000;
      });
      await tick;
      // The start is read when the reboot holds its turn, so a slow tick cannot eat into the downtime.
      expect(tickDoneWhenStarted).toBe(true);
      expect(episode).not.toBeNull();
      expect((episode?.backAtMs ?? 0) - (episode?.atMs ?? 0)).toBe(90_000);
      const { rows } = await database.pool.query('select status from devices where id = $1', [edge.id]);
      expect(rows[0]?.status).toBe('rebooting');
    } finally {
      await gateway.stop();
    }
  });
});
