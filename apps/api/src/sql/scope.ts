import { type SQL, sql } from 'drizzle-orm';
import type { UserWithOrg } from '../auth/session-user.ts';
import type { DbOrTx } from '../plugins/db.ts';
import { sqlList } from './text.ts';

/**
 * Whose data a caller may see: their organization, and for a non-administrator who belongs to site
 * groups only those groups' sites. Every fleet query filters by it in SQL. A call made with an API key
 * (issue 38) is scoped by the key's own site groups (`keyId`), never by those of the person who made it.
 */
export type Scope = { organizationId: string; userId: string; keyId?: string | null; restricted: boolean };

export async function scopeOf(db: DbOrTx, user: UserWithOrg): Promise<Scope> {
  const { apiKey } = user;
  if (apiKey)
    return {
      organizationId: user.organizationId,
      userId: user.id,
      keyId: apiKey.id,
      restricted: user.role !== 'ADMINISTRATOR' && apiKey.groupIds.length > 0,
    };
  let restricted = false;
  if (user.role !== 'ADMINISTRATOR') {
    const { rows } = await db.execute<{ any: boolean }>(
      sql`select exists (select 1 from user_site_groups where user_id = ${user.id}) as any`,
    );
    restricted = rows[0]?.any === true;
  }
  return { organizationId: user.organizationId, userId: user.id, keyId: null, restricted };
}

/** The site group (given the SQL of its id) is one of the caller's own: the person's, or the API key's. */
export function isOwnGroup(scope: Scope, groupId: SQL): SQL {
  return scope.keyId
    ? sql`exists (select 1 from api_key_site_groups k where k.site_group_id = ${groupId} and k.api_key_id = ${scope.keyId})`
    : sql`exists (select 1 from user_site_groups u where u.site_group_id = ${groupId} and u.user_id = ${scope.userId})`;
}

/** `and` the group (given the SQL of its id) is one of a restricted caller's own; nothing for an unrestricted one. */
export const andOwnGroup = (scope: Scope, groupId: SQL = sql`g.id`): SQL =>
  scope.restricted ? sql`and ${isOwnGroup(scope, groupId)}` : sql``;

/** The scope condition on a site, given the SQL of its id and organization columns. */
export function siteInScope(scope: Scope, siteId: SQL = sql`s.id`, orgId: SQL = sql`s.organization_id`): SQL {
  const org = sql`${orgId} = ${scope.organizationId}`;
  if (!scope.restricted) return org;
  if (scope.keyId)
    return sql`(${org} and exists (
    select 1 from site_group_sites sgs
    join api_key_site_groups k on k.site_group_id = sgs.site_group_id
    where sgs.site_id = ${siteId} and k.api_key_id = ${scope.keyId}))`;
  return sql`(${org} and exists (
    select 1 from site_group_sites sgs
    join user_site_groups usg on usg.site_group_id = sgs.site_group_id
    where sgs.site_id = ${siteId} and usg.user_id = ${scope.userId}))`;
}

/** The site (given the SQL of its id) is in one of these site groups. */
export function inSiteGroups(groupIds: readonly string[], siteId: SQL = sql`s.id`): SQL {
  return sql`exists (select 1 from site_group_sites g where g.site_id = ${siteId} and g.site_group_id in (${sqlList(groupIds)}))`;
}

/** Devices of the scope: the device's organization (indexed) and its site's scope. */
export const deviceInScope = (scope: Scope) =>
  sql`d.organization_id = ${scope.organizationId} and ${siteInScope(scope)}`;

/** The count the statement answers (`n`), over a list of ids: 0 for none, without asking. */
async function countOf(db: DbOrTx, ids: readonly string[], count: (list: SQL) => SQL): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(count(sqlList(ids)));
  return rows[0]?.n ?? 0;
}

/** How many of the ids are sites the scope sees. */
export const countSitesInScope = (db: DbOrTx, scope: Scope, siteIds: readonly string[]) =>
  countOf(
    db,
    siteIds,
    (list) => sql`select count(*)::int as n from sites s where s.id in (${list}) and ${siteInScope(scope)}`,
  );

/** How many of the ids are site groups the scope sees: the organization's, a restricted caller's own only. */
export const countGroupsInScope = (db: DbOrTx, scope: Scope, groupIds: readonly string[]) =>
  countOf(
    db,
    groupIds,
    (list) => sql`select count(*)::int as n from site_groups g
      where g.organization_id = ${scope.organizationId} and g.id in (${list}) ${andOwnGroup(scope)}`,
  );
