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

/**
 * `chat`: the support team answered a person who has not read it (support chat, issue 10); `ticket`: support
 * replied on a ticket (issue 37).
 */
export type NotificationKind = 'raised' | 'cleared' | 'digest' | 'test' | 'chat' | 'ticket';

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
  const inserted = await insertNotifications(db, [n]);
  return inserted.get(n.idempotencyKey) ?? null;
}

/** Queues messages in one statement, skipping keys that exist: answers the new rows' ids by key. */
export async function insertNotifications(
  db: DbOrTx,
  list: readonly NewNotification[],
): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const col = <T>(f: (n: NewNotification) => T) => sql.param(list.map(f));
  const { rows } = await db.execute<{ id: string; idempotency_key: string }>(sql`
    insert into notifications (organization_id, user_id, alert_id, kind, channel, destination, subject, body,
      idempotency_key, state, not_before, created_at, last_error)
    select * from unnest(${col((n) => n.organizationId)}::uuid[], ${col((n) => n.userId)}::uuid[],
      ${col((n) => n.alertId)}::uuid[], ${col((n) => n.kind)}::text[], ${col((n) => n.channel)}::text[],
      ${col((n) => n.destination)}::text[], ${col((n) => n.subject)}::text[], ${col((n) => n.body)}::text[],
      ${col((n) => n.idempotencyKey)}::text[], ${col((n) => n.state ?? 'pending')}::text[],
      ${col((n) => n.notBefore.toISOString())}::timestamptz[], ${col((n) => n.createdAt.toISOString())}::timestamptz[],
      ${col((n) => n.lastError ?? null)}::text[])
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key`);
  return new Map(rows.map((r) => [r.idempotency_key, r.id]));
}

/** What is stored under these keys: whether a sender has tried it, and its text (for digests). */
export async function notificationsByKey(
  db: DbOrTx,
  keys: readonly string[],
): Promise<Map<string, { body: string; open: boolean }>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.execute<{ idempotency_key: string; body: string; open: boolean }>(sql`
    select idempotency_key, body, (state = 'pending' and attempts = 0) as open from notifications
    where idempotency_key = any(${sql.param(keys)}::text[])`);
  return new Map(rows.map((r) => [r.idempotency_key, { body: r.body, open: r.open }]));
}

/** A digest lists alerts up to about this length (an SMS or a call cannot read on forever), then "…". */
export const DIGEST_MAX_CHARS = 3000;
const MORE = '\n- …';

/** A digest's text with these lines added: up to about {@link DIGEST_MAX_CHARS}, then "…" once. */
export function appendLines(body: string, lines: readonly string[]): string {
  let out = body;
  for (const line of lines) {
    if (out.length < DIGEST_MAX_CHARS) out += `\n- ${line}`;
    else if (!out.endsWith(MORE)) out += MORE;
  }
  return out;
}

export type DigestWrite = Omit<NewNotification, 'kind' | 'alertId' | 'state' | 'lastError'>;

/**
 * Writes digests whole (created, or their text replaced), in one statement. A digest a sender has claimed
 * since it was read keeps its text: answers the keys that were written, so the caller sends the others'
 * items on their own.
 */
export async function writeDigests(db: DbOrTx, digests: readonly DigestWrite[]): Promise<Set<string>> {
  if (digests.length === 0) return new Set();
  const col = <T>(f: (n: DigestWrite) => T) => sql.param(digests.map(f));
  const { rows } = await db.execute<{ idempotency_key: string }>(sql`
    insert into notifications (organization_id, user_id, alert_id, kind, channel, destination, subject, body,
      idempotency_key, not_before, created_at)
    select o, u, null, 'digest', c, d, s, b, k, nb, ca from unnest(${col((n) => n.organizationId)}::uuid[],
      ${col((n) => n.userId)}::uuid[], ${col((n) => n.channel)}::text[], ${col((n) => n.destination)}::text[],
      ${col((n) => n.subject)}::text[], ${col((n) => n.body)}::text[], ${col((n) => n.idempotencyKey)}::text[],
      ${col((n) => n.notBefore.toISOString())}::timestamptz[], ${col((n) => n.createdAt.toISOString())}::timestamptz[])
      as v(o, u, c, d, s, b, k, nb, ca)
    on conflict (idempotency_key) do update set body = excluded.body
      where notifications.state = 'pending' and notifications.attempts = 0
    returning idempotency_key`);
  return new Set(rows.map((r) => r.idempotency_key));
}

/** What a folded alert message says of where it went (its `last_error`): the digest's key. */
export const foldedNote = (digestKey: string) => `In digest ${digestKey}`;

/**
 * The alerts already folded into these digests (each one person's), by digest key: which alert, and whether
 * it was folded raised or cleared.
 */
export async function foldedInto(
  db: DbOrTx,
  digests: readonly { digestKey: string; userId: string }[],
): Promise<Map<string, { alertId: string; transition: 'raised' | 'cleared' }[]>> {
  const out = new Map<string, { alertId: string; transition: 'raised' | 'cleared' }[]>();
  if (digests.length === 0) return out;
  const keyOf = new Map(digests.map((d) => [foldedNote(d.digestKey), d.digestKey]));
  const { rows } = await db.execute<{ note: string; alert_id: string; kind: 'raised' | 'cleared' }>(sql`
    select last_error as note, alert_id, kind from notifications
    where user_id = any(${sql.param([...new Set(digests.map((d) => d.userId))])}::uuid[])
      and state = 'skipped' and alert_id is not null
      and last_error = any(${sql.param([...keyOf.keys()])}::text[])`);
  for (const r of rows) {
    const key = keyOf.get(r.note);
    if (!key) continue;
    out.set(key, [...(out.get(key) ?? []), { alertId: r.alert_id, transition: r.kind }]);
  }
  return out;
}

/** Folded items whose digest was already on its way: each goes on its own at its digest's time. */
export async function unfold(db: DbOrTx, items: readonly { key: string; notBefore: Date }[]): Promise<void> {
  if (items.length === 0) return;
  await db.execute(sql`
    update notifications n set state = 'pending', not_before = v.nb, last_error = null
    from unnest(${sql.param(items.map((i) => i.key))}::text[],
      ${sql.param(items.map((i) => i.notBefore.toISOString()))}::timestamptz[]) as v(k, nb)
    where n.idempotency_key = v.k`);
}

export type Recipient = { userId: string; channel: Channel };
const recipientLockKey = (r: Recipient) => `notify:${r.userId}:${r.channel}`;

/**
 * Alert messages (not digests or tests) sent or to send to each of these recipients, queued in [from, to),
 * by `${userId}:${channel}`.
 */
export async function countAlertMessages(
  db: DbOrTx,
  recipients: readonly Recipient[],
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  if (recipients.length === 0) return new Map();
  const { rows } = await db.execute<{ user_id: string; channel: string; n: number }>(sql`
    select user_id, channel, count(*)::int as n from notifications
    where user_id = any(${sql.param([...new Set(recipients.map((r) => r.userId))])}::uuid[])
      and created_at >= ${at(from)} and created_at < ${at(to)}
      and kind in ('raised', 'cleared') and state <> 'skipped'
    group by user_id, channel`);
  return new Map(rows.map((r) => [`${r.user_id}:${r.channel}`, r.n]));
}

/**
 * Serializes the queueing of messages to one person on one channel (rate limit, digest, test wait) until
 * the transaction ends.
 */
export async function lockRecipient(db: DbOrTx, userId: string, channel: Channel): Promise<void> {
  await lockRecipients(db, [{ userId, channel }]);
}

/** {@link lockRecipient} for several at once, taken in a fixed (sorted) order so two callers cannot deadlock. */
export async function lockRecipients(db: DbOrTx, recipients: readonly Recipient[]): Promise<void> {
  const keys = [...new Set(recipients.map(recipientLockKey))].sort();
  if (keys.length === 0) return;
  await db.execute(sql`
    select count(pg_advisory_xact_lock(hashtextextended(k, 0)))
    from unnest(${sql.param(keys)}::text[]) with ordinality as t(k, i)`);
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

/** Why a message was not sent: its person was deactivated (or is still pending approval) after it was queued. */
export const INACTIVE_RECIPIENT_ERROR = 'The person’s account is not active.';

/**
 * Gives up the due messages of people whose account is not active (pending approval or deactivated since the
 * message was queued): nobody but an active account is ever sent anything. Answers how many.
 */
export async function skipInactiveRecipients(db: DbOrTx, now: Date): Promise<number> {
  const { rowCount } = await db.execute(sql`
    update notifications n set state = 'skipped', locked_until = null, last_error = ${INACTIVE_RECIPIENT_ERROR}
    from users u
    where u.id = n.user_id and u.status <> 'active'
      and n.state = 'pending' and n.not_before <= ${at(now)}
      and (n.locked_until is null or n.locked_until <= ${at(now)})`);
  return rowCount ?? 0;
}

/**
 * Claims up to `limit` due messages (pending, not before now, not held by a live sender, tries left, to a
 * person whose account is active at this moment),
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
        and exists (select 1 from users u where u.id = notifications.user_id and u.status = 'active')
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

/**
 * Gives up a person's messages still waiting whose key starts with `keyPrefix` (no longer needed, e.g. a chat
 * answer read before its away email was due); a message a sender holds goes on. Answers how many.
 */
export async function skipWaiting(
  db: DbOrTx,
  userId: string,
  keyPrefix: string,
  reason: string,
): Promise<number> {
  const { rowCount } = await db.execute(sql`
    update notifications set state = 'skipped', last_error = ${reason}
    where user_id = ${userId} and state = 'pending' and (locked_until is null or locked_until < now())
      and starts_with(idempotency_key, ${keyPrefix})`);
  return rowCount ?? 0;
}
