import { type SQL, sql } from 'drizzle-orm';
import type { UserWithOrg } from '../auth/session-user.ts';
import type { DbOrTx } from '../plugins/db.ts';
import { sqlList } from './text.ts';

/**
 * Whose data a caller may see: their organization, and for a non-administrator who belongs to site
 * groups only those groups' sites. Every fleet query filters by it in SQL.
 */
export type Scope = { organizationId: string; userId: string; restricted: boolean };

export async function scopeOf(db: DbOrTx, user: UserWithOrg): Promise<Scope> {
  let restricted = false;
  if (user.role !== 'ADMINISTRATOR') {
    const { rows } = await db.execute<{ any: boolean }>(
      sql`select exists (select 1 from user_site_groups where user_id = ${user.id}) as any`,
    );
    restricted = rows[0]?.any === true;
  }
  return { organizationId: user.organizationId, userId: user.id, restricted };
}

/** The scope condition on a site, given the SQL of its id and organization columns. */
export function siteInScope(scope: Scope, siteId: SQL = sql`s.id`, orgId: SQL = sql`s.organization_id`): SQL {
  const org = sql`${orgId} = ${scope.organizationId}`;
  if (!scope.restricted) return org;
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
