import { randomUUID } from 'node:crypto';
import {
  type LiveEvent,
  SupportTicketSchema,
  TICKET_MESSAGE_MAX,
  TicketMessageSchema,
  TicketSchema,
  TicketThreadSchema,
} from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDelivery } from '../src/delivery/index.ts';
import { createNotificationDispatcher } from '../src/notifications/dispatcher.ts';
import { consoleUrl } from '../src/plugins/config.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { bearer, count, silentLog, tokenOf, useTestApp } from './helpers.ts';

// Issue 37, point 12: a ticket is a thread between the customer and support, read and answered on the
// ticket's page and in the support console, with an email to the other side.

const t = useTestApp();
const SUPPORT_ADDRESS = 'support@vnoc.example';

let f: Awaited<ReturnType<typeof fixture>>;
const tokens: Record<string, string> = {};
let events: LiveEvent[] = [];
let unsubscribe: () => void = () => {};

async function fixture() {
  const provider = await createOrganization(t.db, { kind: 'provider' });
  const org = await createOrganization(t.db, { name: 'Acme Retail', entitlements: ['diagnostics'] });
  const orgB = await createOrganization(t.db, { entitlements: ['diagnostics'] });
  const site = await createSite(t.db, org, { name: 'Harbor Store' });
  const device = await createDevice(t.db, site);
  const otherSite = await createSite(t.db, org, { name: 'Hidden Store' });
  const users = {
    support: await createUser(t.db, provider, {
      role: 'SUPPORT',
      contact: { firstName: 'Sam', lastName: 'Support' },
    }),
    admin: await createUser(t.db, org, {
      role: 'ADMINISTRATOR',
      contact: { firstName: 'Ada', lastName: 'Admin' },
    }),
    user: await createUser(t.db, org, {
      role: 'USER',
      contact: { firstName: 'Uriel', lastName: 'Operator' },
    }),
    readOnly: await createUser(t.db, org, { role: 'READ_ONLY' }),
    restricted: await createUser(t.db, org, { role: 'USER' }),
    adminB: await createUser(t.db, orgB, { role: 'ADMINISTRATOR' }),
  };
  await createGroup(t.db, org, [otherSite.id], [users.restricted.id]);
  // The ticket's sender reads Spanish.
  await t.pool.query(`insert into user_preferences (user_id, name, value) values ($1, 'language', 'es')`, [
    users.admin.id,
  ]);
  return { org, site, device, users };
}

beforeAll(async () => {
  f = await fixture();
  for (const [name, user] of Object.entries(f.users)) tokens[name] = await tokenFor(t.db, user, 'full');
});
beforeEach(() => {
  events = [];
  unsubscribe = t.bus.subscribe((e) => events.push(e.event));
});
afterEach(() => unsubscribe());

const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token as string), payload });

/** A new ticket on the store's device, sent by the administrator. */
async function newTicket(subject = 'Slow internet') {
  const res = await call('POST', `/api/device/troubleshooting/ticket/${f.device.id}`, tokens.admin, {
    subject,
    comment: 'Since 9 am.',
  });
  expect(res.statusCode).toBe(200);
  return TicketSchema.parse(res.json());
}

const thread = async (url: string, token: string | undefined) => {
  const res = await call('GET', url, token);
  expect(res.statusCode).toBe(200);
  return TicketThreadSchema.parse(res.json()).messages;
};

const outbox = (to: string) =>
  t.pool
    .query<{ subject: string; body: string }>(
      'select subject, body from outbox_messages where "to" = $1 order by created_at',
      [to],
    )
    .then((r) => r.rows);

/** Sends what the notification queue holds (the dispatcher as the server runs it). */
async function dispatch() {
  const dispatcher = createNotificationDispatcher({
    db: t.db,
    deliver: createDelivery(t.config, t.db, silentLog as never),
    log: silentLog as never,
    now: () => new Date(Date.now() + 1_000),
  });
  await dispatcher.runOnce();
}

async function actAs(support: TestUser, targetId: string) {
  const generated = await call('POST', '/api/userProfile/impersonate/generate', tokens.support, {
    userId: targetId,
  });
  expect(generated.statusCode).toBe(200);
  const exchanged = await t.app.inject({
    method: 'POST',
    url: '/api/access/impersonate',
    payload: { accessCode: generated.json().accessCode },
  });
  expect(exchanged.statusCode).toBe(200);
  expect(support.id).toBe(f.users.support.id);
  return tokenOf(exchanged);
}

describe("a ticket's thread", () => {
  it('starts empty; bad replies are 400 with a clear message and write nothing', async () => {
    const ticket = await newTicket();
    expect(await thread(`/api/ticket/${ticket.id}/messages`, tokens.user)).toEqual([]);
    // Sending the ticket told the bus; the bad replies must tell it nothing more.
    events.length = 0;
    const before = {
      audit: await count(t.pool, 'audit_log'),
      mail: await count(t.pool, 'outbox_messages'),
      queued: await count(t.pool, 'notifications'),
    };
    const cases: [string, object, string][] = [
      [`/api/ticket/${ticket.id}/messages`, {}, 'Write a reply.'],
      [`/api/ticket/${ticket.id}/messages`, { body: '   ' }, 'Write a reply.'],
      [
        `/api/ticket/${ticket.id}/messages`,
        { body: 'x'.repeat(TICKET_MESSAGE_MAX + 1) },
        'A reply is at most 4000 characters.',
      ],
      [`/api/support/tickets/${ticket.id}/messages`, { body: '' }, 'Write a reply.'],
    ];
    for (const [url, payload, message] of cases) {
      const res = await call(
        'POST',
        url,
        url.startsWith('/api/support') ? tokens.support : tokens.user,
        payload,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message });
    }
    expect(await count(t.pool, 'ticket_messages')).toBe(0);
    expect(await count(t.pool, 'audit_log')).toBe(before.audit);
    expect(await count(t.pool, 'outbox_messages')).toBe(before.mail);
    expect(await count(t.pool, 'notifications')).toBe(before.queued);
    expect(events).toEqual([]);
  });

  it("another organization's, a hidden site's, an unknown or malformed ticket is 404; READ_ONLY reads but may not reply; roles stay on their side", async () => {
    const ticket = await newTicket();
    const url = `/api/ticket/${ticket.id}/messages`;
    for (const token of [tokens.adminB, tokens.restricted]) {
      expect((await call('GET', url, token)).statusCode).toBe(404);
      expect((await call('POST', url, token, { body: 'Hi' })).statusCode).toBe(404);
    }
    for (const id of [randomUUID(), 'nope']) {
      expect((await call('GET', `/api/ticket/${id}/messages`, tokens.admin)).statusCode).toBe(404);
      expect(
        (await call('POST', `/api/support/tickets/${id}/messages`, tokens.support, { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/support/tickets/${id}`, tokens.support)).statusCode).toBe(404);
    }
    expect((await call('GET', url, tokens.readOnly)).statusCode).toBe(200);
    expect((await call('POST', url, tokens.readOnly, { body: 'Hi' })).statusCode).toBe(403);
    // Support answers from its console; customers never reach it.
    expect((await call('GET', url, tokens.support)).statusCode).toBe(403);
    expect((await call('GET', `/api/support/tickets/${ticket.id}/messages`, tokens.admin)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/support/tickets/${ticket.id}/messages`, tokens.admin, { body: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(await count(t.pool, 'ticket_messages')).toBe(0);
  });

  it("a customer's reply is stored, audited, told live and emailed to support with the console's link", async () => {
    const ticket = await newTicket('Printer offline');
    const res = await call('POST', `/api/ticket/${ticket.id}/messages`, tokens.user, {
      body: '  It is down again.\nSince noon. ',
    });
    expect(res.statusCode).toBe(201);
    const message = TicketMessageSchema.parse(res.json());
    expect(message).toMatchObject({
      side: 'customer',
      author: { id: f.users.user.id, name: 'Uriel Operator', support: null },
      body: 'It is down again.\nSince noon.',
    });
    expect(await thread(`/api/ticket/${ticket.id}/messages`, tokens.admin)).toEqual([message]);

    const mail = (await outbox(SUPPORT_ADDRESS)).at(-1);
    expect(mail?.subject).toBe(`[vNOC #${ticket.number}] Re: Printer offline`);
    expect(mail?.body).toContain(`Reply on support ticket #${ticket.number} from Acme Retail`);
    expect(mail?.body).toContain(`${consoleUrl(t.config)}/support?view=tickets&ticket=${ticket.id}`);
    expect(mail?.body).toContain('It is down again.\nSince noon.');

    const { rows } = await t.pool.query(
      `select actor_user_id, organization_id, detail from audit_log where action = 'ticket.reply' and target = $1`,
      [ticket.id],
    );
    expect(rows).toEqual([
      {
        actor_user_id: f.users.user.id,
        organization_id: f.org.id,
        detail: { number: ticket.number, side: 'customer', reopened: false },
      },
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'ticket.updated',
        ticketId: ticket.id,
        siteId: f.site.id,
        by: 'customer',
      }),
    );
  });

  it("support's reply from the console reopens a closed ticket and emails its people in their language with the ticket's link", async () => {
    const ticket = await newTicket('Switch flapping');
    // The operator replied, then the administrator closed it.
    await call('POST', `/api/ticket/${ticket.id}/messages`, tokens.user, { body: 'Any news?' });
    expect(
      (await call('POST', `/api/ticket/${ticket.id}/status`, tokens.admin, { status: 'closed' })).statusCode,
    ).toBe(200);

    const opened = await call('GET', `/api/support/tickets/${ticket.id}`, tokens.support);
    expect(SupportTicketSchema.parse(opened.json())).toMatchObject({
      id: ticket.id,
      status: 'closed',
      organization: { id: f.org.id, name: 'Acme Retail' },
    });
    const res = await call('POST', `/api/support/tickets/${ticket.id}/messages`, tokens.support, {
      body: 'We replaced the uplink cable.',
    });
    expect(res.statusCode).toBe(201);
    const message = TicketMessageSchema.parse(res.json());
    expect(message).toMatchObject({
      side: 'support',
      author: { id: f.users.support.id, name: 'Sam Support', support: null },
    });
    // Both sides read the same thread, oldest first; the ticket is open again.
    const customerView = await thread(`/api/ticket/${ticket.id}/messages`, tokens.user);
    expect(customerView.map((m) => m.body)).toEqual(['Any news?', 'We replaced the uplink cable.']);
    expect(await thread(`/api/support/tickets/${ticket.id}/messages`, tokens.support)).toEqual(customerView);
    const reread = await call('GET', `/api/ticket/${ticket.id}`, tokens.admin);
    expect(reread.json().status).toBe('open');

    await dispatch();
    const link = `${consoleUrl(t.config)}/tickets/${ticket.id}`;
    const [toSender] = await outbox(f.users.admin.username);
    expect(toSender?.subject).toBe(`[vNOC #${ticket.number}] Soporte ha respondido: Switch flapping`);
    expect(toSender?.body).toContain('Sam Support (soporte de vNOC)');
    expect(toSender?.body).toContain('We replaced the uplink cable.');
    expect(toSender?.body).toContain(link);
    const [toReplier] = await outbox(f.users.user.username);
    expect(toReplier?.subject).toBe(`[vNOC #${ticket.number}] Support replied: Switch flapping`);
    expect(toReplier?.body).toContain(link);

    // The customer's administrators read who answered, in their own log.
    const { rows } = await t.pool.query(
      `select actor_user_id, organization_id, detail from audit_log where action = 'ticket.reply' and target = $1 order by id`,
      [ticket.id],
    );
    expect(rows.at(-1)).toEqual({
      actor_user_id: f.users.support.id,
      organization_id: f.org.id,
      detail: { number: ticket.number, side: 'support', reopened: true },
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'ticket.updated', by: 'support' }));
  });

  it("a reply in a support session is support's, written for the person support acts as", async () => {
    await t.pool.query('update organizations set support_access = true where id = $1', [f.org.id]);
    const ticket = await newTicket('Camera offline');
    const acting = await actAs(f.users.support, f.users.user.id);
    const res = await call('POST', `/api/ticket/${ticket.id}/messages`, acting, {
      body: 'Rebooted it for you.',
    });
    expect(res.statusCode).toBe(201);
    expect(TicketMessageSchema.parse(res.json())).toMatchObject({
      side: 'support',
      author: {
        id: f.users.user.id,
        name: 'Uriel Operator',
        support: { id: f.users.support.id, name: 'Sam Support' },
      },
    });
    expect(await count(t.pool, 'ticket_messages', 'support_id = $1', [f.users.support.id])).toBe(1);
    await dispatch();
    const toSender = (await outbox(f.users.admin.username)).at(-1);
    expect(toSender?.body).toContain('Sam Support (soporte de vNOC) en nombre de Uriel Operator');
  });
});
