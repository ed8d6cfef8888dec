import type { MaintenanceWindow } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { WindowRow } from './repository.ts';

/** A window as the console shows it, with its state at `now`. */
export function present(row: WindowRow, now: Date): MaintenanceWindow {
  const t = now.getTime();
  const state =
    new Date(row.starts_at).getTime() > t
      ? 'scheduled'
      : new Date(row.ends_at).getTime() > t
        ? 'active'
        : 'ended';
  return {
    id: row.id,
    reason: row.reason,
    startsAt: iso(row.starts_at) ?? '',
    endsAt: iso(row.ends_at) ?? '',
    state,
    sites: row.sites,
    group: row.group_id && row.group_name ? { id: row.group_id, name: row.group_name } : null,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: iso(row.created_at) ?? '',
  };
}
