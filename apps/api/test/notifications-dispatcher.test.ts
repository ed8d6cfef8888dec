import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../src/delivery/index.ts';
import { createNotificationDispatcher } from '../src/notifications/dispatcher.ts';
import {
  claimDue,
  insertNotification,
  MAX_ATTEMPTS,
  markSent,
  RETRY_DELAYS_MS,
  SENDER_LOST_ERROR,
} from '../src/notifications/queue.ts';
import type { Db } from '../src/plugins/db.ts';
import { createOrganization, createUser, type TestUser, tokenFor } from './factories.ts';
import { bearer, createTestDatabase, silentLog } from './helpers.ts';

const FIRST_RETRY_MS = RETRY_DELAYS_MS[0] as number;

import { type ClockedApp, createClockedApp } from './notifications-app.ts';

const MINUTE = 60_000;

describe('the dispatcher', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let user: TestUser;
  let clock = Date.parse('2026-03-02T15:00:00.000Z');
  const now = () => new Date(clock);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    user = await createUser(db, await createOrganization(db));
  });
  afterAll(() => database.drop());

  let n = 0;
  async function queue(count = 1): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      n += 1;
      const id = await insertNotification(db, {
        organizationId: user.organizationId,
        userId: user.id,
        alertId: null,
        kind: 'test',
        channel: 'email',
        destination: `person-${n}@example.com`,
        subject: `Message ${n}`,
        body: `Body ${n}`,
        idempotencyKey: `dispatcher-test:${n}`,
        notBefore: now(),
        createdAt: now(),
      });
      if (!id) throw new Error('not queued');
      ids.push(id);
    }
    return ids;
  }
  const row = async (id: string) =>
    (
      await database.pool.query<{
        state: string;
        attempts: number;
        not_before: Date;
        last_error: string | null;
        sent_at: Date | null;
        locked_until: Date | null;
      }>('select * from notifications where id = $1', [id])
    ).rows[0];

  /** A sender that fails the first `failures` tries of each message, recording what it accepted. */
  function flakySender(failures: number) {
    const tries = new Map<string, number>();
    const accepted: Message[] = [];
    const deliver = async (m: Message) => {
      const k = m.to;
      tries.set(k, (tries.get(k) ?? 0) + 1);
      if ((tries.get(k) ?? 0) <= failures) throw new Error('421 Service not available');
      accepted.push(m);
    };
    return { deliver, accepted, tries };
  }

  it('a failed send is retried after the back-off and delivered once', async () => {
    const [id] = await queue();
    const sender = flakySender(1);
    const d = createNotificationDispatcher({ db, deliver: sender.deliver, log: silentLog, now });
    expect(await d.runOnce()).toBe(1);
    expect(await row(id as string)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: '421 Service not available',
      locked_until: null,
    });
    expect((await row(id as string))?.not_before.getTime()).toBe(clock + FIRST_RETRY_MS);
    // Not before the back-off.
    clock += FIRST_RETRY_MS - 1_000;
    expect(await d.runOnce()).toBe(0);
    clock += 1_000;
    expect(await d.runOnce()).toBe(1);
    expect(await row(id as string)).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect(await d.runOnce()).toBe(0);
    expect(sender.accepted.map((m) => m.subject)).toEqual([`Message ${n}`]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts (1, 5, 15, 60, 60 minutes apart)`, async () => {
    const [id] = await queue();
    const sender = flakySender(100);
    const d = createNotificationDispatcher({ db, deliver: sender.deliver, log: silentLog, now });
    expect(RETRY_DELAYS_MS.map((ms) => ms / MINUTE)).toEqual([1, 5, 15, 60, 60]);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await d.runOnce()).toBe(1);
      clock += RETRY_DELAYS_MS[attempt - 1] ?? 0;
    }
    expect(await row(id as string)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    clock += 24 * 60 * MINUTE;
    expect(await d.runOnce()).toBe(0);
    expect(sender.accepted).toHaveLength(0);
  });

  it('two dispatchers sharing the queue send every message exactly once', async () => {
    const ids = await queue(40);
    const sent: string[] = [];
    // Each send takes its own, fixed number of event-loop turns (0–4, by the order it was asked for): sends
    // overlap and finish out of order, and the other dispatcher's queries run meanwhile, without a clock.
    let asked = 0;
    const deliver = async (m: Message) => {
      const turns = (asked++ * 7) % 5;
      for (let turn = 0; turn < turns; turn++) await new Promise((r) => setImmediate(r));
      sent.push(m.to);
    };
    const a = createNotificationDispatcher({ db, deliver, log: silentLog, now, batch: 7 });
    const b = createNotificationDispatcher({ db, deliver, log: silentLog, now, batch: 7 });
    const drain = async (d: typeof a) => {
      while ((await d.runOnce()) > 0);
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    const { rows } = await database.pool.query<{ state: string; attempts: number }>(
      'select state, attempts from notifications where id = any($1)',
      [ids],
    );
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a sender that died mid-send: its claim expires and the message is retried', async () => {
    const [id] = await queue();
    // Claimed by a sender that then died (never marked it).
    const [claimed] = await claimDue(db, { now: now(), leaseMs: 5 * MINUTE, limit: 10 });
    expect(claimed?.id).toBe(id);
    const sender = flakySender(0);
    const d = createNotificationDispatcher({
      db,
      deliver: sender.deliver,
      log: silentLog,
      now,
      leaseMs: 5 * MINUTE,
    });
    clock += 4 * MINUTE;
    expect(await d.runOnce()).toBe(0);
    clock += MINUTE;
    expect(await d.runOnce()).toBe(1);
    expect(await row(id as string)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(sender.accepted).toHaveLength(1);
    // The dead sender's late "sent" (its attempt number) is ignored.
    expect(await markSent(db, id as string, 1, now())).toBe(false);
  });

  it('a sender that died on the last attempt: the message is given up once its claim expires', async () => {
    const [id] = await queue();
    await database.pool.query('update notifications set attempts = $2 where id = $1', [id, MAX_ATTEMPTS - 1]);
    await claimDue(db, { now: now(), leaseMs: 5 * MINUTE, limit: 10 });
    clock += 5 * MINUTE;
    const d = createNotificationDispatcher({ db, deliver: flakySender(0).deliver, log: silentLog, now });
    expect(await d.runOnce()).toBe(0);
    expect(await row(id as string)).toMatchObject({ state: 'failed', last_error: SENDER_LOST_ERROR });
  });

  it('a send that never answers counts as failed (retried) instead of holding the message', async () => {
    const [id] = await queue();
    const d = createNotificationDispatcher({
      db,
      deliver: () => new Promise<void>(() => undefined),
      log: silentLog,
      now,
      sendTimeoutMs: 50,
    });
    expect(await d.runOnce()).toBe(1);
    expect(await row(id as string)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'no answer within 50 ms',
    });
  });

  it('started, it sends what is queued when woken, and stops cleanly', async () => {
    const sender = flakySender(0);
    const d = createNotificationDispatcher({
      db,
      deliver: sender.deliver,
      log: silentLog,
      now,
      pollMs: 3_600_000,
    });
    d.start();
    await vi.waitFor(async () => expect(await d.runOnce()).toBe(0));
    const [id] = await queue();
    d.wake();
    await vi.waitFor(async () => expect((await row(id as string))?.state).toBe('sent'), { timeout: 5_000 });
    await d.stop();
    const [later] = await queue();
    // A wake-up starts its round at once (synchronously): a stopped dispatcher starts none.
    const rounds = vi.spyOn(d, 'runOnce');
    d.wake();
    expect(rounds).not.toHaveBeenCalled();
    expect((await row(later as string))?.state).toBe('pending');
    expect(sender.accepted).toHaveLength(1);
    await database.pool.query('delete from notifications where id = $1', [later]);
  });
});

describe('through a real SMTP server (DELIVERY=live)', () => {
  let t: ClockedApp;
  let smtp: SMTPServer;
  let rejectNext = 0;
  const mails: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          if (rejectNext > 0) {
            rejectNext -= 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createClockedApp({
      DELIVERY: 'live',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'vNOC <noreply@vnoc.example>',
      // Required with DELIVERY=live; nothing here sends SMS.
      SMS_API_URL: 'http://127.0.0.1:9/2010-04-01',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token-xyz',
      SMS_FROM: '+15550000000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('a test notification the server refuses once is retried and delivered once', async () => {
    const user = await createUser(t.db, await createOrganization(t.db));
    rejectNext = 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-notification',
      headers: bearer(await tokenFor(t.db, user, 'full')),
      payload: { method: 'email' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.notifications.runOnce();
    const stored = async () =>
      (
        await t.pool.query<{ state: string; attempts: number; last_error: string | null }>(
          'select state, attempts, last_error from notifications where user_id = $1',
          [user.id],
        )
      ).rows;
    expect(await stored()).toEqual([
      { state: 'pending', attempts: 1, last_error: expect.stringContaining('Try again later') },
    ]);
    expect(mails.filter((m) => m.to === user.username)).toHaveLength(0);
    t.advance(MINUTE);
    await t.app.notifications.runOnce();
    t.advance(60 * MINUTE);
    await t.app.notifications.runOnce();
    expect(await stored()).toEqual([{ state: 'sent', attempts: 2, last_error: null }]);
    const delivered = mails.filter((m) => m.to === user.username);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.raw).toContain('Subject: [vNOC] Test notification');
    expect(await t.pool.query('select 1 from outbox_messages').then((r) => r.rowCount)).toBe(0);
  });
});
