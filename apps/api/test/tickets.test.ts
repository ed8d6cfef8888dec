import { randomUUID } from 'node:crypto';
import { TicketSchema, TicketSummarySchema } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/fleet/jobs/queue.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, createTestApp, type TestApp, useTestApp } from './helpers.ts';

const t = useTestApp();
const SUPPORT = 'support@vnoc.example';
let f: Awaited<ReturnType<typeof fixture>>;
const tokens: Record<string, string> = {};

async function fixture() {
  const org = await createOrganization(t.db, { name: 'Acme Test', entitlements: ['diagnostics'] });
  const orgB = await createOrganization(t.db, { entitlements: ['diagnostics'] });
  const orgNone = await createOrganization(t.db, { entitlements: [] });
  const site = await createSite(t.db, org, { name: 'Harbor Store', street: '77 Harbor Rd', city: 'Austin' });
  const device = await createDevice(t.db, site, { macAddress: 'aa:bb:cc:dd:ee:01' });
  const otherSite = await createSite(t.db, org, { name: 'Hidden Store' });
  const otherDevice = await createDevice(t.db, otherSite);
  const deviceB = await createDevice(t.db, await createSite(t.db, orgB));
  const deviceNone = await createDevice(t.db, await createSite(t.db, orgNone));
  const users = {
    admin: await createUser(t.db, org, {
      role: 'ADMINISTRATOR',
      contact: { firstName: 'Ada', lastName: 'Admin' },
    }),
    readOnly: await createUser(t.db, org, { role: 'READ_ONLY' }),
    restricted: await createUser(t.db, org, { role: 'USER' }),
    adminB: await createUser(t.db, orgB, { role: 'ADMINISTRATOR' }),
    adminNone: await createUser(t.db, orgNone, { role: 'ADMINISTRATOR' }),
  };
  // The restricted user sees the other site only.
  await createGroup(t.db, org, [otherSite.id], [users.restricted.id]);
  return { org, site, device, otherDevice, deviceB, deviceNone, users };
}

/** A finished job on the device, as the worker would have left it. */
async function finishedJob(
  deviceId: string,
  action: string,
  state: 'succeeded' | 'failed',
  result: unknown,
  at: string,
) {
  const job = await enqueue(t.db, {
    organizationId: f.org.id,
    deviceId,
    action,
    params: action === 'speedtest' ? { vlan: 1 } : {},
    requestedBy: f.users.admin.id,
  });
  await t.pool.query(
    `update jobs set state = $2, result = $3, error = $4, started_at = $5, finished_at = $5 where id = $1`,
    [
      job.id,
      state,
      state === 'succeeded' ? JSON.stringify(result) : null,
      state === 'failed' ? 'The device is offline and cannot run diagnostics.' : null,
      at,
    ],
  );
  return job.id;
}

beforeAll(async () => {
  f = await fixture();
  for (const [name, user] of Object.entries(f.users)) tokens[name] = await tokenFor(t.db, user, 'full');
});

const send = (deviceId: string, payload: object, token = tokens.admin as string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/device/troubleshooting/ticket/${deviceId}`,
    headers: bearer(token),
    payload,
  });
const get = (url: string, token = tokens.admin as string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('POST device/troubleshooting/ticket/{id}', () => {
  it.each([
    ['an empty subject', { subject: '', comment: 'x' }, 'Enter a subject.'],
    ['a blank subject', { subject: '   ', comment: 'x' }, 'Enter a subject.'],
    ['no subject', { comment: 'x' }, 'Enter a subject.'],
    [
      '151 characters of subject',
      { subject: 'x'.repeat(151), comment: 'x' },
      'The subject is at most 150 characters.',
    ],
    ['an empty comment', { subject: 'Down', comment: '' }, 'Describe the problem.'],
    [
      '5001 characters of comment',
      { subject: 'Down', comment: 'x'.repeat(5001) },
      'The comment is at most 5000 characters.',
    ],
  ])('%s → 400 "%s", nothing stored or sent', async (_case, payload, message) => {
    const res = await send(f.device.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    expect(await count(t.pool, 'tickets')).toBe(0);
    expect(await count(t.pool, 'outbox_messages')).toBe(0);
  });

  it("another organization's device, an unknown and a malformed id → 404; READ_ONLY and an organization without diagnostics → 403", async () => {
    const body = { subject: 'Down', comment: 'Help' };
    for (const id of [f.deviceB.id, randomUUID(), 'nope'])
      expect((await send(id, body)).statusCode).toBe(404);
    // Outside the restricted user's site groups reads as missing too.
    expect((await send(f.device.id, body, tokens.restricted)).statusCode).toBe(404);
    expect((await send(f.device.id, body, tokens.readOnly)).statusCode).toBe(403);
    const none = await send(f.deviceNone.id, body, tokens.adminNone);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Your organization does not have this feature.');
    expect(await count(t.pool, 'tickets')).toBe(0);
  });

  it('stores the ticket with the device, the site and the latest run of each action, and emails support', async () => {
    const speed = { vlan: 1, link: 'primary', downloadKbps: 250_300, uploadKbps: 48_100, latencyMs: 18.4 };
    await finishedJob(
      f.device.id,
      'speedtest',
      'succeeded',
      { ...speed, downloadKbps: 1000 },
      '2026-11-20T10:00:00Z',
    );
    const latestSpeed = await finishedJob(
      f.device.id,
      'speedtest',
      'succeeded',
      speed,
      '2026-11-21T09:00:00Z',
    );
    const failedWan = await finishedJob(f.device.id, 'wantest', 'failed', null, '2026-11-21T08:00:00Z');
    await finishedJob(f.otherDevice.id, 'systemTest', 'succeeded', {}, '2026-11-21T08:30:00Z');

    const res = await send(f.device.id, {
      subject: '  Slow internet at the harbor ',
      comment: 'Since 9 am.\nPOS slow.',
    });
    expect(res.statusCode).toBe(200);
    const ticket = TicketSchema.parse(res.json());
    expect(ticket).toMatchObject({
      subject: 'Slow internet at the harbor',
      comment: 'Since 9 am.\nPOS slow.',
      status: 'open',
      emailedTo: SUPPORT,
      createdBy: { id: f.users.admin.id, name: 'Ada Admin' },
      device: {
        id: f.device.id,
        name: 'FortiGate 60F EE01',
        macAddress: 'aa:bb:cc:dd:ee:01',
        kind: 'firewall',
        status: 'online',
      },
      site: { id: f.site.id, name: 'Harbor Store' },
    });
    // Numbers are counted per organization.
    expect(ticket.number).toBe(1001);
    expect(ticket.site.address).toContain('77 Harbor Rd, Austin');
    expect(ticket.diagnostics.map((j) => j.id)).toEqual([latestSpeed, failedWan]);

    const { rows } = await t.pool.query<{ to: string; subject: string; body: string }>(
      'select "to", subject, body from outbox_messages',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.to).toBe(SUPPORT);
    expect(rows[0]?.subject).toBe(`[vNOC #${ticket.number}] Slow internet at the harbor`);
    expect(rows[0]?.body).toContain('Support ticket #');
    expect(rows[0]?.body).toContain('from Acme Test');
    expect(rows[0]?.body).toContain(
      'Device: FortiGate 60F EE01 — Fortinet FortiGate 60F (firewall), MAC aa:bb:cc:dd:ee:01',
    );
    expect(rows[0]?.body).toContain('Harbor Store');
    expect(rows[0]?.body).toContain('Speed test');
    expect(rows[0]?.body).toContain('down 250.3 Mbps, up 48.1 Mbps, latency 18.4 ms\n  Verdict: Healthy');
    expect(rows[0]?.body).toContain('failed: The device is offline and cannot run diagnostics.');
    expect(await count(t.pool, 'audit_log', "action = 'ticket.create' and target = $1", [ticket.id])).toBe(1);
  });
});

describe('GET ticket, GET ticket/{id}, POST ticket/{id}/status', () => {
  it('lists the organization’s tickets newest first, filtered by status; another organization sees none', async () => {
    expect((await send(f.device.id, { subject: 'Second', comment: 'More' })).json().number).toBe(1002);
    // Another organization counts its own tickets.
    const other = await send(f.deviceB.id, { subject: 'Theirs', comment: 'x' }, tokens.adminB);
    expect(other.json().number).toBe(1001);
    const res = await get('/api/ticket');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 0, pageSize: 50, totalElements: 2, totalPages: 1 });
    expect(page.content.map((x: { subject: string }) => x.subject)).toEqual([
      'Second',
      'Slow internet at the harbor',
    ]);
    expect(TicketSummarySchema.parse(page.content[0]).device.id).toBe(f.device.id);
    // READ_ONLY reads them; sorting by number ascending.
    const asc = (await get('/api/ticket?sorting=number-asc', tokens.readOnly)).json();
    expect(asc.content.map((x: { subject: string }) => x.subject)).toEqual([
      'Slow internet at the harbor',
      'Second',
    ]);
    expect((await get('/api/ticket', tokens.adminB)).json().totalElements).toBe(1);
    // The restricted user only sees tickets of their groups' sites.
    expect((await get('/api/ticket', tokens.restricted)).json().totalElements).toBe(0);
    expect((await get(`/api/ticket?deviceId=${f.otherDevice.id}`)).json().totalElements).toBe(0);
    const bad = await get('/api/ticket?status=pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown ticket status.');
  });

  it('opens a ticket; closes and reopens it (not READ_ONLY); another organization gets 404', async () => {
    const [first] = (await get('/api/ticket?sorting=number-asc')).json().content;
    const opened = await get(`/api/ticket/${first.id}`, tokens.readOnly);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().diagnostics).toHaveLength(2);
    expect((await get(`/api/ticket/${first.id}`, tokens.adminB)).statusCode).toBe(404);
    expect((await get(`/api/ticket/${randomUUID()}`)).statusCode).toBe(404);

    const setStatus = (status: string, token = tokens.admin as string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ticket/${first.id}/status`,
        headers: bearer(token),
        payload: { status },
      });
    expect((await setStatus('closed', tokens.readOnly)).statusCode).toBe(403);
    expect((await setStatus('closed', tokens.adminB)).statusCode).toBe(404);
    expect((await setStatus('resolved')).statusCode).toBe(400);
    const closed = await setStatus('closed');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect((await get('/api/ticket?status=closed')).json().totalElements).toBe(1);
    expect((await get('/api/ticket?status=open')).json().totalElements).toBe(1);
    expect((await setStatus('open')).json().status).toBe('open');
    expect(await count(t.pool, 'audit_log', "action = 'ticket.status' and target = $1", [first.id])).toBe(2);
  });
});

describe('when the email cannot be sent', () => {
  let live: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: delivery fails.
    live = await createTestApp({
      DELIVERY: 'live',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMTP_FROM: 'vnoc@vnoc.example',
      SMS_API_URL: 'http://127.0.0.1:9/2010-04-01',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15550000000',
    });
  });
  afterAll(() => live.close());

  it('answers 502 with a clear message and stores no ticket', async () => {
    const org = await createOrganization(live.db);
    const device = await createDevice(live.db, await createSite(live.db, org));
    const user = await createUser(live.db, org, { role: 'USER' });
    const res = await live.app.inject({
      method: 'POST',
      url: `/api/device/troubleshooting/ticket/${device.id}`,
      headers: bearer(await tokenFor(live.db, user, 'full')),
      payload: { subject: 'Down', comment: 'Help' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      id: 'delivery_failed',
      message: 'The support ticket could not be sent. Please try again.',
    });
    expect(await count(live.pool, 'tickets')).toBe(0);
  });
});
