import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { isOwnGroup, type Scope } from '../../sql/scope.ts';
import { sqlArray } from '../../sql/text.ts';

/** The user preference holding the dashboard /dashboard opens ('vnoc' or a dashboard id). */
export const DEFAULT_DASHBOARD_PREFERENCE = 'defaultDashboard';

/** What a person writes of a dashboard. */
export type DashboardFields = {
  name: string;
  description: string;
  tagNames: string[];
  groupIds: string[];
  shared: boolean;
  icon: string | null;
  widgets: unknown[];
};

export type DashboardRow = { id: number; organizationId: string; ownerId: string } & DashboardFields;

const columns = sql`d.id, d.organization_id as "organizationId", d.owner_id as "ownerId", d.name, d.description,
  d.tag_names as "tagNames", d.group_ids::text[] as "groupIds", d.shared, d.icon, d.widgets`;

/** A dashboard the user can see: their own, or one shared in their organization. */
const visibleTo = (organizationId: string, userId: string) =>
  sql`d.organization_id = ${organizationId} and (d.owner_id = ${userId} or d.shared)`;

/** The user's dashboards and those shared in their organization, by id ascending. */
export async function listVisible(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<DashboardRow[]> {
  const { rows } = await db.execute<DashboardRow>(
    sql`select ${columns} from dashboards d where ${visibleTo(organizationId, userId)} order by d.id`,
  );
  return rows;
}

export async function findVisible(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  id: number,
  lock = false,
): Promise<DashboardRow | undefined> {
  const { rows } = await db.execute<DashboardRow>(
    sql`select ${columns} from dashboards d where d.id = ${id} and ${visibleTo(organizationId, userId)}
        ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

export async function countOwned(db: DbOrTx, userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from dashboards where owner_id = ${userId}`,
  );
  return rows[0]?.n ?? 0;
}

/** A text or uuid array bound as one JSON parameter (no array-literal quoting to get wrong). */
const textArray = (values: string[]) => sqlArray(values, 'text');
const uuidArray = (values: string[]) => sqlArray(values, 'uuid');

export async function insertDashboard(
  db: DbOrTx,
  organizationId: string,
  ownerId: string,
  f: DashboardFields,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into dashboards (organization_id, owner_id, name, description, tag_names, group_ids, shared, icon, widgets)
    values (${organizationId}, ${ownerId}, ${f.name}, ${f.description}, ${textArray(f.tagNames)},
            ${uuidArray(f.groupIds)}, ${f.shared}, ${f.icon}, ${JSON.stringify(f.widgets)}::jsonb)
    returning id`);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('dashboard not inserted');
  return id;
}

export async function updateDashboard(db: DbOrTx, id: number, f: DashboardFields): Promise<void> {
  await db.execute(sql`
    update dashboards set name = ${f.name}, description = ${f.description}, tag_names = ${textArray(f.tagNames)},
      group_ids = ${uuidArray(f.groupIds)}, shared = ${f.shared}, icon = ${f.icon},
      widgets = ${JSON.stringify(f.widgets)}::jsonb, updated_at = now()
    where id = ${id}`);
}

export async function deleteDashboard(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from dashboards where id = ${id}`);
}

/** How many of these groups are groups of the organization (and, when `member` is given, its own groups). */
export async function countUsableGroups(
  db: DbOrTx,
  organizationId: string,
  groupIds: string[],
  member?: Scope,
): Promise<number> {
  if (groupIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from site_groups g
    where g.organization_id = ${organizationId} and g.id = any(${uuidArray(groupIds)})
      ${member ? sql`and ${isOwnGroup(member, sql`g.id`)}` : sql``}`);
  return rows[0]?.n ?? 0;
}

export async function defaultDashboardOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ value: string }>(
    sql`select value from user_preferences where user_id = ${userId} and name = ${DEFAULT_DASHBOARD_PREFERENCE} limit 1`,
  );
  return rows[0]?.value;
}

export async function setDefaultDashboard(db: DbOrTx, userId: string, value: string): Promise<void> {
  await db.execute(sql`
    insert into user_preferences (user_id, name, value) values (${userId}, ${DEFAULT_DASHBOARD_PREFERENCE}, ${value})
    on conflict (user_id, name) do update set value = excluded.value`);
}

/** Everyone whose default was this dashboard falls back to the base one. */
export async function resetDefaults(db: DbOrTx, id: number, onlyUserId?: string): Promise<void> {
  await db.execute(sql`
    update user_preferences set value = 'vnoc'
    where name = ${DEFAULT_DASHBOARD_PREFERENCE} and value = ${String(id)}
      ${onlyUserId ? sql`and user_id = ${onlyUserId}` : sql``}`);
}
