/**
 * The webhooks' SQL: destinations and secrets (every statement scoped to the caller's organization), and the
 * delivery queue the sender claims from (`FOR UPDATE SKIP LOCKED`, a lease, one incident's events in order).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { deviceName } from '../../sql/names.ts';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type DestinationRow = {
  id: string;
  organization_id: string;
  name: string;
  preset: string;
  url: string;
  events: string[];
  site_ids: string[];
  group_ids: string[];
  settings: string | null;
  failing_since: Date | null;
  paused_at: Date | null;
  created_at: Date;
  /** Until when a rotated-out secret still signs. */
  previous_until: Date | null;
  sites: { id: string; name: string }[];
};

const destinationColumns = sql`d.id, d.organization_id, d.name, d.preset, d.url, d.events, d.site_ids, d.group_ids,
  d.settings, d.failing_since, d.paused_at, d.created_at,
  (select max(s.expires_at) from webhook_secrets s where s.destination_id = d.id and s.expires_at > now())
    as previous_until,
  (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name), '[]'::json)
    from sites s where s.id = any(d.site_ids) and s.organization_id = d.organization_id) as sites`;

export async function listDestinations(db: DbOrTx, organizationId: string): Promise<DestinationRow[]> {
  const { rows } = await db.execute<DestinationRow>(sql`
    select ${destinationColumns} from webhook_destinations d
    where d.organization_id = ${organizationId} order by d.created_at, d.id`);
  return rows;
}

export async function findDestination(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<DestinationRow | undefined> {
  const { rows } = await db.execute<DestinationRow>(sql`
    select ${destinationColumns} from webhook_destinations d
    where d.id = ${id} and d.organization_id = ${organizationId}`);
  return rows[0];
}

/** How many of these sites, and of these groups, are the organization's. */
export async function countOwned(
  db: DbOrTx,
  organizationId: string,
  siteIds: readonly string[],
  groupIds: readonly string[],
): Promise<{ sites: number; groups: number }> {
  const { rows } = await db.execute<{ sites: number; groups: number }>(sql`
    select
      (select count(*)::int from sites where organization_id = ${organizationId}
        and id = any(${sql.param(siteIds)}::uuid[])) as sites,
      (select count(*)::int from site_groups where organization_id = ${organizationId}
        and id = any(${sql.param(groupIds)}::uuid[])) as groups`);
  return rows[0] ?? { sites: 0, groups: 0 };
}

export type DestinationWrite = {
  name: string;
  preset: string;
  url: string;
  events: readonly string[];
  siteIds: readonly string[];
  groupIds: readonly string[];
};

export async function insertDestination(
  db: DbOrTx,
  d: DestinationWrite & { id: string; organizationId: string; createdBy: string; settings: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into webhook_destinations (id, organization_id, name, preset, url, events, site_ids, group_ids, settings,
      created_by)
    values (${d.id}, ${d.organizationId}, ${d.name}, ${d.preset}, ${d.url}, ${sql.param(d.events)}::text[],
      ${sql.param(d.siteIds)}::uuid[], ${sql.param(d.groupIds)}::uuid[], ${d.settings}, ${d.createdBy})`);
}

export async function updateDestination(
  db: DbOrTx,
  organizationId: string,
  id: string,
  d: DestinationWrite & { settings: string | null },
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update webhook_destinations set name = ${d.name}, preset = ${d.preset}, url = ${d.url},
      events = ${sql.param(d.events)}::text[], site_ids = ${sql.param(d.siteIds)}::uuid[],
      group_ids = ${sql.param(d.groupIds)}::uuid[], settings = ${d.settings}
    where id = ${id} and organization_id = ${organizationId}`);
  return (rowCount ?? 0) > 0;
}

export async function deleteDestination(db: DbOrTx, organizationId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    delete from webhook_destinations where id = ${id} and organization_id = ${organizationId}`);
  return (rowCount ?? 0) > 0;
}

/** Sends again from now on: not paused, not failing, its given-up and waiting deliveries left as they are. */
export async function resumeDestination(db: DbOrTx, organizationId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update webhook_destinations set paused_at = null, failing_since = null
    where id = ${id} and organization_id = ${organizationId}`);
  return (rowCount ?? 0) > 0;
}

/** A new signing secret; the ones before it sign on until `previousUntil` (now: they stop at once). */
export async function rotateSecret(
  db: DbOrTx,
  destinationId: string,
  sealed: string,
  previousUntil: Date,
): Promise<void> {
  await db.execute(sql`
    update webhook_secrets set expires_at = least(coalesce(expires_at, ${at(previousUntil)}), ${at(previousUntil)})
    where destination_id = ${destinationId}`);
  await db.execute(
    sql`insert into webhook_secrets (destination_id, secret) values (${destinationId}, ${sealed})`,
  );
}

/** The destination's secrets that sign at `now`, newest first (sealed). */
export async function signingSecrets(db: DbOrTx, destinationId: string, now: Date): Promise<string[]> {
  const { rows } = await db.execute<{ secret: string }>(sql`
    select secret from webhook_secrets
    where destination_id = ${destinationId} and (expires_at is null or expires_at > ${at(now)})
    order by created_at desc, id`);
  return rows.map((r) => r.secret);
}

// ---- the records a destination's tool made (ServiceNow's incidents) ----

/** The tool's id of the record it made for `subject` (an order key) at this destination, if it is known. */
export async function findRecord(db: DbOrTx, destinationId: string, subject: string): Promise<string | null> {
  const { rows } = await db.execute<{ remote_id: string }>(sql`
    select remote_id from webhook_records where destination_id = ${destinationId} and subject = ${subject}`);
  return rows[0]?.remote_id ?? null;
}

export async function keepRecord(db: DbOrTx, destinationId: string, subject: string, remoteId: string) {
  await db.execute(sql`
    insert into webhook_records (destination_id, subject, remote_id) values (${destinationId}, ${subject}, ${remoteId})
    on conflict (destination_id, subject) do update set remote_id = excluded.remote_id, created_at = now()`);
}

/** The subject's record is done with (resolved): its next event opens a new one. */
export async function forgetRecord(db: DbOrTx, destinationId: string, subject: string) {
  await db.execute(
    sql`delete from webhook_records where destination_id = ${destinationId} and subject = ${subject}`,
  );
}

// ---- the events' facts ----

export type AlertFacts = {
  id: string;
  code: string;
  severity: 'critical' | 'major' | 'minor' | 'info';
  state: 'active' | 'cleared';
  details: Record<string, number | string>;
  site_id: string | null;
  site_name: string | null;
  device_id: string | null;
  device_name: string | null;
  region: string | null;
  raised_at: Date;
  acknowledged_at: Date | null;
  cleared_at: Date | null;
};

export async function alertFacts(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<AlertFacts | undefined> {
  const { rows } = await db.execute<AlertFacts>(sql`
    select a.id, a.code, a.severity, a.state, a.details, a.site_id, s.name as site_name, a.device_id,
      ${deviceName} as device_name, a.region, a.raised_at, a.acknowledged_at, a.cleared_at
    from alerts a left join sites s on s.id = a.site_id left join devices d on d.id = a.device_id
    where a.id = ${id} and a.organization_id = ${organizationId}`);
  return rows[0];
}

export type DeviceFacts = { id: string; name: string; site_id: string; site_name: string };

export async function deviceFacts(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<DeviceFacts | undefined> {
  const { rows } = await db.execute<DeviceFacts>(sql`
    select d.id, ${deviceName} as name, d.site_id, s.name as site_name
    from devices d join sites s on s.id = d.site_id
    where d.id = ${id} and d.organization_id = ${organizationId}`);
  return rows[0];
}

export type TicketFacts = {
  id: string;
  number: number;
  subject: string;
  status: 'open' | 'closed';
  site_id: string;
  site_name: string;
  device_name: string;
};

export async function ticketFacts(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<TicketFacts | undefined> {
  const { rows } = await db.execute<TicketFacts>(sql`
    select t.id, t.number, t.subject, t.status, t.site_id, s.name as site_name, ${deviceName} as device_name
    from tickets t join sites s on s.id = t.site_id join devices d on d.id = t.device_id
    where t.id = ${id} and t.organization_id = ${organizationId}`);
  return rows[0];
}

/** The destinations of an organization that take this event about this site (null: organization-wide). */
export async function destinationsFor(
  db: DbOrTx,
  organizationId: string,
  event: string,
  siteId: string | null,
): Promise<{ id: string }[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select d.id from webhook_destinations d
    where d.organization_id = ${organizationId} and d.paused_at is null and ${event} = any(d.events)
      and (
        (cardinality(d.site_ids) = 0 and cardinality(d.group_ids) = 0)
        or ${siteId}::uuid = any(d.site_ids)
        or exists (select 1 from site_group_sites g
          where g.site_id = ${siteId}::uuid and g.site_group_id = any(d.group_ids))
      )`);
  return rows;
}

/** Whether the organization has a destination at all (most have none: their events need no look-up). */
export async function organizationsWithDestinations(db: DbOrTx): Promise<Set<string>> {
  const { rows } = await db.execute<{ organization_id: string }>(sql`
    select distinct organization_id from webhook_destinations where paused_at is null`);
  return new Set(rows.map((r) => r.organization_id));
}

// ---- the delivery queue ----

export type NewDelivery = {
  organizationId: string;
  destinationId: string;
  event: string;
  dedupKey: string;
  orderKey: string;
  payload: Record<string, unknown>;
  now: Date;
};

/** Queues deliveries, skipping ones already queued (another process saw the same event); answers how many. */
export async function insertDeliveries(db: DbOrTx, list: readonly NewDelivery[]): Promise<number> {
  if (list.length === 0) return 0;
  const col = <T>(f: (d: NewDelivery) => T) => sql.param(list.map(f));
  const { rowCount } = await db.execute(sql`
    insert into webhook_deliveries (organization_id, destination_id, event, dedup_key, order_key, payload,
      next_attempt_at, created_at)
    select o, d, e, k, ok, p, n, n from unnest(${col((d) => d.organizationId)}::uuid[],
      ${col((d) => d.destinationId)}::uuid[], ${col((d) => d.event)}::text[], ${col((d) => d.dedupKey)}::text[],
      ${col((d) => d.orderKey)}::text[], ${col((d) => JSON.stringify(d.payload))}::jsonb[],
      ${col((d) => d.now.toISOString())}::timestamptz[]) as v(o, d, e, k, ok, p, n)
    order by n
    on conflict (destination_id, dedup_key) do nothing`);
  return rowCount ?? 0;
}

export type ClaimedDelivery = {
  id: string;
  organization_id: string;
  destination_id: string;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
  preset: string;
  url: string;
  settings: string | null;
};

/**
 * Claims up to `limit` due deliveries of destinations that are not paused, for `leaseMs`; each claim is one
 * attempt. A delivery waits while an earlier one of its destination and order key is pending (one incident's
 * events arrive in order, a later one only after the earlier was delivered or given up).
 */
export async function claimDue(
  db: DbOrTx,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const { now, leaseMs, limit } = options;
  const { rows } = await db.execute<ClaimedDelivery>(sql`
    with next as (
      select w.id from webhook_deliveries w
      join webhook_destinations d on d.id = w.destination_id and d.paused_at is null
      where w.state = 'pending' and w.next_attempt_at <= ${at(now)}
        and (w.locked_until is null or w.locked_until <= ${at(now)})
        and not exists (select 1 from webhook_deliveries e
          where e.destination_id = w.destination_id and e.order_key = w.order_key and e.state = 'pending'
            and e.seq < w.seq)
      order by w.next_attempt_at, w.seq
      limit ${limit}
      for update of w skip locked
    )
    update webhook_deliveries w
    set attempts = w.attempts + 1, locked_until = ${at(new Date(now.getTime() + leaseMs))},
      last_attempt_at = ${at(now)}
    from next, webhook_destinations d
    where w.id = next.id and d.id = w.destination_id
    returning w.id, w.organization_id, w.destination_id, w.event, w.payload, w.attempts, w.created_at, d.preset,
      d.url, d.settings`);
  return rows;
}

export type Outcome = {
  status: number | null;
  body: string | null;
  error: string | null;
};

/** Records a try that succeeded; false when this claim no longer holds the row. */
export async function markDelivered(
  db: DbOrTx,
  id: string,
  attempts: number,
  outcome: Outcome,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ destination_id: string }>(sql`
    update webhook_deliveries set state = 'delivered', delivered_at = ${at(now)}, locked_until = null,
      response_status = ${outcome.status}, response_body = ${outcome.body}, last_error = null
    where id = ${id} and state = 'pending' and attempts = ${attempts}
    returning destination_id`);
  const row = rows[0];
  if (!row) return false;
  await db.execute(
    sql`update webhook_destinations set failing_since = null where id = ${row.destination_id}`,
  );
  return true;
}

/**
 * Records a failed try: tried again at `retryAt`, or given up (`retryAt` null). The destination is failing from
 * now if it was not; answers since when it fails, or null when this claim no longer holds the row.
 */
export async function markFailed(
  db: DbOrTx,
  id: string,
  attempts: number,
  outcome: Outcome,
  retryAt: Date | null,
  now: Date,
): Promise<{ destinationId: string; failingSince: Date } | null> {
  const { rows } = await db.execute<{ destination_id: string }>(sql`
    update webhook_deliveries set
      state = ${retryAt ? 'pending' : 'failed'},
      next_attempt_at = ${retryAt ? at(retryAt) : sql`next_attempt_at`},
      locked_until = null, response_status = ${outcome.status}, response_body = ${outcome.body},
      last_error = ${outcome.error?.slice(0, 500) ?? null}
    where id = ${id} and state = 'pending' and attempts = ${attempts}
    returning destination_id`);
  const row = rows[0];
  if (!row) return null;
  const { rows: dest } = await db.execute<{ failing_since: Date | string }>(sql`
    update webhook_destinations set failing_since = coalesce(failing_since, ${at(now)})
    where id = ${row.destination_id} returning failing_since`);
  return { destinationId: row.destination_id, failingSince: new Date(dest[0]?.failing_since ?? now) };
}

/** Pauses a destination failing since before `before`; answers its organization and name once (when paused now). */
export async function pauseIfFailingSince(
  db: DbOrTx,
  destinationId: string,
  before: Date,
  now: Date,
): Promise<{ organization_id: string; name: string; url: string } | undefined> {
  const { rows } = await db.execute<{ organization_id: string; name: string; url: string }>(sql`
    update webhook_destinations set paused_at = ${at(now)}
    where id = ${destinationId} and paused_at is null and failing_since <= ${at(before)}
    returning organization_id, name, url`);
  return rows[0];
}

export type DeliveryRow = {
  id: string;
  event: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
  response_status: number | null;
  response_body: string | null;
  last_error: string | null;
};

export async function listDeliveries(
  db: DbOrTx,
  organizationId: string,
  destinationId: string,
  limit: number,
): Promise<DeliveryRow[]> {
  const { rows } = await db.execute<DeliveryRow>(sql`
    select id, event, state, attempts, created_at, last_attempt_at, next_attempt_at, response_status,
      response_body, last_error
    from webhook_deliveries
    where destination_id = ${destinationId} and organization_id = ${organizationId}
    order by seq desc limit ${limit}`);
  return rows;
}

/**
 * Sends a delivery again: a copy queued now (the log keeps what happened to the first), behind the pending events
 * of its incident. Answers the copy's id, or undefined when the delivery is not the organization's.
 */
export async function redeliver(
  db: DbOrTx,
  organizationId: string,
  destinationId: string,
  id: string,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into webhook_deliveries (organization_id, destination_id, event, dedup_key, order_key, payload,
      next_attempt_at, created_at)
    select organization_id, destination_id, event, dedup_key || ':again:' || gen_random_uuid(), order_key, payload,
      ${at(now)}, ${at(now)}
    from webhook_deliveries
    where id = ${id} and destination_id = ${destinationId} and organization_id = ${organizationId}
    returning id`);
  return rows[0]?.id;
}

export async function findDelivery(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const { rows } = await db.execute<DeliveryRow>(sql`
    select id, event, state, attempts, created_at, last_attempt_at, next_attempt_at, response_status,
      response_body, last_error
    from webhook_deliveries where id = ${id} and organization_id = ${organizationId}`);
  return rows[0];
}

/** The organization's active administrators, with their `language` preference. */
export async function administrators(
  db: DbOrTx,
  organizationId: string,
): Promise<{ username: string; language: string | null }[]> {
  const { rows } = await db.execute<{ username: string; language: string | null }>(sql`
    select u.username,
      (select p.value from user_preferences p where p.user_id = u.id and p.name = 'language'
        order by p.id limit 1) as language
    from users u
    where u.organization_id = ${organizationId} and u.role = 'ADMINISTRATOR' and u.status = 'active'
    order by u.username`);
  return rows;
}
