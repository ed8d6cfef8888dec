import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_TESTS_PER_MINUTE,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookTestResultSchema,
  WebhookWithSecretSchema,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutbound } from '../src/net/outbound.ts';
import { useTestClock } from './clock.ts';
import { createFleetFixture, createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, createTestApp, type TestApp, testConfig } from './helpers.ts';

const clock = useTestClock();
const SECOND = 1_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A local receiver: answers what the test tells it, one answer per request in turn (the last one repeats). */
type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: string } | 'stall' | { redirect: string };
/** What to answer a request, chosen by what it carries (undefined: the next answer in turn). */
type Chooser = (body: string) => Answer | undefined;

async function receiver() {
  const seen: Seen[] = [];
  let answers: Answer[] = [{ status: 200, body: 'ok' }];
  let choose: Chooser = () => undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer =
        choose(Buffer.concat(chunks).toString('utf8')) ??
        ((answers.length > 1 ? answers.shift() : answers[0]) as Answer);
      if (answer === 'stall') return; // never answers
      if ('redirect' in answer) {
        res.writeHead(302, { location: answer.redirect });
        return res.end();
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    seen,
    answer: (...next: Answer[]) => {
      answers = next;
      choose = () => undefined;
    },
    choose: (chooser: Chooser) => {
      choose = chooser;
    },
    /** Bodies as JSON, in arrival order. */
    json: () => seen.map((s) => JSON.parse(s.body) as Record<string, unknown>),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

// ---- the app that may send to loopback (WEBHOOKS_ALLOW_LOOPBACK=1, as a developer's machine) ----

let t: TestApp;
let f: Awaited<ReturnType<typeof createFleetFixture>>;
let people: Record<'admin' | 'user' | 'readOnly' | 'adminB', { id: string }>;
let supportName: string;
let hook: Receiver;

beforeAll(async () => {
  const env = { WEBHOOKS_ALLOW_LOOPBACK: '1' };
  const config = testConfig(env);
  expect(config.outbound.allowLoopback).toBe(true);
  // The guard as the configuration sets it, with a short deadline so the timeout test need not wait 10 s.
  t = await createTestApp(env, { webhookOutbound: createOutbound({ ...config.outbound, timeoutMs: 300 }) });
  f = await createFleetFixture(t.db);
  const provider = await createOrganization(t.db, { name: 'vNOC Provider' });
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  people = { admin: f.admin, user: f.user, readOnly: f.readOnly, adminB: f.adminB };
  supportName = support.username;
  hook = await receiver();
});

afterAll(async () => {
  await hook?.close();
  await t?.close();
});

beforeEach(async () => {
  // Date stands still (moved by the tests only), so the back-off's times are exact.
  clock.advance(0);
  hook.seen.length = 0;
  hook.answer({ status: 200, body: 'ok' });
  await t.db.execute(sql`delete from webhook_destinations`);
  t.app.webhooks.destinationsChanged();
});

type Who = keyof typeof people | 'impersonated';
/** A token signed now (the tests move the clock by days). */
const tokenOf = (who: Who) =>
  who === 'impersonated' ? tokenFor(t.db, f.admin, 'full', supportName) : tokenFor(t.db, people[who], 'full');
const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  who: Who = 'admin',
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(await tokenOf(who)),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createHook(over: Record<string, unknown> = {}, who: Who = 'admin') {
  const res = await call(
    'POST',
    '/api/webhooks',
    {
      name: 'Ops',
      preset: 'generic',
      url: hook.url(),
      events: ['alert.raised', 'alert.acknowledged', 'alert.cleared'],
      ...over,
    },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  return WebhookWithSecretSchema.parse(res.json());
}

/** An alert raised on a device of Alpha (or a regional incident), told on the bus as the engine tells it. */
async function raise(options: { code?: string; deviceId?: string | null; siteId?: string | null } = {}) {
  const id = randomUUID();
  const code = options.code ?? 'device_offline';
  const deviceId = options.deviceId === undefined ? f.alphaEdge.id : options.deviceId;
  const siteId = options.siteId === undefined ? f.alpha.id : options.siteId;
  const now = new Date();
  // One active alert per device and code: an earlier test's is put aside quietly.
  await t.db.execute(sql`update alerts set state = 'cleared', cleared_at = now()
    where state = 'active' and code = ${code} and device_id is not distinct from ${deviceId}
      and organization_id = ${f.alpha.organizationId}`);
  await t.db.execute(sql`insert into alerts (id, organization_id, site_id, device_id, region, code, severity,
      raised_at, last_seen_at)
    values (${id}, ${f.alpha.organizationId}, ${siteId}, ${deviceId}, ${deviceId ? null : 'TX'}, ${code}, 'critical',
      ${now.toISOString()}, ${now.toISOString()})`);
  publish('alert.raised', id, { code, siteId, deviceId });
  await t.app.webhooks.settled();
  return id;
}

function publish(
  type: 'alert.raised' | 'alert.cleared' | 'alert.updated',
  alertId: string,
  a: { code: string; siteId: string | null; deviceId: string | null },
  organizationId = f.alpha.organizationId,
) {
  t.bus.publish(organizationId, {
    type,
    alertId,
    code: a.code,
    severity: 'critical',
    siteId: a.siteId,
    deviceId: a.deviceId,
    rootAlertId: null,
    at: new Date().toISOString(),
  });
}

async function acknowledge(id: string) {
  const res = await call('POST', `/api/alert/${id}/acknowledge`);
  expect(res.statusCode, res.body).toBe(200);
  await t.app.webhooks.settled();
}

async function clear(id: string, code = 'device_offline', deviceId: string | null = f.alphaEdge.id) {
  await t.db.execute(sql`update alerts set state = 'cleared', cleared_at = now() where id = ${id}`);
  publish('alert.cleared', id, { code, siteId: deviceId ? f.alpha.id : null, deviceId });
  await t.app.webhooks.settled();
}

/** Sender rounds until one claims nothing (what is due now has been tried). */
async function drain() {
  while ((await t.app.webhooks.runOnce()) > 0);
}

async function deliveriesOf(id: string) {
  const res = await call('GET', `/api/webhooks/${id}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return WebhookDeliverySchema.array().parse(res.json());
}

describe('signed deliveries', () => {
  it('signs as Standard Webhooks says: the specification’s own library verifies every delivery', async () => {
    const { webhook, secret } = await createHook();
    expect(secret).toMatch(/^whsec_/);
    const alertId = await raise();
    await drain();
    expect(hook.seen).toHaveLength(1);
    const [delivery] = hook.seen as [Seen];
    const verified = new StandardWebhook(secret).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({
      type: 'alert.raised',
      data: { subject: { kind: 'alert', id: alertId } },
    });
    // A wrong secret, or a changed body, does not verify.
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.from('another key 123456').toString('base64')}`).verify(
        delivery.body,
        delivery.headers as Record<string, string>,
      ),
    ).toThrow();
    expect(() =>
      new StandardWebhook(secret).verify(`${delivery.body} `, delivery.headers as Record<string, string>),
    ).toThrow();
    const [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({
      event: 'alert.raised',
      state: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
    });
    expect(delivery.headers['webhook-id']).toBe(logged?.id);
  });

  it('rotating the secret signs with both during the overlap, then with the new one only', async () => {
    const { webhook, secret: old } = await createHook();
    const res = await call('POST', `/api/webhooks/${webhook.id}/secret`, { overlapHours: 24 });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = WebhookWithSecretSchema.parse(res.json());
    expect(rotated.secret).not.toBe(old);
    expect(rotated.webhook.previousSecretUntil).not.toBeNull();
    await raise();
    await drain();
    const first = hook.seen[0] as Seen;
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, rotated.secret])
      expect(() =>
        new StandardWebhook(secret).verify(first.body, first.headers as Record<string, string>),
      ).not.toThrow();

    clock.advance(25 * HOUR);
    await raise();
    await drain();
    const second = hook.seen[1] as Seen;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() =>
      new StandardWebhook(rotated.secret).verify(second.body, second.headers as Record<string, string>),
    ).not.toThrow();
    expect(() =>
      new StandardWebhook(old).verify(second.body, second.headers as Record<string, string>),
    ).toThrow();
  });

  it('retries after a 500 with back-off, keeping the first 512 bytes of the answer', async () => {
    const { webhook } = await createHook();
    hook.answer({ status: 500, body: 'x'.repeat(600) }, { status: 200, body: 'fine' });
    await raise();
    await drain();
    let [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({ state: 'pending', attempts: 1, responseStatus: 500 });
    expect(logged?.responseBody).toHaveLength(512);
    expect(Date.parse(logged?.nextAttemptAt ?? '') - Date.now()).toBe(30 * SECOND);
    // Not before its time.
    await drain();
    expect(hook.seen).toHaveLength(1);
    clock.advance(30 * SECOND);
    await drain();
    expect(hook.seen).toHaveLength(2);
    // The same message: same id, signed again.
    expect(hook.seen[1]?.headers['webhook-id']).toBe(hook.seen[0]?.headers['webhook-id']);
    [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({
      state: 'delivered',
      attempts: 2,
      responseStatus: 200,
      responseBody: 'fine',
    });
    const listed = WebhookSchema.parse((await call('GET', `/api/webhooks/${webhook.id}`)).json());
    expect(listed.status).toBe('active');
  });

  it('retries after a timeout, and gives up once 24 hours have passed', async () => {
    const { webhook } = await createHook();
    hook.answer('stall');
    await raise();
    await drain();
    let [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({ state: 'pending', attempts: 1, responseStatus: null });
    expect(logged?.error).toMatch(/did not answer within 300 ms/);
    expect(WebhookSchema.parse((await call('GET', `/api/webhooks/${webhook.id}`)).json()).status).toBe(
      'failing',
    );
    // 30 s, 2 min, 10 min, 1 h, 2 h, 4 h, then every 8 h: nine tries fit in 24 hours.
    hook.answer({ status: 503 });
    for (const wait of [
      30 * SECOND,
      2 * 60 * SECOND,
      10 * 60 * SECOND,
      HOUR,
      2 * HOUR,
      4 * HOUR,
      8 * HOUR,
      8 * HOUR,
    ]) {
      clock.advance(wait);
      await drain();
    }
    [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({ state: 'failed', attempts: 9, responseStatus: 503, nextAttemptAt: null });
    expect(hook.seen).toHaveLength(9);
  });

  it('keeps one incident’s events in order: a later one waits while the earlier one is retried', async () => {
    const { webhook } = await createHook();
    // The first try of `first`'s raise (sent as soon as it is queued) fails; `other` is not held up by it.
    hook.answer({ status: 500 }, { status: 200 });
    const first = await raise();
    await acknowledge(first);
    await clear(first);
    const other = await raise({ deviceId: f.bravoEdge.id, siteId: f.bravo.id });
    await drain();
    const about = (b: Record<string, unknown>) => (b.data as { subject: { id: string } }).subject.id;
    expect(hook.json().map((b) => [about(b), b.type])).toEqual([
      [first, 'alert.raised'],
      [other, 'alert.raised'],
    ]);
    expect(hook.seen).toHaveLength(2);
    clock.advance(30 * SECOND);
    await drain();
    expect(
      hook
        .json()
        .filter((b) => about(b) === first)
        .map((b) => b.type),
    ).toEqual(['alert.raised', 'alert.raised', 'alert.acknowledged', 'alert.cleared']);
    expect((await deliveriesOf(webhook.id)).every((d) => d.state === 'delivered')).toBe(true);
  });

  it('sends a redelivery as a new entry of the log', async () => {
    const { webhook } = await createHook();
    await raise();
    await drain();
    const [logged] = await deliveriesOf(webhook.id);
    const res = await call('POST', `/api/webhooks/${webhook.id}/deliveries/${logged?.id}/redeliver`);
    expect(res.statusCode, res.body).toBe(200);
    expect(WebhookDeliverySchema.parse(res.json())).toMatchObject({ state: 'pending', attempts: 0 });
    await drain();
    expect(hook.seen).toHaveLength(2);
    expect(hook.seen[1]?.body).toBe(hook.seen[0]?.body);
    expect(await deliveriesOf(webhook.id)).toHaveLength(2);
    expect(await count(t.pool, 'audit_log', "action = 'webhook.redeliver'")).toBe(1);
  });

  it('pauses a destination failing for 3 days and emails the administrators in their language', async () => {
    await t.pool.query(`insert into user_preferences (user_id, name, value) values ($1, 'language', 'es')`, [
      f.admin.id,
    ]);
    const { webhook } = await createHook({ name: 'Flaky' });
    hook.answer({ status: 500 });
    await raise();
    await drain();
    clock.advance(3 * DAY);
    await raise();
    await drain();
    const paused = WebhookSchema.parse((await call('GET', `/api/webhooks/${webhook.id}`)).json());
    expect(paused.status).toBe('paused');
    const { rows } = await t.pool.query<{ subject: string; body: string }>(
      'select subject, body from outbox_messages where "to" = $1 and subject like $2',
      [f.admin.username, '%Flaky%'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe('Webhook en pausa: Flaky');
    expect(rows[0]?.body).toContain(`127.0.0.1:${hook.port}`);
    // Paused: nothing more is queued or sent until an administrator resumes it.
    const sent = hook.seen.length;
    await raise();
    clock.advance(HOUR);
    await drain();
    expect(hook.seen).toHaveLength(sent);
    hook.answer({ status: 200 });
    const resumed = await call('POST', `/api/webhooks/${webhook.id}/resume`);
    expect(WebhookSchema.parse(resumed.json()).status).toBe('active');
    await raise();
    await drain();
    expect(hook.seen.length).toBeGreaterThan(sent);
  });

  it('sends only the events and sites a destination chose, and never another organization’s', async () => {
    const { webhook } = await createHook({ events: ['alert.raised'], siteIds: [f.bravo.id] });
    expect(webhook.sites).toEqual([{ id: f.bravo.id, name: 'Bravo Store' }]);
    await raise(); // Alpha: not chosen
    await raise({ deviceId: f.bravoEdge.id, siteId: f.bravo.id });
    // The same alert told as organization B's: refused by its organization.
    const id = await raise({ deviceId: f.bravoEdge.id, siteId: f.bravo.id });
    publish(
      'alert.raised',
      id,
      { code: 'device_offline', siteId: f.bravo.id, deviceId: f.bravoEdge.id },
      f.other.organizationId,
    );
    await t.app.webhooks.settled();
    await drain();
    expect(hook.seen).toHaveLength(2);
    expect((await deliveriesOf(webhook.id)).map((d) => d.event)).toEqual(['alert.raised', 'alert.raised']);
  });
});

describe('other events', () => {
  it('sends device status changes, finished diagnostics and tickets as they are told', async () => {
    await createHook({ events: ['device.status', 'diagnostic.finished', 'ticket.updated'] });
    const at = new Date().toISOString();
    t.bus.publish(f.alpha.organizationId, {
      type: 'device.status',
      siteId: f.alpha.id,
      deviceId: f.alphaEdge.id,
      from: 'online',
      to: 'offline',
      at,
    });
    const job = await t.jobs.enqueue({
      organizationId: f.alpha.organizationId,
      deviceId: f.alphaEdge.id,
      action: 'reboot',
      requestedBy: f.admin.id,
    });
    for (const state of ['running', 'succeeded'] as const)
      t.bus.publish(f.alpha.organizationId, {
        type: 'job.updated',
        jobId: job.id,
        siteId: f.alpha.id,
        deviceId: f.alphaEdge.id,
        batchId: null,
        action: 'reboot',
        state,
        at,
      });
    await t.app.webhooks.settled();
    // A ticket sent, then closed, through the API: the tickets module tells the bus.
    const sent = await call('POST', `/api/device/troubleshooting/ticket/${f.alphaEdge.id}`, {
      subject: 'Router keeps rebooting',
      comment: 'Since this morning.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const ticketId = sent.json().id as string;
    expect((await call('POST', `/api/ticket/${ticketId}/status`, { status: 'closed' })).statusCode).toBe(200);
    await t.app.webhooks.settled();
    await drain();
    const bodies = hook.json() as {
      type: string;
      data: { summary: string; facts: Record<string, string> };
    }[];
    expect(bodies.map((b) => [b.type, b.data.facts.Status ?? b.data.facts.Result])).toEqual([
      ['device.status', 'offline'],
      ['diagnostic.finished', 'succeeded'],
      ['ticket.updated', 'open'],
      ['ticket.updated', 'closed'],
    ]);
    expect(bodies[2]?.data.summary).toMatch(/^Ticket #\d+ open: Router keeps rebooting — Alpha Store$/);
  });
});

describe('presets', () => {
  it('PagerDuty: trigger → acknowledge → resolve for one incident, the alert as the dedup key', async () => {
    await createHook({
      preset: 'pagerduty',
      url: hook.url('/v2/enqueue'),
      settings: { routingKey: 'R0UT1NGKEY' },
    });
    const id = await raise();
    await acknowledge(id);
    await clear(id);
    await drain();
    const events = hook.json();
    expect(events.map((e) => e.event_action)).toEqual(['trigger', 'acknowledge', 'resolve']);
    expect(new Set(events.map((e) => e.dedup_key))).toEqual(new Set([`vnoc-alert-${id}`]));
    expect(events.every((e) => e.routing_key === 'R0UT1NGKEY')).toBe(true);
    expect(events[0]?.payload).toMatchObject({ severity: 'critical', source: expect.any(String) });
    expect(hook.seen.every((s) => s.path === '/v2/enqueue')).toBe(true);
  });

  it('ServiceNow: one incident per alert, outage and ticket, created once and then updated in place', async () => {
    const TABLE = '/api/now/table/incident';
    // A Table API on loopback: a POST makes an incident and answers its sys_id; a PATCH of one answers 200.
    const made: string[] = [];
    hook.choose((body) => {
      if (!body.includes('short_description')) return undefined;
      made.push(randomUUID().replaceAll('-', ''));
      return {
        status: 201,
        body: JSON.stringify({ result: { sys_id: made.at(-1), number: `INC00${made.length}` } }),
      };
    });
    await createHook({
      preset: 'servicenow',
      url: hook.url(TABLE),
      settings: { username: 'vnoc', password: 's3cret' },
      events: ['alert.raised', 'alert.acknowledged', 'alert.cleared', 'device.status', 'ticket.updated'],
    });
    const calls = (from = 0) =>
      hook.seen.slice(from).map((s) => {
        const body = JSON.parse(s.body) as Record<string, string>;
        return [s.method, s.path, body.state ?? null];
      });

    // An alert: raised → a new incident; acknowledged → In Progress; cleared → Resolved, all the same incident.
    const alertId = await raise();
    await acknowledge(alertId);
    await clear(alertId);
    await drain();
    expect(calls()).toEqual([
      ['POST', TABLE, null],
      ['PATCH', `${TABLE}/${made[0]}`, '2'],
      ['PATCH', `${TABLE}/${made[0]}`, '6'],
    ]);
    const [opened, acknowledged, resolved] = hook.json();
    expect(opened).toMatchObject({ correlation_id: `vnoc-alert-${alertId}`, urgency: '1' });
    expect(acknowledged?.work_notes).toMatch(/^Alert acknowledged: /);
    expect(resolved).toMatchObject({
      close_code: 'Resolved by caller',
      close_notes: expect.stringMatching(/^Alert cleared: /),
    });
    expect(
      hook.seen.every(
        (s) => s.headers.authorization === `Basic ${Buffer.from('vnoc:s3cret').toString('base64')}`,
      ),
    ).toBe(true);

    // A device's outage is resolved when it is back; its next outage is a new incident.
    const seenBefore = hook.seen.length;
    const changes = [
      ['online', 'offline'],
      ['offline', 'online'],
      ['online', 'offline'],
    ] as const;
    for (const [i, [from, to]] of changes.entries())
      t.bus.publish(f.alpha.organizationId, {
        type: 'device.status',
        siteId: f.alpha.id,
        deviceId: f.alphaEdge.id,
        from,
        to,
        at: new Date(Date.now() + i * SECOND).toISOString(),
      });
    await t.app.webhooks.settled();
    await drain();
    expect(calls(seenBefore)).toEqual([
      ['POST', TABLE, null],
      ['PATCH', `${TABLE}/${made[1]}`, '6'],
      ['POST', TABLE, null],
    ]);
    expect(made).toHaveLength(3);

    // A ticket: sent → a new incident; closed → Resolved; opened again → the same incident In Progress again.
    const ticketFrom = hook.seen.length;
    const sent = await call('POST', `/api/device/troubleshooting/ticket/${f.alphaEdge.id}`, {
      subject: 'Router keeps rebooting',
      comment: 'Since this morning.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const ticketId = sent.json().id as string;
    for (const status of ['closed', 'open']) {
      clock.advance(SECOND);
      expect((await call('POST', `/api/ticket/${ticketId}/status`, { status })).statusCode).toBe(200);
    }
    await t.app.webhooks.settled();
    await drain();
    expect(calls(ticketFrom)).toEqual([
      ['POST', TABLE, null],
      ['PATCH', `${TABLE}/${made[3]}`, '6'],
      ['PATCH', `${TABLE}/${made[3]}`, '2'],
    ]);
    expect(JSON.parse(hook.seen[ticketFrom]?.body ?? '{}')).toMatchObject({
      short_description: expect.stringMatching(/^Ticket #\d+ open: Router keeps rebooting/),
      correlation_id: `vnoc-ticket-${ticketId}`,
    });
  });

  it('ServiceNow: an incident deleted there is made again at the next try', async () => {
    const TABLE = '/api/now/table/incident';
    const made: string[] = [];
    hook.choose((body) => {
      if (!body.includes('short_description'))
        return { status: 404, body: '{"error":{"message":"No Record found"}}' };
      made.push(randomUUID().replaceAll('-', ''));
      return { status: 201, body: JSON.stringify({ result: { sys_id: made.at(-1) } }) };
    });
    const { webhook } = await createHook({
      preset: 'servicenow',
      url: hook.url(TABLE),
      settings: { username: 'vnoc', password: 's3cret' },
    });
    const alertId = await raise();
    await acknowledge(alertId);
    await drain();
    // The acknowledgement's PATCH found nothing; its retry (30 s later) makes the incident again.
    clock.advance(30 * SECOND);
    await drain();
    expect(hook.seen.map((s) => [s.method, s.path])).toEqual([
      ['POST', TABLE],
      ['PATCH', `${TABLE}/${made[0]}`],
      ['POST', TABLE],
    ]);
    const log = await deliveriesOf(webhook.id);
    expect(log.map((d) => [d.event, d.state])).toEqual([
      ['alert.acknowledged', 'delivered'],
      ['alert.raised', 'delivered'],
    ]);
  });

  it('a regional incident is opened and resolved as an incident', async () => {
    await createHook({ events: ['incident.opened', 'incident.resolved', 'alert.raised'] });
    const id = await raise({ code: 'regional_outage', deviceId: null, siteId: null });
    await clear(id, 'regional_outage', null);
    await drain();
    expect(hook.json().map((b) => b.type)).toEqual(['incident.opened', 'incident.resolved']);
  });

  it('"Send test" speaks each tool’s format and shows the answer', async () => {
    const cases = [
      {
        preset: 'slack',
        check: (b: Record<string, unknown>) =>
          expect(b.blocks).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'header' })])),
      },
      {
        preset: 'teams',
        check: (b: Record<string, unknown>) =>
          expect(b).toMatchObject({
            type: 'message',
            attachments: [
              { contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } },
            ],
          }),
      },
      {
        preset: 'generic',
        check: (b: Record<string, unknown>) =>
          expect(b).toMatchObject({ type: 'test', data: { severity: 'info' } }),
      },
      {
        preset: 'servicenow',
        settings: { username: 'vnoc', password: 's3cret' },
        check: (b: Record<string, unknown>, h: IncomingHttpHeaders) => {
          expect(b).toMatchObject({
            short_description: expect.stringContaining('Test message'),
            correlation_id: expect.any(String),
          });
          expect(h.authorization).toBe(`Basic ${Buffer.from('vnoc:s3cret').toString('base64')}`);
        },
      },
    ] as const;
    for (const c of cases) {
      hook.seen.length = 0;
      hook.answer({ status: 201, body: `{"tool":"${c.preset}"}` });
      const { webhook } = await createHook({
        preset: c.preset,
        ...('settings' in c ? { settings: c.settings } : {}),
      });
      const res = await call('POST', `/api/webhooks/${webhook.id}/test`);
      expect(res.statusCode, res.body).toBe(200);
      expect(WebhookTestResultSchema.parse(res.json())).toEqual({
        ok: true,
        status: 201,
        body: `{"tool":"${c.preset}"}`,
        error: null,
      });
      c.check(hook.json()[0] as Record<string, unknown>, (hook.seen[0] as Seen).headers);
    }
    // The stored password is never answered.
    const listed = WebhookSchema.array().parse((await call('GET', '/api/webhooks')).json());
    expect(JSON.stringify(listed)).not.toContain('s3cret');
  });

  it('"Send test" is limited per destination: past the limit a 429 that says it, and nothing is sent', async () => {
    const { webhook: first } = await createHook();
    const { webhook: second } = await createHook({ name: 'Second' });
    const test = (id: string) => call('POST', `/api/webhooks/${id}/test`);
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++) expect((await test(first.id)).statusCode).toBe(200);
    const refused = await test(first.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      id: 'webhook_test_limited',
      message: `A destination takes at most ${WEBHOOK_TESTS_PER_MINUTE} tests a minute. Wait a minute, then send the test again.`,
    });
    expect(hook.seen).toHaveLength(WEBHOOK_TESTS_PER_MINUTE);
    // Another destination has its own count, and the first one's starts again after a minute.
    expect((await test(second.id)).statusCode).toBe(200);
    clock.advance(60 * SECOND);
    expect((await test(first.id)).statusCode).toBe(200);
    expect(hook.seen).toHaveLength(WEBHOOK_TESTS_PER_MINUTE + 2);
  });

  it('refuses a preset without what it needs, writing nothing', async () => {
    const before = await count(t.pool, 'webhook_destinations');
    const res = await call('POST', '/api/webhooks', {
      name: 'PD',
      preset: 'pagerduty',
      url: hook.url(),
      events: ['alert.raised'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter the PagerDuty routing key.');
    expect(await count(t.pool, 'webhook_destinations')).toBe(before);
  });
});

describe('who may', () => {
  it('is for administrators only; support acting as one may not make or see secrets', async () => {
    const { webhook } = await createHook();
    for (const who of ['user', 'readOnly'] as const) {
      expect((await call('GET', '/api/webhooks', undefined, who)).statusCode).toBe(403);
      expect((await call('POST', `/api/webhooks/${webhook.id}/test`, undefined, who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/webhooks', undefined, 'impersonated')).statusCode).toBe(200);
    const made = await call(
      'POST',
      '/api/webhooks',
      { name: 'X', preset: 'generic', url: hook.url(), events: ['alert.raised'] },
      'impersonated',
    );
    expect(made.statusCode).toBe(403);
    expect((await call('POST', `/api/webhooks/${webhook.id}/secret`, {}, 'impersonated')).statusCode).toBe(
      403,
    );
  });

  it('answers another organization’s destination as missing, changing nothing', async () => {
    const { webhook } = await createHook();
    expect(
      WebhookSchema.array().parse((await call('GET', '/api/webhooks', undefined, 'adminB')).json()),
    ).toEqual([]);
    const attempts = [
      call('GET', `/api/webhooks/${webhook.id}`, undefined, 'adminB'),
      call('PUT', `/api/webhooks/${webhook.id}`, { name: 'Mine' }, 'adminB'),
      call('DELETE', `/api/webhooks/${webhook.id}`, undefined, 'adminB'),
      call('POST', `/api/webhooks/${webhook.id}/secret`, {}, 'adminB'),
      call('POST', `/api/webhooks/${webhook.id}/test`, undefined, 'adminB'),
      call('POST', `/api/webhooks/${webhook.id}/resume`, undefined, 'adminB'),
      call('GET', `/api/webhooks/${webhook.id}/deliveries`, undefined, 'adminB'),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect(hook.seen).toHaveLength(0);
    expect(WebhookSchema.parse((await call('GET', `/api/webhooks/${webhook.id}`)).json()).name).toBe('Ops');
    // Sites of another organization are refused.
    const res = await call('POST', '/api/webhooks', {
      name: 'B',
      preset: 'generic',
      url: hook.url(),
      events: ['alert.raised'],
      siteIds: [f.other.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose sites of your organization.');
  });

  it('audits every change', async () => {
    const before = await count(t.pool, 'audit_log', "action like 'webhook.%'");
    const { webhook } = await createHook();
    await call('PUT', `/api/webhooks/${webhook.id}`, { name: 'Renamed' });
    await call('POST', `/api/webhooks/${webhook.id}/secret`, {});
    await call('POST', `/api/webhooks/${webhook.id}/test`);
    expect((await call('DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(204);
    expect(await count(t.pool, 'audit_log', "action like 'webhook.%'")).toBe(before + 5);
  });
});

// ---- the guarded app: loopback refused (the default), names resolved by the test ----

describe('server-side request forgery', () => {
  let g: TestApp;
  let token: string;
  let redirector: Receiver;

  beforeAll(async () => {
    redirector = await receiver();
    redirector.answer({ redirect: 'http://169.254.169.254/latest/meta-data/' });
    const config = testConfig();
    expect(config.outbound.allowLoopback).toBe(false);
    const names: Record<string, string> = {
      'private.example.test': '10.1.2.3',
      'hooks.example.test': '127.0.0.1',
    };
    g = await createTestApp(
      {},
      {
        webhookOutbound: createOutbound({
          ...config.outbound,
          resolve: async (host) => (names[host] ? [{ address: names[host], family: 4 }] : []),
          // Only the redirecting server stands in for a public host.
          permit: ({ port }) => port === redirector.port,
        }),
      },
    );
    const fleet = await createFleetFixture(g.db);
    token = await tokenFor(g.db, fleet.admin, 'full');
  });
  afterAll(async () => {
    await redirector?.close();
    await g?.close();
  });

  const make = (url: string) =>
    g.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(token),
      payload: { name: 'Probe', preset: 'generic', url, events: ['alert.raised'] },
    });

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address, not a public one.'],
    ['http://[::1]/hook', '::1 is a loopback address, not a public one.'],
    ['http://10.0.0.1/hook', '10.0.0.1 is a private address, not a public one.'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a metadata address, not a public one.'],
    ['http://private.example.test/hook', 'private.example.test is a private address, not a public one.'],
    ['ftp://example.com/hook', 'The address must start with https://.'],
  ])('refuses %s', async (url, message) => {
    const before = await count(g.pool, 'webhook_destinations');
    const res = await make(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', message, errors: [{ path: 'url', message }] });
    expect(await count(g.pool, 'webhook_destinations')).toBe(before);
  });

  it('does not follow a redirect to a metadata address', async () => {
    const res = await make(`http://hooks.example.test:${redirector.port}/hook`);
    expect(res.statusCode, res.body).toBe(201);
    const { webhook } = WebhookWithSecretSchema.parse(res.json());
    const test = await g.app.inject({
      method: 'POST',
      url: `/api/webhooks/${webhook.id}/test`,
      headers: bearer(token),
    });
    expect(WebhookTestResultSchema.parse(test.json())).toEqual({
      ok: false,
      status: null,
      body: null,
      error: `hooks.example.test:${redirector.port} answered a redirect, which is not followed.`,
    });
    expect(redirector.seen).toHaveLength(1);
  });

  it('never allows loopback in production', () => {
    expect(() => testConfig({ WEBHOOKS_ALLOW_LOOPBACK: '1', NODE_ENV: 'production' })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK/,
    );
  });
});
