/**
 * The notification queue in PostgreSQL (`notifications`): one row per message to one person on one
 * channel, unique by its idempotency key. Senders claim due rows with `FOR UPDATE SKIP LOCKED` and hold
 * them under a lock that expires (`locked_until`), so a sender that dies leaves rows another one retries.
 * A row is marked sent or rescheduled only by the sender that claimed it (its attempt number fences late
 * writes).
 */
import type { Channel } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../plugins/db.ts';

export type NotificationKind = 'raised' | 'cleared' | 'digest' | 'test';

/** Tries before a message is given up (state failed). */
export const MAX_ATTEMPTS = 6;
/** Wait after the n-th failed try (1-based) before the next: 1, 5, 15, 60, 60 minutes. */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 60].map((m) => m * 60_000);

export const retryDelay = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? (RETRY_DELAYS_MS.at(-1) as number);

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type NewNotification = {
  organizationId: string;
  userId: string;
  alertId: string | null;
  kind: NotificationKind;
  channel: Channel;
  destination: string;
  subject: string | null;
  body: string;
  idempotencyKey: string;
  /** Default pending; `skipped` for an alert folded into a digest. */
  state?: 'pending' | 'skipped';
  notBefore: Date;
  createdAt: Date;
  lastError?: string | null;
};

/** Queues a message unless one with its key exists: answers the new row's id, or null for a duplicate. */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<string | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into notifications (organization_id, user_id, alert_id, kind, channel, destination, subject, body,
      idempotency_key, state, not_before, created_at, last_error)
    values (${n.organizationId}, ${n.userId}, ${n.alertId}, ${n.kind}, ${n.channel}, ${n.destination},
      ${n.subject}, ${n.body}, ${n.idempotencyKey}, ${n.state ?? 'pending'}, ${at(n.notBefore)},
      ${at(n.createdAt)}, ${n.lastError ?? null})
    on conflict (idempotency_key) do nothing
    returning id`);
  return rows[0]?.id ?? null;
}

/** A digest lists alerts up to about this length (an SMS or a call cannot read on forever), then "…". */
export const DIGEST_MAX_CHARS = 3000;
const MORE = '\n- …';

/**
 * Adds a line to a digest, creating it (with `intro` first) when it does not exist. Answers false when
 * the digest exists but a sender has already tried it: the caller sends the item on its own instead.
 */
export async function appendToDigest(
  db: DbOrTx,
  digest: Omit<NewNotification, 'kind' | 'alertId' | 'body' | 'state'> & { intro: string },
  line: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into notifications (organization_id, user_id, alert_id, kind, channel, destination, subject, body,
      idempotency_key, not_before, created_at)
    values (${digest.organizationId}, ${digest.userId}, null, 'digest', ${digest.channel}, ${digest.destination},
      ${digest.subject}, ${`${digest.intro}\n\n- ${line}`}, ${digest.idempotencyKey}, ${at(digest.notBefore)},
      ${at(digest.createdAt)})
    on conflict (idempotency_key) do update set body = case
        when length(notifications.body) < ${DIGEST_MAX_CHARS} then notifications.body || ${`\n- ${line}`}
        when right(notifications.body, ${MORE.length}) = ${MORE} then notifications.body
        else notifications.body || ${MORE} end
      where notifications.state = 'pending' and notifications.attempts = 0
    returning id`);
  return rows.length > 0;
}

/** A folded item whose digest was already on its way: it goes on its own at `notBefore`. */
export async function unfold(db: DbOrTx, id: string, notBefore: Date): Promise<void> {
  await db.execute(sql`
    update notifications set state = 'pending', not_before = ${at(notBefore)}, last_error = null
    where id = ${id}`);
}

/** Alert messages (not digests or tests) sent or to send to a person on a channel, queued in [from, to). */
export async function countAlertMessages(
  db: DbOrTx,
  userId: string,
  channel: Channel,
  from: Date,
  to: Date,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from notifications
    where user_id = ${userId} and created_at >= ${at(from)} and created_at < ${at(to)}
      and channel = ${channel} and kind in ('raised', 'cleared') and state <> 'skipped'`);
  return rows[0]?.n ?? 0;
}

/**
 * Serializes the queueing of messages to one person on one channel (rate limit, digest, test wait) until
 * the transaction ends. Take several in sorted order to avoid deadlocks.
 */
export async function lockRecipient(db: DbOrTx, userId: string, channel: Channel): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notify:${userId}:${channel}`}, 0))`);
}

/** When the person's latest test message on this channel was queued. */
export async function latestTestAt(db: DbOrTx, userId: string, channel: Channel): Promise<Date | null> {
  const { rows } = await db.execute<{ at: Date | string | null }>(sql`
    select max(created_at) as at from notifications
    where user_id = ${userId} and kind = 'test' and channel = ${channel}`);
  const value = rows[0]?.at;
  return value ? new Date(value) : null;
}

export type ClaimedNotification = {
  id: string;
  kind: NotificationKind;
  channel: Channel;
  destination: string;
  subject: string | null;
  body: string;
  /** This claim's attempt number (1 for the first try). */
  attempts: number;
};

/**
 * Claims up to `limit` due messages (pending, not before now, not held by a live sender, tries left),
 * oldest due first, for `leaseMs`; each claim counts as one attempt. Rows another sender is claiming are
 * skipped, so concurrent senders never get the same row.
 */
export async function claimDue(
  db: DbOrTx,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedNotification[]> {
  const { now, leaseMs, limit } = options;
  // A CTE with FOR UPDATE is run once; `id in (subquery … limit)` may be re-run and over-claim.
  const { rows } = await db.execute<ClaimedNotification>(sql`
    with next as (
      select id from notifications
      where state = 'pending' and not_before <= ${at(now)}
        and (locked_until is null or locked_until <= ${at(now)})
        and attempts < ${MAX_ATTEMPTS}
      order by not_before, id
      limit ${limit}
      for update skip locked
    )
    update notifications n
    set attempts = n.attempts + 1, locked_until = ${at(new Date(now.getTime() + leaseMs))}
    from next where n.id = next.id
    returning n.id, n.kind, n.channel, n.destination, n.subject, n.body, n.attempts`);
  return rows;
}

/** Marks a claimed message sent; false when this claim no longer holds it (its lock expired and another took it). */
export async function markSent(db: DbOrTx, id: string, attempts: number, now: Date): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update notifications set state = 'sent', sent_at = ${at(now)}, locked_until = null, last_error = null
    where id = ${id} and state = 'pending' and attempts = ${attempts}
    returning id`);
  return rows.length > 0;
}

/** Records a failed try: retried after the back-off, or failed for good after the last attempt. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  attempts: number,
  error: string,
  now: Date,
): Promise<'retry' | 'failed' | 'lost'> {
  const final = attempts >= MAX_ATTEMPTS;
  const { rows } = await db.execute(sql`
    update notifications set
      state = ${final ? 'failed' : 'pending'},
      not_before = ${final ? sql`not_before` : at(new Date(now.getTime() + retryDelay(attempts)))},
      locked_until = null, last_error = ${error.slice(0, 500)}
    where id = ${id} and state = 'pending' and attempts = ${attempts}
    returning id`);
  if (rows.length === 0) return 'lost';
  return final ? 'failed' : 'retry';
}

/** Why a message whose last sender stopped answering on its last attempt was given up. */
export const SENDER_LOST_ERROR = 'The sender stopped before the message was confirmed.';

/** Gives up messages whose last attempt's sender died (lock expired, no tries left); answers how many. */
export async function failAbandoned(db: DbOrTx, now: Date): Promise<number> {
  const { rows } = await db.execute(sql`
    update notifications set state = 'failed', locked_until = null, last_error = ${SENDER_LOST_ERROR}
    where state = 'pending' and attempts >= ${MAX_ATTEMPTS} and locked_until <= ${at(now)}
    returning id`);
  return rows.length;
}
