/** Whether a site / a site group exists within the caller's scope (a report's filters naming one must). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../plugins/db.ts';
import { andOwnGroup, type Scope, siteInScope } from '../../../sql/scope.ts';

export async function siteVisible(db: DbOrTx, scope: Scope, siteId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from sites s where s.id = ${siteId} and ${siteInScope(scope)}`,
  );
  return rows.length > 0;
}

export async function groupVisible(db: DbOrTx, scope: Scope, groupId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from site_groups g where g.id = ${groupId} and g.organization_id = ${scope.organizationId} ${andOwnGroup(scope)}`);
  return rows.length > 0;
}
