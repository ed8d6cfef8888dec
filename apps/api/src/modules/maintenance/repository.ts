import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { personName } from '../../sql/names.ts';
import { andOwnGroup, type Scope, siteInScope } from '../../sql/scope.ts';

export type WindowRow = {
  id: string;
  reason: string;
  starts_at: Date | string;
  ends_at: Date | string;
  group_id: string | null;
  group_name: string | null;
  sites: { id: string; name: string }[];
  created_by: string;
  created_by_name: string;
  created_at: Date | string;
};

/** The sites of a window: those listed, and the group's at the time (as `site_id` rows). */
const windowSites = sql`(
  select ws.site_id from maintenance_window_sites ws where ws.window_id = w.id
  union select g.site_id from site_group_sites g where g.site_group_id = w.group_id)`;

/** Windows of the organization with at least one site the caller sees. */
function windowInScope(scope: Scope): SQL {
  const org = sql`w.organization_id = ${scope.organizationId}`;
  if (!scope.restricted) return org;
  return sql`(${org} and exists (select 1 from sites s where s.id in ${windowSites} and ${siteInScope(scope)}))`;
}

/**
 * Windows all of whose sites the caller sees: what they may end (ending one that also covers sites of another
 * site group would end that group's maintenance too).
 */
function windowWithinScope(scope: Scope): SQL {
  if (!scope.restricted) return windowInScope(scope);
  return sql`(${windowInScope(scope)}
    and not exists (select 1 from sites s where s.id in ${windowSites} and not ${siteInScope(scope)}))`;
}

/** The window's group, when the caller sees that group (a restricted caller: one of theirs). */
const groupInView = (scope: Scope): SQL => andOwnGroup(scope, sql`sg.id`);

const select = (scope: Scope) => sql`
  select w.id, w.reason, w.starts_at, w.ends_at, sg.id as group_id, sg.name as group_name,
    coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name))
              from sites s where s.id in ${windowSites} and ${siteInScope(scope)}), '[]'::json) as sites,
    w.created_by, ${personName()} as created_by_name, w.created_at
  from maintenance_windows w
  left join site_groups sg on sg.id = w.group_id ${groupInView(scope)}
  join users u on u.id = w.created_by
  left join contacts c on c.user_id = u.id`;

export async function listWindows(
  db: DbOrTx,
  scope: Scope,
  filter: { ended: boolean; siteId?: string; now: Date },
): Promise<WindowRow[]> {
  const now = filter.now.toISOString();
  const { rows } = await db.execute<WindowRow>(sql`${select(scope)}
    where ${windowInScope(scope)}
      and ${filter.ended ? sql`w.ends_at <= ${now}` : sql`w.ends_at > ${now}`}
      ${
        filter.siteId
          ? sql`and ${filter.siteId}::uuid in ${windowSites}
            and exists (select 1 from sites s where s.id = ${filter.siteId}::uuid and ${siteInScope(scope)})`
          : sql``
      }
    order by ${filter.ended ? sql`w.ends_at desc` : sql`w.starts_at`}, w.id
    limit 200`);
  return rows;
}

export async function findWindow(db: DbOrTx, scope: Scope, id: string): Promise<WindowRow | undefined> {
  const { rows } = await db.execute<WindowRow>(
    sql`${select(scope)} where w.id = ${id} and ${windowInScope(scope)}`,
  );
  return rows[0];
}

export async function insertWindow(
  db: DbOrTx,
  w: {
    organizationId: string;
    groupId: string | null;
    reason: string;
    startsAt: string;
    endsAt: string;
    createdBy: string;
    siteIds: readonly string[];
  },
): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into maintenance_windows (organization_id, group_id, reason, starts_at, ends_at, created_by)
    values (${w.organizationId}, ${w.groupId}, ${w.reason}, ${w.startsAt}, ${w.endsAt}, ${w.createdBy})
    returning id`);
  const id = (rows[0] as { id: string }).id;
  if (w.siteIds.length > 0)
    await db.execute(sql`insert into maintenance_window_sites (window_id, site_id)
      select ${id}, unnest(${sql.param([...new Set(w.siteIds)])}::uuid[])`);
  return id;
}

/** Ends a window now (a scheduled one never starts); answers false when it is not in scope or over. */
export async function endWindow(db: DbOrTx, scope: Scope, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: string }>(sql`
    update maintenance_windows w set ends_at = ${at}, starts_at = least(w.starts_at, ${at})
    where w.id = ${id} and w.ends_at > ${at} and ${windowWithinScope(scope)} returning w.id`);
  return rows.length > 0;
}
