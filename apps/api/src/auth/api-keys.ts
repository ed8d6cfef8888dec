import { API_KEY_PATTERN, type ApiKeyRole } from '@vnoc/contracts';
import { eq, sql } from 'drizzle-orm';
import { organizations, users } from '../db/schema.ts';
import type { DbOrTx } from '../plugins/db.ts';
import { secretMatches } from './secrets.ts';
import type { ApiKeyPrincipal, UserWithOrg } from './session-user.ts';

// An organization's API keys as every request sees them (issue 38): the auth plugin opens a key here; the
// api-keys module makes, lists and revokes them.

/** A key's visible id and its secret, when the bearer token has the shape of a key. */
export function parseApiKey(token: string): { prefix: string; secret: string } | undefined {
  const match = API_KEY_PATTERN.exec(token);
  return match ? { prefix: match[1] as string, secret: match[2] as string } : undefined;
}

export type ApiKeyLookup =
  | { state: 'open'; user: UserWithOrg; principal: ApiKeyPrincipal; expiresAt: Date | null }
  | { state: 'unknown' | 'revoked' | 'expired' | 'maker-gone' };

type KeyRow = {
  id: string;
  name: string;
  secret_hash: string;
  role: ApiKeyRole;
  organization_id: string;
  dashboard_ids: number[];
  cycle_seconds: number;
  /** Raw SQL answers timestamps as text (drizzle's node-postgres parsers). */
  expires_at: string | null;
  revoked_at: string | null;
  maker: string;
  group_ids: string[];
  expired: boolean;
};

/** The role a key's calls take: a display reads, as READ_ONLY does (and only its dashboards). */
const callerRole = (role: ApiKeyRole): UserWithOrg['role'] => (role === 'DISPLAY' ? 'READ_ONLY' : role);

/**
 * What the key opens now: its secret must match (in constant time), the key not revoked nor expired (by the
 * database's clock), and its maker still an active administrator of the key's organization (a key never
 * outlives its maker's right to make it).
 */
export async function openApiKey(db: DbOrTx, prefix: string, secret: string): Promise<ApiKeyLookup> {
  const { rows } = await db.execute<KeyRow>(sql`
    select k.id, k.name, k.secret_hash, k.role, k.organization_id, k.dashboard_ids, k.cycle_seconds,
      k.expires_at, k.revoked_at, k.created_by as maker, k.expires_at is not null and k.expires_at <= now() as expired,
      coalesce((select array_agg(g.site_group_id::text) from api_key_site_groups g where g.api_key_id = k.id),
        '{}') as group_ids
    from api_keys k
    where k.prefix = ${prefix}`);
  const row = rows[0];
  if (!row || !secretMatches(secret, row.secret_hash)) return { state: 'unknown' };
  if (row.revoked_at) return { state: 'revoked' };
  if (row.expired) return { state: 'expired' };
  const [found] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, row.maker));
  if (
    found?.user.status !== 'active' ||
    found.user.role !== 'ADMINISTRATOR' ||
    found.user.organizationId !== row.organization_id
  )
    return { state: 'maker-gone' };
  const maker: UserWithOrg = { ...found.user, organization: found.organization };
  const principal: ApiKeyPrincipal = {
    id: row.id,
    name: row.name,
    role: row.role,
    groupIds: row.group_ids,
    dashboardIds: row.dashboard_ids,
    cycleSeconds: row.cycle_seconds,
  };
  return {
    state: 'open',
    user: { ...maker, role: callerRole(row.role), apiKey: principal },
    principal,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  };
}

/** How often a key's last use (time and address) is written: at most once a minute per key. */
export const LAST_USE_WRITE_MS = 60_000;

/** Records the key's use, unless it was recorded less than a minute ago (the database's clock decides too). */
export async function recordApiKeyUse(db: DbOrTx, keyId: string, ip: string): Promise<void> {
  await db.execute(sql`
    update api_keys set last_used_at = now(), last_used_address = ${ip}::inet
    where id = ${keyId} and (last_used_at is null or last_used_at <= now() - interval '1 minute')`);
}
