import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { andOwnGroup, type Scope, siteInScope } from '../../sql/scope.ts';
import { sqlList } from '../../sql/text.ts';

/** The person's stored profile (raw JSON), or undefined when they never saved one. */
export async function findStoredProfile(db: DbOrTx, userId: string): Promise<unknown> {
  const { rows } = await db.execute<{ profile: unknown }>(
    sql`select profile from notification_profiles where user_id = ${userId}`,
  );
  return rows[0]?.profile;
}

export async function upsertProfile(db: DbOrTx, userId: string, profile: Record<string, unknown>, now: Date) {
  await db.execute(sql`
    insert into notification_profiles (user_id, profile, updated_at)
    values (${userId}, ${JSON.stringify(profile)}::jsonb, ${now.toISOString()}::timestamptz)
    on conflict (user_id) do update set profile = excluded.profile, updated_at = excluded.updated_at`);
}

/** How many of the ids are sites the scope sees. */
export async function countSitesInScope(
  db: DbOrTx,
  scope: Scope,
  siteIds: readonly string[],
): Promise<number> {
  if (siteIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from sites s where s.id in (${sqlList(siteIds)}) and ${siteInScope(scope)}`);
  return rows[0]?.n ?? 0;
}

/** How many of the ids are groups the scope sees: the organization's, a restricted person's own only. */
export async function countGroupsInScope(
  db: DbOrTx,
  scope: Scope,
  groupIds: readonly string[],
): Promise<number> {
  if (groupIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from site_groups g
    where g.organization_id = ${scope.organizationId} and g.id in (${sqlList(groupIds)}) ${andOwnGroup(scope)}`);
  return rows[0]?.n ?? 0;
}
