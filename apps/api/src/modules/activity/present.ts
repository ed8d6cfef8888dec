import {
  type ActivityEntry,
  type ActivityTarget,
  type OrganizationPerson,
  targetKindOf,
} from '@vnoc/contracts';
import type { ActivityRow } from './repository.ts';

function person(id: string | null, email: string | null, name: string | null): OrganizationPerson | null {
  if (!id) return null;
  // A person deleted since keeps their id only.
  return { id, email: email ?? '', name: name ?? email ?? id };
}

/** A detail value in words: a change as "from → to", lists with commas, nested values as "key: value". */
const text = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('from' in o && 'to' in o) return `${text(o.from)} → ${text(o.to)}`;
    return Object.entries(o)
      .map(([k, v]) => `${k}: ${text(v)}`)
      .join(', ');
  }
  return String(value);
};

/** Ids mean nothing to a reader: the target names what they point at, and the assignee is named instead. */
const isIdKey = (key: string) => /Ids?$/.test(key);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function targetOf(row: ActivityRow): ActivityTarget | null {
  const kind = targetKindOf(row.action);
  if (!kind || !row.target) return null;
  // Gone since (or never a row): the name written with the entry, else the stored text unless it is an id.
  const name = row.t_name ?? row.target_name ?? (UUID.test(row.target) ? null : row.target);
  if (!name) return null;
  return {
    kind,
    id: row.t_id,
    name,
    alertCode: row.t_code,
    siteId: row.t_site_id,
    siteName: row.t_site_name,
  };
}

export function presentActivity(row: ActivityRow): ActivityEntry {
  const detail = Object.entries(row.detail ?? {})
    .filter(([key]) => !isIdKey(key))
    .map(([key, value]) => ({ key, value: text(value) }));
  if (row.assignee_name) detail.unshift({ key: 'assignee', value: row.assignee_name });
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor: person(row.actor_id, row.actor_email, row.actor_name),
    impersonator: person(row.impersonator_id, row.impersonator_email, row.impersonator_name),
    apiKey: row.api_key_id ? { id: row.api_key_id, name: row.api_key_name ?? row.api_key_id } : null,
    target: targetOf(row),
    detail,
    ip: row.ip,
  };
}
