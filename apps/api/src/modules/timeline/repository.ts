/**
 * What a timeline reads, each statement scoped to the caller's organization and site groups (`d`, `s`: the
 * device and its site) and to one site or device, over [from, to).
 */
import { EDGE_KINDS, TIMELINE_EVENTS_MAX } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { deviceName, personName } from '../../sql/names.ts';
import { deviceInScope, type Scope, siteInScope } from '../../sql/scope.ts';
import { sqlList } from '../../sql/text.ts';

/** The timeline's site or device. */
export type Subject = { kind: 'site'; id: string } | { kind: 'device'; id: string };
export type Range = { from: Date; to: Date };

/** The row (SQL of its table's alias) is the subject's: by its site, or by its device (`device`: the column). */
const ofSubject = (subject: Subject, row: SQL, device = sql`device_id`): SQL =>
  subject.kind === 'site' ? sql`${row}.site_id = ${subject.id}` : sql`${row}.${device} = ${subject.id}`;

/** The subject's devices (`d`) in the caller's scope. */
const devicesOf = (scope: Scope, subject: Subject): SQL =>
  sql`${deviceInScope(scope)} and ${ofSubject(subject, sql`d`, sql`id`)}`;

const DEVICES = sql`devices d join sites s on s.id = d.site_id`;
/** The time (SQL of a timestamptz) falls in [from, to). */
const inRange = (at: SQL, r: Range) =>
  sql`${at} >= ${r.from.toISOString()}::timestamptz and ${at} < ${r.to.toISOString()}::timestamptz`;
/** One more than the most kept, so a fuller range is known to be cut. */
const LIMIT = TIMELINE_EVENTS_MAX + 1;

/** An event about one device: its id, and the device's (`d`) id and name. */
type DeviceEventRow = { id: string; device_id: string; device_name: string };
const DEVICE_COLUMNS = sql`d.id as device_id, ${deviceName} as device_name`;

/** Whether the site is in the caller's scope. */
export async function siteVisible(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from sites s where s.id = ${id} and ${siteInScope(scope)}`);
  return rows.length > 0;
}

export type PeriodRow = { device_id: string; status: string; started: number; ended: number | null };

/** The status periods meeting the range: a site's edge devices' (its status is theirs), or the device's own. */
export async function periods(db: DbOrTx, scope: Scope, subject: Subject, r: Range): Promise<PeriodRow[]> {
  const edge = subject.kind === 'site' ? sql`and d.kind in (${sqlList(EDGE_KINDS)})` : sql``;
  const { rows } = await db.execute<PeriodRow>(sql`
    select i.device_id, i.status, (extract(epoch from i.started_at) * 1000)::float8 as started,
      (extract(epoch from i.ended_at) * 1000)::float8 as ended
    from device_status_intervals i join ${DEVICES} on d.id = i.device_id
    where i.organization_id = ${scope.organizationId} and ${devicesOf(scope, subject)} ${edge}
      and i.started_at < ${r.to.toISOString()}::timestamptz
      and coalesce(i.ended_at, 'infinity'::timestamptz) > ${r.from.toISOString()}::timestamptz
    order by i.started_at`);
  return rows;
}

export type AlertRow = {
  id: string;
  code: string;
  severity: string;
  raised_at: Date | string;
  cleared_at: Date | string | null;
  device_id: string | null;
  device_name: string | null;
};

/** Alerts of the subject raised before the range ends and not cleared before it starts, newest first. */
export async function alerts(db: DbOrTx, scope: Scope, subject: Subject, r: Range): Promise<AlertRow[]> {
  const { rows } = await db.execute<AlertRow>(sql`
    select a.id, a.code, a.severity, a.raised_at, a.cleared_at, d.id as device_id,
      case when d.id is not null then ${deviceName} end as device_name
    from alerts a join sites s on s.id = a.site_id left join devices d on d.id = a.device_id
    where a.organization_id = ${scope.organizationId} and ${ofSubject(subject, sql`a`)} and ${siteInScope(scope)}
      and a.raised_at < ${r.to.toISOString()}::timestamptz
      and coalesce(a.cleared_at, 'infinity'::timestamptz) >= ${r.from.toISOString()}::timestamptz
    order by a.raised_at desc limit ${LIMIT}`);
  return rows;
}

export type JobRow = DeviceEventRow & {
  action: string;
  state: string;
  created_at: Date | string;
  finished_at: Date | string | null;
};

/** Troubleshooting jobs asked for in the range, newest first. */
export async function jobs(db: DbOrTx, scope: Scope, subject: Subject, r: Range): Promise<JobRow[]> {
  const { rows } = await db.execute<JobRow>(sql`
    select j.id, j.action, j.state, j.created_at, j.finished_at, ${DEVICE_COLUMNS}
    from jobs j join ${DEVICES} on d.id = j.device_id
    where j.organization_id = ${scope.organizationId} and ${devicesOf(scope, subject)}
      and ${inRange(sql`j.created_at`, r)}
    order by j.created_at desc limit ${LIMIT}`);
  return rows;
}

export type TicketRow = DeviceEventRow & {
  number: number;
  subject: string;
  status: string;
  created_at: Date | string;
};

/** Tickets sent in the range (a site's: those sent from it), newest first. */
export async function tickets(db: DbOrTx, scope: Scope, subject: Subject, r: Range): Promise<TicketRow[]> {
  const { rows } = await db.execute<TicketRow>(sql`
    select t.id, t.number, t.subject, t.status, t.created_at, ${DEVICE_COLUMNS}
    from tickets t join ${DEVICES} on d.id = t.device_id
    where t.organization_id = ${scope.organizationId} and ${ofSubject(subject, sql`t`)} and ${deviceInScope(scope)}
      and ${inRange(sql`t.created_at`, r)}
    order by t.created_at desc limit ${LIMIT}`);
  return rows;
}

export type SupportRow = {
  id: string;
  at: Date | string;
  action: string;
  support_id: string;
  support_name: string | null;
  person_id: string | null;
  person_name: string | null;
};

/**
 * Acts of support staff acting as the organization's people (the activity log's entries naming a support
 * person) on the subject: on one of its devices, or on an alert or ticket of it. Newest first.
 */
export async function supportActs(
  db: DbOrTx,
  scope: Scope,
  subject: Subject,
  r: Range,
): Promise<SupportRow[]> {
  const devices = sql`select d.id::text from ${DEVICES} where ${devicesOf(scope, subject)}`;
  const of = ofSubject(subject, sql`x`);
  const { rows } = await db.execute<SupportRow>(sql`
    select a.id::text as id, a.at, a.action, iu.id as support_id, ${personName(sql`iu`, sql`ic`)} as support_name,
      au.id as person_id, ${personName(sql`au`, sql`ac`)} as person_name
    from audit_log a
      join users iu on iu.id = a.impersonator_user_id left join contacts ic on ic.user_id = iu.id
      left join users au on au.id = a.actor_user_id left join contacts ac on ac.user_id = au.id
    where a.organization_id = ${scope.organizationId} and a.impersonator_user_id is not null
      and ${inRange(sql`a.at`, r)}
      and ((a.action like 'device.%' and a.target in (${devices}))
        or (a.action like 'alert.%' and a.target in (
          select x.id::text from alerts x where x.organization_id = ${scope.organizationId} and ${of}))
        or (a.action like 'ticket.%' and a.target in (
          select x.id::text from tickets x where x.organization_id = ${scope.organizationId} and ${of})))
    order by a.at desc limit ${LIMIT}`);
  return rows;
}

export type ConfigRow = DeviceEventRow & { at: string; version_name: string; internal_change: boolean };

/**
 * Configuration versions recorded in the range, newest first. A version's id is its 1-based position in the
 * device's list (as `GET device/{id}/transaction/{id}` finds it); one recorded without a time is left out.
 */
export async function configVersions(
  db: DbOrTx,
  scope: Scope,
  subject: Subject,
  r: Range,
): Promise<ConfigRow[]> {
  const { rows } = await db.execute<ConfigRow>(sql`
    select v.n::text as id, v.item->>'at' as at, v.item->>'versionName' as version_name,
      coalesce((v.item->>'internalChange')::boolean, false) as internal_change,
      ${DEVICE_COLUMNS}
    from ${DEVICES} cross join lateral jsonb_array_elements(d.config_versions) with ordinality as v(item, n)
    where ${devicesOf(scope, subject)} and jsonb_typeof(v.item->'at') = 'string'
      and ${inRange(sql`(v.item->>'at')::timestamptz`, r)}
    order by (v.item->>'at')::timestamptz desc limit ${LIMIT}`);
  return rows;
}
