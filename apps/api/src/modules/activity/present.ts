import type { ActivityEntry, OrganizationPerson } from '@vnoc/contracts';
import type { ActivityRow } from './repository.ts';

function person(id: string | null, email: string | null, name: string | null): OrganizationPerson | null {
  if (!id) return null;
  // A person deleted since keeps their id only.
  return { id, email: email ?? '', name: name ?? email ?? id };
}

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(text).join(', ')
      : JSON.stringify(value);

export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor: person(row.actor_id, row.actor_email, row.actor_name),
    impersonator: person(row.impersonator_id, row.impersonator_email, row.impersonator_name),
    target: row.target,
    detail: Object.fromEntries(Object.entries(row.detail ?? {}).map(([k, v]) => [k, text(v)])),
    ip: row.ip,
  };
}
