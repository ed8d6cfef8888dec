import {
  ALERT_CATALOGUE,
  ALERT_CODE_INFO,
  ALERT_SEVERITIES,
  type Alert,
  type AlertCodeInfo,
  type AlertCounts,
  type AlertDetail,
  type AlertListQuery,
  type AlertNote,
  type AlertSortField,
  type AuditAction,
  actorName,
  defaultAlertSorting,
  type Paged,
} from '@vnoc/contracts';
import { actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { type CsvColumn, csvStream } from '../../http/csv-export.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { searchText } from '../../sql/fleet-query.ts';
import { pageFor } from '../../sql/page-request.ts';
import { parseSorting } from '../../sql/paging.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { presentAlert, presentCounts, presentNote } from './present.ts';
import * as repo from './repository.ts';

/** Rows the CSV export holds at most. */
export const EXPORT_LIMIT = 10_000;

export function alertCodes(): AlertCodeInfo[] {
  return [...ALERT_CATALOGUE];
}

async function filtersOf(ctx: AppContext, scope: Scope, query: AlertListQuery): Promise<repo.AlertFilters> {
  const { q, query: parsed } = searchText(query.q, 'alerts', ctx);
  return {
    state: query.status,
    codes: query.code,
    severities: query.severity,
    siteId: query.siteId,
    deviceId: query.deviceId,
    groupId: query.groupId,
    text: q ? await repo.matchText(ctx.db, scope.organizationId, q) : undefined,
    query: parsed,
    from: query.from,
    to: query.to,
    dependents: query.dependents === 'true',
  };
}

export async function alertCounts(ctx: AppContext, user: UserWithOrg): Promise<AlertCounts> {
  const scope = await scopeOf(ctx.db, user);
  const [rows, seen] = await Promise.all([repo.countAlerts(ctx.db, scope), repo.unseen(ctx.db, scope)]);
  return { ...presentCounts(rows), ...seen };
}

export async function listAlerts(
  ctx: AppContext,
  user: UserWithOrg,
  query: AlertListQuery,
): Promise<Paged<Alert>> {
  const scope = await scopeOf(ctx.db, user);
  const load = async () => {
    const filters = await filtersOf(ctx, scope, query);
    return pageFor(
      { ...query, sorting: query.sorting ?? defaultAlertSorting(query.status) },
      (request) => repo.listAlerts(ctx.db, scope, { filters, ...request }),
      presentAlert,
    );
  };
  // A caller who sees the whole organization shares the page with every such caller (ctx.liveAnswers).
  return ctx.liveAnswers.forScope('alerts', scope, query, load);
}

const CSV_COLUMNS: CsvColumn<Alert>[] = [
  { header: 'Severity', value: (a) => a.severity },
  { header: 'Alert', value: (a) => a.message },
  { header: 'Status', value: (a) => a.status },
  { header: 'Site', value: (a) => a.siteName },
  { header: 'Device name', value: (a) => a.deviceName },
  { header: 'Device', value: (a) => a.deviceModel },
  { header: 'MAC address', value: (a) => a.macAddress },
  { header: 'Region', value: (a) => a.region },
  { header: 'Raised', value: (a) => a.raisedAt },
  { header: 'Last seen', value: (a) => a.lastSeenAt },
  { header: 'Cleared', value: (a) => a.clearedAt },
  { header: 'Occurrences', value: (a) => a.occurrences },
  { header: 'Dependents', value: (a) => a.dependents },
  { header: 'Acknowledged by', value: (a) => a.acknowledgedBy && actorName(a.acknowledgedBy) },
  { header: 'Assignee', value: (a) => a.assignee?.name },
  { header: 'Maintenance', value: (a) => (a.inMaintenance ? 'yes' : 'no') },
];

/** The filtered list as CSV (English headers and names; times in ISO 8601, UTC), at most EXPORT_LIMIT rows. */
export async function exportAlerts(ctx: AppContext, user: UserWithOrg, query: AlertListQuery) {
  const scope = await scopeOf(ctx.db, user);
  const rows = await repo.alertsForExport(
    ctx.db,
    scope,
    await filtersOf(ctx, scope, query),
    parseSorting<AlertSortField>(query.sorting ?? defaultAlertSorting(query.status)),
    EXPORT_LIMIT,
  );
  return csvStream(CSV_COLUMNS, rows.map(presentAlert));
}

async function requireAlert(ctx: AppContext, scope: Scope, id: string): Promise<repo.AlertRow> {
  if (!isUuid(id)) throw Errors.notFound();
  const row = await repo.findAlert(ctx.db, scope, id);
  if (!row) throw Errors.notFound();
  return row;
}

/**
 * The alert a ticket is sent from, with its notes as they are now, oldest first (issue 37: the ticket carries
 * them); 404 when the caller's scope does not see it.
 */
export async function alertForTicket(
  ctx: AppContext,
  scope: Scope,
  id: string,
): Promise<{ id: string; notes: AlertNote[] }> {
  const row = await requireAlert(ctx, scope, id);
  return { id: row.id, notes: (await repo.notesOf(ctx.db, row.id)).map(presentNote) };
}

export async function alertDetail(ctx: AppContext, user: UserWithOrg, id: string): Promise<AlertDetail> {
  const scope = await scopeOf(ctx.db, user);
  return detailOf(ctx, scope, await requireAlert(ctx, scope, id));
}

async function detailOf(ctx: AppContext, scope: Scope, row: repo.AlertRow): Promise<AlertDetail> {
  const [root, dependents, notes] = await Promise.all([
    row.root_alert_id ? repo.findAlert(ctx.db, scope, row.root_alert_id) : undefined,
    repo.dependentsOf(ctx.db, scope, row.id),
    repo.notesOf(ctx.db, row.id),
  ]);
  return {
    ...presentAlert(row),
    root: root ? presentAlert(root) : null,
    dependentAlerts: dependents.map(presentAlert),
    notes: notes.map(presentNote),
  };
}

/** Tells open consoles that an alert changed (acknowledged, assigned, noted). */
function published(ctx: AppContext, organizationId: string, row: repo.AlertRow): void {
  ctx.liveAnswers.changed(organizationId);
  ctx.events.publish(organizationId, {
    type: 'alert.updated',
    alertId: row.id,
    code: row.code,
    severity: ALERT_CODE_INFO[row.code].severity,
    siteId: row.site_id,
    deviceId: row.device_id,
    rootAlertId: row.root_alert_id,
    at: new Date().toISOString(),
  });
}

/** The caller, and the support person acting as them: stored with each act (issue 37). */
const actedBy = (auth: AuthContext): repo.ActedBy => ({
  userId: auth.user.id,
  supportId: auth.impersonator?.id ?? null,
});

async function changed(
  ctx: AppContext,
  auth: AuthContext,
  scope: Scope,
  id: string,
  action: Extract<AuditAction, `alert.${string}`>,
  detail: Record<string, unknown>,
  meta: RequestMeta,
): Promise<repo.AlertRow> {
  const row = await requireAlert(ctx, scope, id);
  await audit(ctx.db, {
    action,
    ...actorOf(auth, meta),
    target: id,
    // Alerts are purged in time: the log keeps naming where it was.
    targetName: row.site_name ?? row.device_name ?? undefined,
    detail,
  });
  published(ctx, auth.user.organizationId, row);
  return row;
}

export async function acknowledgeAlert(ctx: AppContext, auth: AuthContext, id: string, meta: RequestMeta) {
  const scope = await scopeOf(ctx.db, auth.user);
  if (!isUuid(id) || !(await repo.acknowledge(ctx.db, scope, id, actedBy(auth), ctx.now())))
    throw Errors.notFound();
  return presentAlert(await changed(ctx, auth, scope, id, 'alert.acknowledge', {}, meta));
}

export async function assignAlert(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  userId: string | null,
  meta: RequestMeta,
) {
  const scope = await scopeOf(ctx.db, auth.user);
  await requireAlert(ctx, scope, id);
  if (userId !== null) {
    // An administrator or user of the organization who sees the alert (a restricted one: on their sites).
    const person = (await repo.assignees(ctx.db, auth.user.organizationId)).find((p) => p.id === userId);
    const theirs = person && (await scopeOf(ctx.db, { ...auth.user, id: person.id, role: person.role }));
    if (!theirs || !(await repo.findAlert(ctx.db, theirs, id)))
      throw Errors.invalidInput('Choose a person of your organization.', 'userId');
  }
  if (!(await repo.assign(ctx.db, scope, id, userId, actedBy(auth)))) throw Errors.notFound();
  return presentAlert(await changed(ctx, auth, scope, id, 'alert.assign', { assigneeId: userId }, meta));
}

export async function addAlertNote(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  text: string,
  meta: RequestMeta,
) {
  const scope = await scopeOf(ctx.db, auth.user);
  await requireAlert(ctx, scope, id);
  await repo.insertNote(ctx.db, id, actedBy(auth), text);
  return detailOf(ctx, scope, await changed(ctx, auth, scope, id, 'alert.note', {}, meta));
}

export async function alertAssignees(ctx: AppContext, user: UserWithOrg) {
  return (await repo.assignees(ctx.db, user.organizationId)).map(({ id, name, username }) => ({
    id,
    name,
    username,
  }));
}

/** `POST userProfile/updateLastSeenAlert`: alerts up to this one (of the caller's scope) are seen. */
export async function updateLastSeenAlert(
  ctx: AppContext,
  user: UserWithOrg,
  lastSeenId: string,
): Promise<AlertCounts> {
  const scope = await scopeOf(ctx.db, user);
  const row = await requireAlert(ctx, scope, lastSeenId);
  await repo.markSeen(ctx.db, user.id, row.id, row.seq);
  return alertCounts(ctx, user);
}

/** `GET site/{id}/alerts` and `GET device/{id}/alerts` once the item was found in scope. */
export async function alertsOf(
  ctx: AppContext,
  scope: Scope,
  on: { siteId: string } | { deviceId: string },
  active: 'true' | 'false' | undefined,
): Promise<Alert[]> {
  const rows = await repo.alertsOf(ctx.db, scope, on, active === 'true');
  return rows.map(presentAlert);
}

/** The worst active severity and the number of active alerts of each site of the scope (map markers). */
export async function siteSeverities(ctx: AppContext, user: UserWithOrg) {
  const rows = await repo.siteSeverities(ctx.db, await scopeOf(ctx.db, user));
  return rows.map((r) => ({ siteId: r.site_id, severity: ALERT_SEVERITIES[r.rank] ?? 'info', count: r.n }));
}
