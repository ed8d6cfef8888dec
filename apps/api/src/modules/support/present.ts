import type { SupportPerson } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { SupportPersonRow } from './repository.ts';

export function presentPerson(row: SupportPersonRow): SupportPerson {
  return {
    id: row.id,
    email: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    organization: { id: row.organization_id, name: row.organization_name, supportAccess: row.support_access },
    lastSignInAt: iso(row.last_sign_in_at),
  };
}
