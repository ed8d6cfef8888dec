import { randomUUID } from 'node:crypto';
import { TicketSchema, TicketSummarySchema } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine } from '../src/fleet/alerts/index.ts';
import { enqueue } from '../src/fleet/jobs/queue.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, createTestApp, silentLog, type TestApp, useTestApp } from './helpers.ts';

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

describe('tickets of alerts (issue 37)', () => {
  // The device has one active alert of a code: each test's alert takes the next code.
  const codes = ['device_offline', 'high_latency', 'packet_loss', 'high_jitter', 'weak_signal', 'on_backup'];
  /** An active alert on the harbor firewall, raised an hour ago: Device offline, then other codes. */
  async function alertOnDevice() {
    const code = codes.shift();
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into alerts (organization_id, site_id, device_id, code, severity, raised_at, last_seen_at)
       values ($1, $2, $3, $4, 'critical', now() - interval '1 hour', now()) returning id`,
      [f.org.id, f.site.id, f.device.id, code],
    );
    return rows[0]?.id as string;
  }
  const note = (alertId: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/alert/${alertId}/notes`,
      headers: bearer(tokens.admin as string),
      payload: { text },
    });
  const fromAlert = (alertId: string, token?: string) =>
    send(f.device.id, { subject: 'Firewall offline', comment: 'Store is down.', alertId }, token);
  const setStatus = (id: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ticket/${id}/status`,
      headers: bearer(tokens.admin as string),
      payload: { status },
    });

  it('stores the alert and its notes; the alert shows its ticket; the ticket links back; the email carries both', async () => {
    const alertId = await alertOnDevice();
    expect((await note(alertId, 'Called the store: power is on.')).statusCode).toBe(200);
    expect((await note(alertId, 'ISP says no outage.')).statusCode).toBe(200);
    await t.pool.query('delete from outbox_messages');

    const res = await fromAlert(alertId);
    expect(res.statusCode).toBe(200);
    const ticket = TicketSchema.parse(res.json());
    expect(ticket.alert).toEqual({
      id: alertId,
      code: 'device_offline',
      severity: 'critical',
      status: 'active',
    });
    expect(ticket.alertNotes.map((n) => [n.text, n.author.name])).toEqual([
      ['Called the store: power is on.', 'Ada Admin'],
      ['ISP says no outage.', 'Ada Admin'],
    ]);
    expect(ticket.comment).toBe('Store is down.');
    expect(ticket.notes).toEqual([]);
    // The ticket page reads the same; the list names the alert too.
    expect(TicketSchema.parse((await get(`/api/ticket/${ticket.id}`)).json()).alertNotes).toHaveLength(2);
    const listed = (await get(`/api/ticket?deviceId=${f.device.id}`)).json().content;
    expect(listed.find((x: { id: string }) => x.id === ticket.id).alert.id).toBe(alertId);

    // The alert knows its ticket, in its detail and in the list.
    const ref = { id: ticket.id, number: ticket.number, status: 'open' };
    expect((await get(`/api/alert/${alertId}`)).json().ticket).toEqual(ref);
    const alerts = (await get(`/api/alert?deviceId=${f.device.id}`)).json().content;
    expect(alerts.find((a: { id: string }) => a.id === alertId).ticket).toEqual(ref);

    const { rows } = await t.pool.query<{ body: string }>('select body from outbox_messages');
    expect(rows[0]?.body).toContain(
      `Alert: Device offline (critical) — http://127.0.0.1:8080/alerts?alert=${alertId}`,
    );
    expect(rows[0]?.body).toMatch(
      /Notes on the alert:\n- Ada Admin, .+ UTC: Called the store: power is on\.\n- Ada Admin, .+ UTC: ISP says no outage\./,
    );
  });

  it('refuses a second open ticket for the alert with 409 naming the open one, nothing stored or sent; after closing, a new one is sent, and the old one cannot be reopened beside it', async () => {
    const alertId = await alertOnDevice();
    const first = TicketSchema.parse((await fromAlert(alertId)).json());
    const tickets = await count(t.pool, 'tickets');
    const mails = await count(t.pool, 'outbox_messages');

    const second = await fromAlert(alertId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      id: 'ticket_open',
      message: `This alert already has an open ticket, #${first.number}. Open it instead of sending another.`,
    });
    expect(await count(t.pool, 'tickets')).toBe(tickets);
    expect(await count(t.pool, 'outbox_messages')).toBe(mails);

    // Two at once: one is stored, the other refused by the database's one-open-ticket index.
    const other = await alertOnDevice();
    const both = await Promise.all([fromAlert(other), fromAlert(other)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count(t.pool, 'tickets', 'alert_id = $1', [other])).toBe(1);

    expect((await setStatus(first.id, 'closed')).statusCode).toBe(200);
    expect((await get(`/api/alert/${alertId}`)).json().ticket).toMatchObject({
      id: first.id,
      status: 'closed',
    });
    const next = TicketSchema.parse((await fromAlert(alertId)).json());
    expect((await get(`/api/alert/${alertId}`)).json().ticket).toMatchObject({ id: next.id, status: 'open' });
    const reopen = await setStatus(first.id, 'open');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toContain(`#${next.number}`);
    expect(TicketSchema.parse((await get(`/api/ticket/${first.id}`)).json()).status).toBe('closed');
  });

  it('an alert the caller does not see → 404, nothing stored; a malformed id → 400', async () => {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into alerts (organization_id, device_id, code, severity, raised_at, last_seen_at)
       values ($1, $2, 'device_offline', 'critical', now(), now()) returning id`,
      [f.deviceB.organizationId, f.deviceB.id],
    );
    const tickets = await count(t.pool, 'tickets');
    for (const id of [rows[0]?.id as string, randomUUID()])
      expect((await fromAlert(id)).statusCode).toBe(404);
    const bad = await fromAlert('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid alert id.');
    expect(await count(t.pool, 'tickets')).toBe(tickets);
  });

  it('when the alert clears (past the flap window) its open ticket gets a note of when, and stays open', async () => {
    const alertId = await alertOnDevice();
    const ticket = TicketSchema.parse((await fromAlert(alertId)).json());
    const closedAlert = await alertOnDevice();
    const closedTicket = TicketSchema.parse((await fromAlert(closedAlert)).json());
    await setStatus(closedTicket.id, 'closed');
    const clearedAt = '2026-11-21T10:00:00.000Z';
    await t.pool.query(`update alerts set state = 'cleared', cleared_at = $2 where id = any($1::uuid[])`, [
      [alertId, closedAlert],
      clearedAt,
    ]);
    const engine = createAlertEngine({ db: t.db, log: silentLog });
    // Within the flap window nothing is written: the alert may still come back.
    await engine.sweep(Date.parse(clearedAt) + 5 * 60_000);
    expect(TicketSchema.parse((await get(`/api/ticket/${ticket.id}`)).json()).notes).toEqual([]);
    await engine.sweep(Date.parse(clearedAt) + 16 * 60_000);
    const after = TicketSchema.parse((await get(`/api/ticket/${ticket.id}`)).json());
    expect(after.notes).toEqual([{ id: expect.any(String), kind: 'alertCleared', at: clearedAt }]);
    expect(after.status).toBe('open');
    expect(after.alert?.status).toBe('cleared');
    // A closed ticket is left as it is; a later sweep writes nothing again.
    expect(TicketSchema.parse((await get(`/api/ticket/${closedTicket.id}`)).json()).notes).toEqual([]);
    await engine.sweep(Date.parse(clearedAt) + 30 * 60_000);
    expect(await count(t.pool, 'ticket_notes', 'ticket_id = $1', [ticket.id])).toBe(1);
    expect(await count(t.pool, 'ticket_notes', 'ticket_id = $1', [closedTicket.id])).toBe(0);
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
