import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../src/auth/session-user.ts';
import {
  expirePendingRegistrations,
  PENDING_REGISTRATION_DAYS,
  REGISTRATION_NOTICE_WINDOW_MS,
  REGISTRATION_NOTICES_PER_CLIENT,
  REGISTRATION_NOTICES_PER_ORGANIZATION,
} from '../src/modules/accounts/service-sign-in.ts';
import { createOrganization, createUser, type TestUser } from './factories.ts';
import { count } from './helpers.ts';
import { type ClockedApp, createClockedApp } from './notifications-app.ts';

/**
 * Issue 34: registration is open to anyone, so the notices it sends administrators are bounded (per
 * organization and per client address, an hour); pending registrations nobody approves expire.
 */
let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

async function openOrganization(): Promise<{ org: OrganizationRow; admin: TestUser }> {
  const org = await createOrganization(t.db, { selfRegistration: true });
  return { org, admin: await createUser(t.db, org, { role: 'ADMINISTRATOR' }) };
}

async function register(org: OrganizationRow, remoteAddress = freshAddress()): Promise<string> {
  const username = `applicant-${randomInt(1e9)}@${org.emailDomains[0]}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/access/register',
    remoteAddress,
    payload: { username, password: 'a-long-enough-passphrase', firstName: 'Ann', lastName: 'Applicant' },
  });
  // The registration itself always works: only the emails are held back.
  expect(res.statusCode, res.body).toBe(201);
  expect(await count(t.pool, 'users', "username = $1 and status = 'pending'", [username])).toBe(1);
  return username;
}
const noticesTo = (admin: TestUser) => count(t.pool, 'outbox_messages', '"to" = $1', [admin.username]);
const held = (org: OrganizationRow) =>
  count(t.pool, 'audit_log', "action = 'register.notice_held' and organization_id = $1", [org.id]);

describe('registration notices to administrators are throttled', () => {
  it(`at most ${REGISTRATION_NOTICES_PER_ORGANIZATION} an hour per organization, whatever the addresses; then again`, async () => {
    const { org, admin } = await openOrganization();
    for (let i = 0; i < REGISTRATION_NOTICES_PER_ORGANIZATION; i++) await register(org);
    expect(await noticesTo(admin)).toBe(REGISTRATION_NOTICES_PER_ORGANIZATION);
    await register(org);
    await register(org);
    expect(await noticesTo(admin)).toBe(REGISTRATION_NOTICES_PER_ORGANIZATION);
    expect(await held(org)).toBe(2);
    // The hour is a sliding window: once the first notices are older than it, there is room again.
    t.advance(REGISTRATION_NOTICE_WINDOW_MS);
    await register(org);
    expect(await noticesTo(admin)).toBe(REGISTRATION_NOTICES_PER_ORGANIZATION + 1);
  });

  it(`at most ${REGISTRATION_NOTICES_PER_CLIENT} an hour from one client address, across organizations`, async () => {
    const address = freshAddress();
    const organizations = [];
    for (let i = 0; i <= REGISTRATION_NOTICES_PER_CLIENT; i++) organizations.push(await openOrganization());
    for (const { org } of organizations) await register(org, address);
    const sent = await Promise.all(organizations.map(({ admin }) => noticesTo(admin)));
    expect(sent).toEqual([...Array(REGISTRATION_NOTICES_PER_CLIENT).fill(1), 0]);
    const last = organizations.at(-1) as { org: OrganizationRow; admin: TestUser };
    expect(await held(last.org)).toBe(1);
    // Another client registering in that organization meanwhile is not held back.
    await register(last.org);
    expect(await noticesTo(last.admin)).toBe(1);
    t.advance(REGISTRATION_NOTICE_WINDOW_MS);
    await register(last.org, address);
    expect(await noticesTo(last.admin)).toBe(2);
  });
});

describe('pending registrations expire', () => {
  it(`housekeeping removes a registration still pending after ${PENDING_REGISTRATION_DAYS} days, and logs it`, async () => {
    const { org } = await openOrganization();
    const old = await register(org);
    const now = t.now();
    // Registered at the clock; a newer one, an active person and a deactivated one of the same age stay.
    await t.pool.query('update users set created_at = $1 where username = $2', [
      new Date(now.getTime() - PENDING_REGISTRATION_DAYS * DAY - 1_000),
      old,
    ]);
    const recent = await register(org);
    await t.pool.query('update users set created_at = $1 where username = $2', [
      new Date(now.getTime() - PENDING_REGISTRATION_DAYS * DAY + 60_000),
      recent,
    ]);
    const active = await createUser(t.db, org, { role: 'USER' });
    const deactivated = await createUser(t.db, org, { role: 'USER' });
    await t.pool.query(
      "update users set created_at = $1, status = case when id = $3 then 'deactivated' else status end where id in ($2, $3)",
      [new Date(now.getTime() - 400 * DAY), active.id, deactivated.id],
    );

    expect(await expirePendingRegistrations(t.db, now)).toBe(1);
    const { rows } = await t.pool.query<{ username: string }>(
      'select username from users where organization_id = $1 order by username',
      [org.id],
    );
    expect(rows.map((r) => r.username).sort()).toEqual(
      [recent, active.username, deactivated.username, ...(await admins(org))].sort(),
    );
    const { rows: log } = await t.pool.query(
      "select organization_id, target, detail->>'registeredAt' is not null as dated from audit_log where action = 'register.expired'",
    );
    expect(log).toEqual([{ organization_id: org.id, target: old, dated: true }]);
    // Run again: nothing more to remove.
    expect(await expirePendingRegistrations(t.db, now)).toBe(0);
    // The address may register again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/access/register',
      remoteAddress: freshAddress(),
      payload: { username: old, password: 'a-long-enough-passphrase', firstName: 'Ann', lastName: 'Again' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

async function admins(org: OrganizationRow): Promise<string[]> {
  const { rows } = await t.pool.query<{ username: string }>(
    "select username from users where organization_id = $1 and role = 'ADMINISTRATOR'",
    [org.id],
  );
  return rows.map((r) => r.username);
}
