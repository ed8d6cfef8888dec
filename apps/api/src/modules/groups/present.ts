import type { Group } from '@vnoc/contracts';
import type { GroupRow } from './repository.ts';

export function presentGroup(row: GroupRow): Group {
  return { id: row.id, name: row.name, siteIds: row.site_ids };
}
