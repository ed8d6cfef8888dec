import {
  type Alert,
  type AlertNote,
  alertTitle,
  type DeviceKind,
  type SeverityCounts,
} from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { AlertRow, NoteRow, SeverityCountRow } from './repository.ts';

const person = (id: string | null, name: string | null) => (id && name ? { id, name } : null);

/** The person who acted, with the support person acting as them (issue 37). */
const actor = (
  id: string | null,
  name: string | null,
  supportId: string | null,
  supportName: string | null,
) => (id && name ? { id, name, support: person(supportId, supportName) } : null);

export function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    code: row.code,
    severity: row.severity,
    status: row.state,
    siteId: row.site_id,
    siteName: row.site_name,
    deviceId: row.device_id,
    deviceKind: row.device_kind as DeviceKind | null,
    deviceName: row.device_name,
    deviceModel: row.device_model,
    macAddress: row.mac_address,
    region: row.region,
    message: alertTitle(row.code, row.details, 'en'),
    details: row.details,
    raisedAt: iso(row.raised_at) ?? '',
    lastSeenAt: iso(row.last_seen_at) ?? '',
    clearedAt: iso(row.cleared_at),
    occurrences: row.occurrences,
    rootAlertId: row.root_alert_id,
    dependents: row.dependents,
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: actor(
      row.acknowledged_by,
      row.acknowledged_by_name,
      row.acknowledged_by_support,
      row.acknowledged_by_support_name,
    ),
    assignee: person(row.assignee_id, row.assignee_name),
    assignedBy: actor(
      row.assigned_by,
      row.assigned_by_name,
      row.assigned_by_support,
      row.assigned_by_support_name,
    ),
    inMaintenance: row.in_maintenance,
    ticket: row.ticket,
  };
}

export function presentNote(row: NoteRow): AlertNote {
  return {
    id: row.id,
    text: row.text,
    author: {
      id: row.author_id,
      name: row.author_name,
      support: person(row.author_support, row.author_support_name),
    },
    createdAt: iso(row.created_at) ?? '',
  };
}

const zero = (): SeverityCounts => ({ critical: 0, major: 0, minor: 0, info: 0, total: 0 });

/** Counts rows by state and severity into the contract's shape (absent combinations are 0). */
export function presentCounts(rows: readonly SeverityCountRow[]) {
  const counts = { active: zero(), cleared: zero() };
  for (const r of rows) {
    counts[r.state][r.severity] += r.n;
    counts[r.state].total += r.n;
  }
  return counts;
}
