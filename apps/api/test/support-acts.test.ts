import { AlertDetailSchema, AlertSchema, ImpersonationSessionSchema, TicketSchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, count, tokenOf, useTestApp } from './helpers.ts';

// Issue 37, point 3: what support does while acting as a customer's person is recorded and answered as
// support's, logged once per act, and the customer's administrators are told when a session starts.

const t = useTestApp();

async function setup() {
  const provider = await createOrganization(t.db, { kind: 'provider' });
  const customer = await createOrganization(t.db, { name: 'Acme Retail', entitlements: ['diagnostics'] });
  const support = await createUser(t.db, provider, {
    role: 'SUPPORT',
    contact: { firstName: 'Sam', lastName: 'Support' },
  });
  const target = await createUser(t.db, customer, {
    role: 'USER',
    contact: { firstName: 'Uriel', lastName: 'Operator' },
  });
  const admin = await createUser(t.db, customer, { role: 'ADMINISTRATOR' });
  const adminEs = await createUser(t.db, customer, { role: 'ADMINISTRATOR' });
  await t.pool.query(`insert into user_preferences (user_id, name, value) values ($1, 'language', 'es')`, [
    adminEs.id,
  ]);
  const site = await createSite(t.db, customer);
  const device = await createDevice(t.db, site);
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into alerts (organization_id, site_id, device_id, code, severity, raised_at, last_seen_at)
     values ($1, $2, $3, 'device_offline', 'major', now(), now()) returning id`,
    [customer.id, site.id, device.id],
  );
  const alertId = rows[0]?.id ?? '';
  return { support, target, admin, adminEs, customer, device, alertId };
}

/** Support generates an access code for the target and exchanges it: the token of the support session. */
async function actAs(supportUser: Parameters<typeof tokenFor>[1], targetId: string) {
  const generated = await t.app.inject({
    method: 'POST',
    url: '/api/userProfile/impersonate/generate',
    headers: bearer(await tokenFor(t.db, supportUser, 'full')),
    payload: { userId: targetId },
  });
  expect(generated.statusCode).toBe(200);
  const exchanged = await t.app.inject({
    method: 'POST',
    url: '/api/access/impersonate',
    payload: { accessCode: generated.json().accessCode },
  });
  expect(exchanged.statusCode).toBe(200);
  return tokenOf(exchanged);
}

const SAM = { name: 'Sam Support' };

describe('support acting as a customer (issue 37)', () => {
  it("an acknowledgement, an assignment and a note made in a support session are stored and answered as support's", async () => {
    const { support, target, alertId } = await setup();
    const acting = await actAs(support, target.id);
    const post = (path: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/alert/${alertId}/${path}`,
        headers: bearer(acting),
        payload,
      });

    const ack = await post('acknowledge');
    expect(ack.statusCode).toBe(200);
    expect(AlertSchema.parse(ack.json()).acknowledgedBy).toEqual({
      id: target.id,
      name: 'Uriel Operator',
      support: { id: support.id, ...SAM },
    });
    const assigned = await post('assign', { userId: target.id });
    expect(assigned.statusCode).toBe(200);
    expect(AlertSchema.parse(assigned.json()).assignedBy).toEqual({
      id: target.id,
      name: 'Uriel Operator',
      support: { id: support.id, ...SAM },
    });
    const noted = await post('notes', { text: 'Rebooted the router remotely' });
    expect(noted.statusCode).toBe(200);
    expect(AlertDetailSchema.parse(noted.json()).notes[0]?.author).toEqual({
      id: target.id,
      name: 'Uriel Operator',
      support: { id: support.id, ...SAM },
    });

    const { rows } = await t.pool.query(
      'select acknowledged_by_support, assigned_by_support from alerts where id = $1',
      [alertId],
    );
    expect(rows).toEqual([{ acknowledged_by_support: support.id, assigned_by_support: support.id }]);
    expect(await count(t.pool, 'alert_notes', 'author_support = $1', [support.id])).toBe(1);

    // The person's own acts stay theirs alone.
    const own = await tokenFor(t.db, target, 'full');
    const mine = await t.app.inject({
      method: 'POST',
      url: `/api/alert/${alertId}/notes`,
      headers: bearer(own),
      payload: { text: 'Seen it' },
    });
    expect(AlertDetailSchema.parse(mine.json()).notes[1]?.author).toEqual({
      id: target.id,
      name: 'Uriel Operator',
      support: null,
    });
  });

  it('each act in a support session is one row of the activity log, naming both people', async () => {
    const { support, target, admin, customer, alertId } = await setup();
    const acting = await actAs(support, target.id);
    await t.app.inject({ method: 'POST', url: `/api/alert/${alertId}/acknowledge`, headers: bearer(acting) });
    await t.app.inject({
      method: 'POST',
      url: `/api/alert/${alertId}/notes`,
      headers: bearer(acting),
      payload: { text: 'Looking into it' },
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/organization/${customer.id}/activity?impersonated=true&pageSize=50`,
      headers: bearer(await tokenFor(t.db, admin, 'full')),
    });
    const entries = log.json().content as {
      action: string;
      actor: { id: string };
      impersonator: { id: string };
    }[];
    expect(entries.map((e) => e.action).sort()).toEqual([
      'alert.acknowledge',
      'alert.note',
      'impersonation.exchange',
    ]);
    for (const entry of entries) {
      expect(entry.actor.id).toBe(target.id);
      expect(entry.impersonator.id).toBe(support.id);
    }
  });

  it("a ticket sent in a support session is support's, and its email to support says so", async () => {
    const { support, target, device } = await setup();
    const acting = await actAs(support, target.id);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/device/troubleshooting/ticket/${device.id}`,
      headers: bearer(acting),
      payload: { subject: 'Router keeps rebooting', comment: 'Seen from the support session.' },
    });
    expect(sent.statusCode).toBe(200);
    const ticket = TicketSchema.parse(sent.json());
    expect(ticket.createdBy).toEqual({
      id: target.id,
      name: 'Uriel Operator',
      support: { id: support.id, ...SAM },
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/ticket', headers: bearer(acting) });
    expect(listed.json().content[0].createdBy.support).toEqual({ id: support.id, ...SAM });
    const { rows } = await t.pool.query<{ body: string }>(
      `select body from outbox_messages where subject like '[vNOC #%' order by created_at desc limit 1`,
    );
    expect(rows[0]?.body).toContain('Sent by: Sam Support (vNOC support) for Uriel Operator');
  });

  it("starting a session emails the organization's administrators, each in their language", async () => {
    const { support, target, admin, adminEs } = await setup();
    await actAs(support, target.id);
    const mail = async (to: string) =>
      (
        await t.pool.query<{ subject: string; body: string }>(
          `select subject, body from outbox_messages where "to" = $1 and channel = 'email'`,
          [to],
        )
      ).rows;
    const [en] = await mail(admin.username);
    expect(en?.subject).toBe('vNOC support is acting as Uriel Operator');
    expect(en?.body).toContain(
      'Sam Support (vNOC support) started a support session acting as Uriel Operator',
    );
    const [es] = await mail(adminEs.username);
    expect(es?.subject).toBe('El soporte de vNOC está actuando como Uriel Operator');
    expect(es?.body).toContain(
      'Sam Support (soporte de vNOC) inició una sesión de soporte en nombre de Uriel Operator',
    );
    // A person who is not an administrator is not told.
    expect(await mail(target.username)).toEqual([]);
  });

  it('the session answers whom support acts as and its real end; ending it refuses every token of it', async () => {
    const { support, target, customer } = await setup();
    const acting = await actAs(support, target.id);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/access/impersonation',
      headers: bearer(acting),
    });
    expect(session.statusCode).toBe(200);
    const body = ImpersonationSessionSchema.parse(session.json());
    expect(body).toMatchObject({
      user: { id: target.id, name: 'Uriel Operator', email: target.username },
      organization: { id: customer.id, name: 'Acme Retail' },
      support: { id: support.id, name: 'Sam Support', email: support.username },
    });
    const ends = Date.parse(body.endsAt) - Date.now();
    expect(ends).toBeGreaterThan(59 * 60_000);
    expect(ends).toBeLessThanOrEqual(60 * 60_000);

    // Outside a support session there is none to show or end.
    const own = await tokenFor(t.db, target, 'full');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/access/impersonation', headers: bearer(own) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/access/impersonation', headers: bearer(own) }))
        .statusCode,
    ).toBe(404);

    const renewed = tokenOf(
      await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(acting) }),
    );
    const end = await t.app.inject({
      method: 'DELETE',
      url: '/api/access/impersonation',
      headers: bearer(acting),
    });
    expect(end.statusCode).toBe(200);
    for (const token of [acting, renewed]) {
      const after = await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
    }
    expect(
      await count(t.pool, 'audit_log', "action = 'impersonation.end' and impersonator_user_id = $1", [
        support.id,
      ]),
    ).toBe(1);
    expect(await count(t.pool, 'audit_log', "action = 'impersonated.request'")).toBe(0);
  });
});

describe('support staff read the tickets customers send (issue 37, point 9)', () => {
  it("lists every customer organization's tickets to SUPPORT as themselves, filtered, and to nobody else", async () => {
    const { support, target, admin, device, customer } = await setup();
    const other = await createOrganization(t.db, { name: 'Bluebird Clinics', entitlements: ['diagnostics'] });
    const otherUser = await createUser(t.db, other, { role: 'USER' });
    const otherDevice = await createDevice(t.db, await createSite(t.db, other));
    const send = async (token: string, deviceId: string, subject: string) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/device/troubleshooting/ticket/${deviceId}`,
            headers: bearer(token),
            payload: { subject, comment: `About: ${subject}` },
          })
        ).statusCode,
      ).toBe(200);
    await send(await tokenFor(t.db, target, 'full'), device.id, 'Router keeps rebooting');
    await send(await tokenFor(t.db, otherUser, 'full'), otherDevice.id, 'Printer offline');

    const list = (token: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/support/tickets${query}`, headers: bearer(token) });
    const own = await tokenFor(t.db, support, 'full');
    const all = await list(own);
    expect(all.statusCode).toBe(200);
    const content = all.json().content as {
      subject: string;
      comment: string;
      organization: { id: string; name: string };
    }[];
    // This file's other tests sent tickets of their own organizations too: these two organizations', newest first.
    const ours = content.filter((c) => [customer.id, other.id].includes(c.organization.id));
    expect(ours.map((c) => [c.organization.name, c.subject, c.comment])).toEqual([
      ['Bluebird Clinics', 'Printer offline', 'About: Printer offline'],
      ['Acme Retail', 'Router keeps rebooting', 'About: Router keeps rebooting'],
    ]);
    const bluebird = (await list(own, '?q=bluebird')).json();
    expect(bluebird.totalElements).toBe(1);
    expect(bluebird.content[0].organization.id).toBe(other.id);
    expect((await list(own, '?status=closed')).json().totalElements).toBe(0);

    // Customers' roles, and support while acting as a customer, are refused.
    expect((await list(await tokenFor(t.db, admin, 'full'))).statusCode).toBe(403);
    const acting = await actAs(support, target.id);
    expect((await list(acting)).statusCode).toBe(403);
  });
});
