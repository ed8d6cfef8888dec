import type { ApiKey } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { ApiKeyRow } from './repository.ts';

export function presentKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    siteGroups: row.site_groups,
    dashboardIds: row.dashboard_ids,
    cycleSeconds: row.cycle_seconds,
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedAddress: row.last_used_address,
    createdAt: iso(row.created_at) as string,
    createdBy: row.created_by,
    revokedAt: iso(row.revoked_at),
  };
}
