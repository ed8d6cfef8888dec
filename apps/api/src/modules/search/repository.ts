import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { deviceInScope, type Scope, siteInScope } from '../../sql/scope.ts';

/** How many values of each key the suggestions are given at most. */
const VOCABULARY_MAX = 200;

/**
 * The values the suggestions offer for `model:`, `group:` and `state:`: the caller's devices' models, the
 * organization's site groups (only their own ones for a person confined to groups) and their sites' states.
 */
export async function vocabulary(db: DbOrTx, scope: Scope) {
  const groups = scope.restricted
    ? sql`select g.name from site_groups g join user_site_groups u on u.site_group_id = g.id
        where u.user_id = ${scope.userId} and g.organization_id = ${scope.organizationId}`
    : sql`select g.name from site_groups g where g.organization_id = ${scope.organizationId}`;
  const { rows } = await db.execute<{
    models: string[] | null;
    groups: string[] | null;
    states: string[] | null;
  }>(sql`
    select
      (select array_agg(model order by model) from (select distinct d.model from devices d join sites s on s.id = d.site_id
         where ${deviceInScope(scope)} order by d.model limit ${VOCABULARY_MAX}) m) as models,
      (select array_agg(name order by name) from (${groups} order by 1 limit ${VOCABULARY_MAX}) g) as groups,
      (select array_agg(state order by state) from (select distinct s.state from sites s
         where ${siteInScope(scope)} and s.state is not null order by s.state limit ${VOCABULARY_MAX}) st) as states`);
  const row = rows[0];
  return { models: row?.models ?? [], groups: row?.groups ?? [], states: row?.states ?? [] };
}
