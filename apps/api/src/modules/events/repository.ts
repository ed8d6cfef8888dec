import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';

/** The sites of the user's site groups within their organization (a restricted caller's whole fleet). */
export async function groupSiteIds(db: DbOrTx, userId: string, organizationId: string): Promise<string[]> {
  const { rows } = await db.execute<{ site_id: string }>(sql`
    select distinct sgs.site_id
    from user_site_groups usg
    join site_group_sites sgs on sgs.site_group_id = usg.site_group_id
    join sites s on s.id = sgs.site_id and s.organization_id = ${organizationId}
    where usg.user_id = ${userId}`);
  return rows.map((r) => r.site_id);
}
