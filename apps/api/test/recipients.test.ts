import { randomInt } from 'node:crypto';
import type { Role } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../src/auth/session-user.ts';
import { alerts, notificationProfiles } from '../src/db/schema.ts';
import { NO_PASSWORD } from '../src/modules/accounts/repository-admin.ts';
import { CHAT_AWAY_EMAIL_MS } from '../src/modules/chat/service.ts';
import { queueAlertNotifications } from '../src/notifications/fan-out.ts';
import { DEFAULT_NOTIFICATION_PROFILE } from '../src/notifications/profile.ts';
import { INACTIVE_RECIPIENT_ERROR } from '../src/notifications/queue.ts';
import { createOrganization, createSite, createUser, type TestUser, tokenFor } from './factories.ts';
import { bearer, count } from './helpers.ts';
import { type ClockedApp, createClockedApp } from './notifications-app.ts';

/**
 * Issue 34: who receives notifications, scheduled reports, chat away emails, registration notices,
 * invitation links and password-reset codes. For each channel, through the dev outbox (DELIVERY=outbox) as the real sink: an
 * active person receives; a registration waiting for approval and a deactivated person receive nothing; and
 * neither does a person deactivated after their message was queued (checked again at sending).
 */
let t: ClockedApp;
let provider: OrganizationRow;
let support: TestUser;
beforeAll(async () => {
  t = await createClockedApp();
  provider = await createOrganization(t.db, { kind: 'provider', emailDomains: [] });
  support = await createUser(t.db, provider, { role: 'SUPPORT' });
});
afterAll(() => t.close());

const WHO = ['active', 'pending', 'deactivated', 'deactivatedAfterQueueing'] as const;
type Who = (typeof WHO)[number];
type People = Record<Who, TestUser>;

const setStatus = (user: TestUser, status: 'pending' | 'deactivated') =>
  t.pool.query('update users set status = $1 where id = $2', [status, user.id]);
const call = async (user: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await tokenFor(t.db, user, 'full')), payload });
/** Sends every due queued message (a round claims a batch). */
const dispatchAll = async () => {
  while ((await t.app.notifications.runOnce()) > 0);
};
const outboxCount = (to: string) => count(t.pool, 'outbox_messages', '"to" = $1', [to]);
const phone = () => `+1555${randomInt(1_000_000, 9_999_999)}`;
/** A client address of its own per registration, so the per-client notice limit never mixes cases. */
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

type Channel = {
  name: string;
  role: Role;
  organization?: Parameters<typeof createOrganization>[1];
  /** Each person's addresses this channel would write to. */
  addresses: (p: TestUser) => string[];
  /** While everyone is still active (what only a signed-in person can do: subscribe, ask support, a test). */
  prepare?: (people: People) => Promise<void>;
  /** Choosing the recipients and queueing (or sending at once): pending and deactivated people are so by now. */
  choose: (people: People, org: OrganizationRow) => Promise<void>;
  /** Whether `choose` only queues: the rest goes out in `send`, after one person is deactivated. */
  queued: boolean;
  send?: () => Promise<void>;
};

const CHANNELS: Channel[] = [
  {
    name: 'alert notifications (email and SMS), fan-out then dispatcher',
    role: 'USER',
    addresses: (p) => [p.username, p.smsNumber ?? ''],
    prepare: async (people) => {
      for (const p of Object.values(people))
        await t.db.insert(notificationProfiles).values({
          userId: p.id,
          profile: { ...DEFAULT_NOTIFICATION_PROFILE, channels: ['email', 'sms'] },
        });
    },
    choose: async (_people, org) => {
      const site = await createSite(t.db, org);
      const at = t.now();
      const [alert] = await t.db
        .insert(alerts)
        .values({
          organizationId: org.id,
          siteId: site.id,
          code: 'device_offline',
          severity: 'critical',
          raisedAt: at,
          lastSeenAt: at,
        })
        .returning({ id: alerts.id });
      await t.db.transaction((tx) =>
        queueAlertNotifications(
          tx,
          { alertIds: [alert?.id ?? ''], transition: 'raised', now: at },
          { consoleUrl: 'https://vnoc.example' },
        ),
      );
    },
    queued: true,
    send: dispatchAll,
  },
  {
    name: 'test notifications (queued by each person while active)',
    role: 'READ_ONLY',
    addresses: (p) => [p.username],
    prepare: async (people) => {
      for (const p of Object.values(people))
        expect((await call(p, 'POST', '/api/test-notification', { method: 'email' })).statusCode).toBe(200);
    },
    choose: async () => undefined,
    queued: true,
    send: dispatchAll,
  },
  {
    name: 'support chat away emails',
    role: 'USER',
    addresses: (p) => [p.username],
    prepare: async (people) => {
      for (const p of Object.values(people))
        expect(
          (await call(p, 'POST', '/api/chat/conversations', { body: 'Is Denver down?' })).statusCode,
        ).toBe(201);
    },
    choose: async (people) => {
      const ids = Object.values(people).map((p) => p.id);
      const { rows } = await t.pool.query<{ id: string }>(
        'select id from chat_conversations where user_id = any($1::uuid[])',
        [ids],
      );
      expect(rows).toHaveLength(ids.length);
      for (const { id } of rows)
        expect(
          (await call(support, 'POST', `/api/chat/conversations/${id}/messages`, { body: 'On it.' }))
            .statusCode,
        ).toBe(201);
    },
    queued: true,
    send: async () => {
      t.advance(CHAT_AWAY_EMAIL_MS + 1_000);
      await dispatchAll();
    },
  },
  {
    name: 'scheduled reports',
    role: 'READ_ONLY',
    addresses: (p) => [p.username],
    prepare: async (people) => {
      for (const p of Object.values(people)) {
        const res = await call(p, 'POST', '/api/reports/subscriptions', {
          report: 'online-analytics',
          frequency: 'weekly',
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    },
    // The run claims each due subscription and reads its person's account then.
    choose: async (people) => {
      await t.pool.query(
        `update report_subscriptions set next_run_at = $1::timestamptz - interval '1 hour'
         where user_id = any($2::uuid[])`,
        [t.now().toISOString(), Object.values(people).map((p) => p.id)],
      );
      await t.app.reports.runOnce();
    },
    queued: false,
  },
  {
    name: 'registration notices to administrators',
    role: 'ADMINISTRATOR',
    organization: { selfRegistration: true },
    addresses: (p) => [p.username],
    choose: async (_people, org) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/access/register',
        remoteAddress: freshAddress(),
        payload: {
          username: `newcomer-${randomInt(1e9)}@${org.emailDomains[0]}`,
          password: 'a-long-enough-passphrase',
          firstName: 'Nia',
          lastName: 'Newcomer',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    },
    queued: false,
  },
  {
    name: 'invitation links resent by an administrator',
    role: 'USER',
    addresses: (p) => [p.username],
    // Invited: no password chosen yet.
    prepare: async (people) => {
      await t.pool.query('update users set password_hash = $1 where id = any($2::uuid[])', [
        NO_PASSWORD,
        Object.values(people).map((p) => p.id),
      ]);
    },
    choose: async (people, org) => {
      const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
      for (const [who, p] of Object.entries(people)) {
        const res = await call(admin, 'POST', `/api/userProfile/user/${p.id}/invitation`);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(who === 'active' ? 204 : 409);
      }
    },
    queued: false,
  },
  {
    name: 'password reset codes',
    role: 'USER',
    addresses: (p) => [p.username],
    choose: async (people) => {
      for (const p of Object.values(people)) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/access/pwreset/${encodeURIComponent(p.username)}`,
          remoteAddress: freshAddress(),
        });
        expect(res.statusCode).toBe(200);
      }
    },
    queued: false,
  },
];

describe('who receives what: only active accounts, checked when chosen and again when sent', () => {
  it.each(CHANNELS.map((c) => [c.name, c] as const))('%s', async (_name, channel) => {
    const org = await createOrganization(t.db, channel.organization);
    const people = {} as People;
    for (const who of WHO) people[who] = await createUser(t.db, org, { role: channel.role, sms: phone() });
    await channel.prepare?.(people);
    await setStatus(people.pending, 'pending');
    await setStatus(people.deactivated, 'deactivated');
    // A message sent at once has no "after queueing": that person is deactivated before, like the other.
    if (!channel.queued) await setStatus(people.deactivatedAfterQueueing, 'deactivated');
    await channel.choose(people, org);
    if (channel.queued) {
      // Chosen while active: queued for them (and for nobody pending or deactivated)…
      expect(await count(t.pool, 'notifications', 'user_id = $1', [people.deactivatedAfterQueueing.id])).toBe(
        await count(t.pool, 'notifications', 'user_id = $1', [people.active.id]),
      );
      // …then deactivated before the sender's turn.
      await setStatus(people.deactivatedAfterQueueing, 'deactivated');
    }
    await channel.send?.();

    const received = Object.fromEntries(
      await Promise.all(
        WHO.map(async (who) => {
          const counts = await Promise.all(channel.addresses(people[who]).map(outboxCount));
          return [who, counts] as const;
        }),
      ),
    );
    const nothing = channel.addresses(people.active).map(() => 0);
    expect(
      received.active?.every((n) => n >= 1),
      `active: ${received.active}`,
    ).toBe(true);
    expect(received).toMatchObject({
      pending: nothing,
      deactivated: nothing,
      deactivatedAfterQueueing: nothing,
    });
    if (channel.queued) {
      // The late person's messages are given up with the reason, not left to be sent on reactivation.
      const { rows } = await t.pool.query<{ state: string; last_error: string | null }>(
        'select state, last_error from notifications where user_id = $1',
        [people.deactivatedAfterQueueing.id],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ state: 'skipped', last_error: INACTIVE_RECIPIENT_ERROR });
    }
  });
});
