import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { andOwnGroup, type Scope } from '../../sql/scope.ts';
import { sqlList } from '../../sql/text.ts';

export type GroupRow = { id: string; name: string; site_ids: string[] };

const groupColumns = sql`g.id, g.name,
  coalesce((select array_agg(m.site_id order by m.site_id) from site_group_sites m where m.site_group_id = g.id),
    '{}'::uuid[]) as site_ids`;

/** The organization's groups; a restricted user sees only the groups they belong to. */
export async function listGroups(db: DbOrTx, scope: Scope): Promise<GroupRow[]> {
  const { rows } = await db.execute<GroupRow>(sql`
    select ${groupColumns} from site_groups g
    where g.organization_id = ${scope.organizationId} ${andOwnGroup(scope)}
    order by g.name, g.id`);
  return rows;
}

export async function findGroup(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<GroupRow | undefined> {
  const { rows } = await db.execute<GroupRow>(
    sql`select ${groupColumns} from site_groups g where g.id = ${id} and g.organization_id = ${organizationId}`,
  );
  return rows[0];
}

export async function nameTaken(db: DbOrTx, organizationId: string, name: string, exceptId?: string) {
  const except = exceptId ? sql`and id <> ${exceptId}` : sql``;
  const { rows } = await db.execute(
    sql`select 1 from site_groups where organization_id = ${organizationId} and lower(name) = lower(${name}) ${except}`,
  );
  return rows.length > 0;
}

/** How many of the ids are sites of the organization. */
export async function countOwnSites(db: DbOrTx, organizationId: string, siteIds: string[]): Promise<number> {
  if (siteIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from sites where organization_id = ${organizationId} and id in (${sqlList(siteIds)})`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertGroup(db: DbOrTx, organizationId: string, name: string): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(
    sql`insert into site_groups (organization_id, name) values (${organizationId}, ${name}) returning id`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('group insert returned nothing');
  return id;
}

export async function renameGroup(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.execute(sql`update site_groups set name = ${name} where id = ${id}`);
}

export async function replaceGroupSites(db: DbOrTx, id: string, siteIds: string[]): Promise<void> {
  await db.execute(sql`delete from site_group_sites where site_group_id = ${id}`);
  if (siteIds.length === 0) return;
  const values = sql.join(
    siteIds.map((s) => sql`(${id}, ${s})`),
    sql`, `,
  );
  await db.execute(sql`insert into site_group_sites (site_group_id, site_id) values ${values}`);
}

export async function deleteGroup(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`delete from site_groups where id = ${id}`);
}
