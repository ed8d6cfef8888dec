import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { pageOf } from '../../sql/paging.ts';
import { containsPattern, sqlList } from '../../sql/text.ts';

export type ActivityRow = {
  id: string;
  at: Date | string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  impersonator_email: string | null;
  impersonator_name: string | null;
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

const columns = sql`a.id::text as id, a.at, a.action, a.target, a.detail, host(a.ip) as ip,
  a.actor_user_id as actor_id, au.username as actor_email, ${fullName('ac')} as actor_name,
  a.impersonator_user_id as impersonator_id, iu.username as impersonator_email, ${fullName('ic')} as impersonator_name`;

const from = sql`audit_log a
  left join users au on au.id = a.actor_user_id left join contacts ac on ac.user_id = a.actor_user_id
  left join users iu on iu.id = a.impersonator_user_id left join contacts ic on ic.user_id = a.impersonator_user_id`;

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
