import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { deviceName, personName, personNameOf } from '../../sql/names.ts';
import { pageOf } from '../../sql/paging.ts';
import { containsPattern, sqlList } from '../../sql/text.ts';

export type ActivityRow = {
  id: string;
  at: Date | string;
  action: string;
  target: string | null;
  /** The target's name as written, for when it is gone. */
  target_name: string | null;
  /** The target resolved now (null: not found, or the action's target is no row). */
  t_id: string | null;
  t_name: string | null;
  t_code: string | null;
  t_site_id: string | null;
  t_site_name: string | null;
  /** The person an alert was assigned to, named. */
  assignee_name: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  impersonator_email: string | null;
  impersonator_name: string | null;
  api_key_id: string | null;
  api_key_name: string | null;
};

export type ActivityFilters = {
  person?: string;
  actions?: string[];
  from?: string;
  to?: string;
  impersonatedOnly: boolean;
};

const fullName = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

/** The target as a uuid when it is one (alerts, tickets, devices and windows are stored by id). */
const targetUuid = sql`case when a.target ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then a.target::uuid end`;
const isDeviceAct = sql`(a.action like 'device.%' or a.action = 'dev.outage')`;

// Targets are named now, in the reader's organization only; the name written with the entry stands in for a
// target deleted since (issue 37: the log names what was acted on).
const columns = sql`a.id::text as id, a.at, a.action, a.target, a.target_name, a.detail, host(a.ip) as ip,
  a.actor_user_id as actor_id, au.username as actor_email, ${fullName('ac')} as actor_name,
  a.impersonator_user_id as impersonator_id, iu.username as impersonator_email, ${fullName('ic')} as impersonator_name,
  a.api_key_id::text as api_key_id, ak.name as api_key_name,
  coalesce(tal.id, tt.id, d.id, mw.id, tu.id)::text as t_id,
  case when tal.id is not null then coalesce(s.name, ${deviceName})
       when tt.id is not null then '#' || tt.number
       when d.id is not null then ${deviceName}
       when mw.id is not null then mw.reason
       when tu.id is not null then ${personName(sql`tu`, sql`tc`)} end as t_name,
  tal.code as t_code, s.id::text as t_site_id, s.name as t_site_name,
  case when a.action = 'alert.assign' and a.detail->>'assigneeId' ~* '^[0-9a-f-]{36}$'
    then ${personNameOf(sql`(a.detail->>'assigneeId')::uuid`)} end as assignee_name`;

const from = sql`audit_log a
  left join users au on au.id = a.actor_user_id left join contacts ac on ac.user_id = a.actor_user_id
  left join users iu on iu.id = a.impersonator_user_id left join contacts ic on ic.user_id = a.impersonator_user_id
  left join api_keys ak on ak.id = a.api_key_id and ak.organization_id = a.organization_id
  left join alerts tal on a.action like 'alert.%' and tal.id = ${targetUuid} and tal.organization_id = a.organization_id
  left join tickets tt on a.action like 'ticket.%' and tt.id = ${targetUuid} and tt.organization_id = a.organization_id
  left join devices d on d.organization_id = a.organization_id
    and d.id = case when tal.id is not null then tal.device_id when ${isDeviceAct} then ${targetUuid} end
  left join sites s on s.id = coalesce(tal.site_id, d.site_id)
  left join maintenance_windows mw on a.action like 'maintenance.%' and mw.id = ${targetUuid}
    and mw.organization_id = a.organization_id
  left join users tu on tu.username = a.target and tu.organization_id = a.organization_id
    and a.action not like 'organization.%'
  left join contacts tc on tc.user_id = tu.id`;

/** The organization's entries matching the filters; always scoped to one organization in SQL. */
function whereOf(organizationId: string, f: ActivityFilters): SQL {
  const parts: SQL[] = [sql`a.organization_id = ${organizationId}`];
  if (f.actions && f.actions.length > 0) parts.push(sql`a.action in (${sqlList(f.actions)})`);
  if (f.from) parts.push(sql`a.at >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`a.at <= ${new Date(f.to).toISOString()}::timestamptz`);
  if (f.impersonatedOnly) parts.push(sql`a.impersonator_user_id is not null`);
  if (f.person) {
    const p = containsPattern(f.person);
    parts.push(sql`(au.username ilike ${p} or ${fullName('ac')} ilike ${p}
      or iu.username ilike ${p} or ${fullName('ic')} ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

const newestFirst = sql`a.at desc, a.id desc`;

export function pageActivity(
  db: DbOrTx,
  organizationId: string,
  filters: ActivityFilters,
  page: number,
  pageSize: number,
) {
  return pageOf<ActivityRow>(db, {
    columns,
    from,
    where: whereOf(organizationId, filters),
    orderBy: newestFirst,
    page,
    pageSize,
  });
}

export async function activityForExport(
  db: DbOrTx,
  organizationId: string,
  filters: ActivityFilters,
  limit: number,
): Promise<ActivityRow[]> {
  const { rows } = await db.execute<ActivityRow>(sql`
    select ${columns} from ${from}
    where ${whereOf(organizationId, filters)}
    order by ${newestFirst}
    limit ${limit}`);
  return rows;
}
