import type { ApiKeyRole } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { personNameOf } from '../../sql/names.ts';
import { sqlArray } from '../../sql/text.ts';

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  role: ApiKeyRole;
  dashboard_ids: number[];
  cycle_seconds: number;
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_address: string | null;
  created_at: Date;
  created_by: string;
  revoked_at: Date | null;
  site_groups: { id: string; name: string }[];
};

const columns = sql`k.id, k.name, k.prefix, k.role, k.dashboard_ids, k.cycle_seconds, k.expires_at, k.last_used_at,
  host(k.last_used_address) as last_used_address, k.created_at, k.revoked_at,
  ${personNameOf(sql`k.created_by`)} as created_by,
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
    from api_key_site_groups kg join site_groups g on g.id = kg.site_group_id where kg.api_key_id = k.id),
    '[]') as site_groups`;

/** The organization's keys, the usable ones first, newest first. */
export async function listKeys(db: DbOrTx, organizationId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.execute<ApiKeyRow>(sql`
    select ${columns} from api_keys k where k.organization_id = ${organizationId}
    order by k.revoked_at is not null, k.created_at desc, k.id`);
  return rows;
}

export async function keyById(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.execute<ApiKeyRow>(sql`
    select ${columns} from api_keys k where k.organization_id = ${organizationId} and k.id = ${id}`);
  return rows[0];
}

/** How many of these site groups are the organization's. */
export async function countOwnGroups(db: DbOrTx, organizationId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from site_groups where organization_id = ${organizationId}
      and id = any(${sqlArray(ids, 'uuid')})`);
  return rows[0]?.n ?? 0;
}

/** How many of these dashboards are shared in the organization (what a display may show). */
export async function countSharedDashboards(
  db: DbOrTx,
  organizationId: string,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from dashboards where organization_id = ${organizationId} and shared
      and id = any(${sqlArray(ids, 'int')})`);
  return rows[0]?.n ?? 0;
}

export type NewKey = {
  organizationId: string;
  name: string;
  prefix: string;
  secretHash: string;
  role: ApiKeyRole;
  dashboardIds: number[];
  cycleSeconds: number;
  expiresAt: string | null;
  createdBy: string;
  siteGroupIds: string[];
};

/** Stores a key and its site groups; its id. */
export async function insertKey(db: DbOrTx, key: NewKey): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into api_keys (organization_id, name, prefix, secret_hash, role, dashboard_ids, cycle_seconds,
      expires_at, created_by)
    values (${key.organizationId}, ${key.name}, ${key.prefix}, ${key.secretHash}, ${key.role},
      ${sqlArray(key.dashboardIds, 'int')}, ${key.cycleSeconds}, ${key.expiresAt}, ${key.createdBy})
    returning id`);
  const id = rows[0]?.id as string;
  if (key.siteGroupIds.length > 0)
    await db.execute(sql`
      insert into api_key_site_groups (api_key_id, site_group_id)
      select ${id}, unnest(${sqlArray(key.siteGroupIds, 'uuid')})`);
  return id;
}

/** Revokes the key now; false when the organization has no such key still in use. */
export async function revokeKey(db: DbOrTx, organizationId: string, id: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update api_keys set revoked_at = now()
    where organization_id = ${organizationId} and id = ${id} and revoked_at is null returning id`);
  return rows.length > 0;
}
