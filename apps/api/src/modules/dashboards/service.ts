import {
  BASE_DASHBOARD,
  BASE_DASHBOARD_ID,
  type Dashboard,
  type DashboardDelete,
  type DashboardSaved,
  type DashboardSaveSchema,
  type Role,
  sortWidgets,
} from '@vnoc/contracts';
import type { z } from 'zod';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { scopeOf } from '../../sql/scope.ts';
import { presentDashboard } from './present.ts';
import * as repo from './repository.ts';

/** Dashboards one user may own. */
export const MAX_DASHBOARDS_PER_USER = 100;

export const DASHBOARD_MESSAGES = {
  baseNotEditable: 'The base dashboard cannot be changed.',
  baseNotRemovable: 'The base dashboard cannot be removed.',
  notEditable: 'Only the owner, or an administrator for a shared dashboard, can change this dashboard.',
  foreignGroups: 'Some of these groups do not belong to your organization.',
  notMemberGroups: 'You can only scope a dashboard to groups you belong to.',
  tooMany: `You can have at most ${MAX_DASHBOARDS_PER_USER} dashboards.`,
} as const;

type SaveBody = z.output<typeof DashboardSaveSchema>;

const WRITERS: readonly Role[] = ['ADMINISTRATOR', 'USER'];

/**
 * Who may save or delete a dashboard: its owner; for a shared one, also an ADMINISTRATOR of the
 * organization (shared dashboards are the organization's). READ_ONLY (and SUPPORT) never.
 */
export function canEdit(row: repo.DashboardRow, user: UserWithOrg): boolean {
  if (!WRITERS.includes(user.role)) return false;
  return row.ownerId === user.id || (row.shared && user.role === 'ADMINISTRATOR');
}

/** A stored dashboard id ('1', '42'); anything else (or out of the integer range) is not found. */
export function parseDashboardId(id: string): number | undefined {
  if (!/^\d{1,10}$/.test(id)) return undefined;
  const n = Number(id);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** A wall display's key (issue 37) sees only its own dashboards; anyone else every dashboard visible to them. */
const displayAllows = (user: UserWithOrg, id: number) =>
  user.apiKey?.role !== 'DISPLAY' || user.apiKey.dashboardIds.includes(id);

async function requireVisible(db: DbOrTx, user: UserWithOrg, id: string, lock = false) {
  const n = parseDashboardId(id);
  if (n !== undefined && !displayAllows(user, n)) throw Errors.notFound();
  const row = n === undefined ? undefined : await repo.findVisible(db, user.organizationId, user.id, n, lock);
  if (!row) throw Errors.notFound();
  return row;
}

/**
 * The site groups a dashboard narrows analytics to: undefined for the base dashboard (or none given) and
 * for a dashboard without groups (the caller's whole scope); 404 for a dashboard the caller cannot see.
 */
export async function dashboardGroupIds(
  db: DbOrTx,
  user: UserWithOrg,
  dashboardId: string | undefined,
): Promise<string[] | undefined> {
  if (dashboardId === undefined || dashboardId === BASE_DASHBOARD_ID) return undefined;
  const row = await requireVisible(db, user, dashboardId);
  return row.groupIds.length > 0 ? row.groupIds : undefined;
}

/** GET dashboard/all: the base dashboard first, then the caller's and the shared ones by id. */
export async function listDashboards(ctx: AppContext, user: UserWithOrg): Promise<Dashboard[]> {
  const [visible, preference] = await Promise.all([
    repo.listVisible(ctx.db, user.organizationId, user.id),
    repo.defaultDashboardOf(ctx.db, user.id),
  ]);
  const rows = visible.filter((row) => displayAllows(user, row.id));
  // A display shows its dashboards only, shared ones, in the order its administrator chose.
  if (user.apiKey?.role === 'DISPLAY') {
    const order = user.apiKey.dashboardIds;
    return rows
      .filter((row) => row.shared)
      .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
      .map((row) =>
        presentDashboard(row, { userId: user.id, editable: false, defaultId: BASE_DASHBOARD_ID }),
      );
  }
  // A default that is gone or no longer visible (deleted, unshared) falls back to the base dashboard.
  const defaultId =
    preference && rows.some((r) => String(r.id) === preference) ? preference : BASE_DASHBOARD_ID;
  return [
    {
      ...BASE_DASHBOARD,
      default: defaultId === BASE_DASHBOARD_ID,
      widgets: sortWidgets(BASE_DASHBOARD.widgets),
    },
    ...rows.map((row) => presentDashboard(row, { userId: user.id, editable: canEdit(row, user), defaultId })),
  ];
}

async function checkGroups(db: DbOrTx, user: UserWithOrg, groupIds: string[]): Promise<void> {
  if (groupIds.length === 0) return;
  if ((await repo.countUsableGroups(db, user.organizationId, groupIds)) !== groupIds.length)
    throw Errors.invalidInput(DASHBOARD_MESSAGES.foreignGroups, 'groupIds');
  const scope = await scopeOf(db, user);
  if (
    scope.restricted &&
    (await repo.countUsableGroups(db, user.organizationId, groupIds, scope)) !== groupIds.length
  )
    throw Errors.invalidInput(DASHBOARD_MESSAGES.notMemberGroups, 'groupIds');
}

/** POST dashboard/save: create (no id) or update; `default` sets or clears the caller's default. */
export async function saveDashboard(
  ctx: AppContext,
  user: UserWithOrg,
  body: SaveBody,
): Promise<DashboardSaved> {
  // Choosing which dashboard /dashboard opens is the caller's own preference: allowed on any dashboard they
  // see (the base one, someone else's shared one) when the save changes nothing else.
  const onlyDefault =
    body.default !== undefined &&
    [body.description, body.tagNames, body.groupIds, body.shared, body.icon, body.widgets].every(
      (f) => f === undefined,
    );
  if (body.id === BASE_DASHBOARD_ID) {
    if (!onlyDefault) throw new AppError(403, 'forbidden', DASHBOARD_MESSAGES.baseNotEditable);
    if (body.default) await repo.setDefaultDashboard(ctx.db, user.id, BASE_DASHBOARD_ID);
    return { id: BASE_DASHBOARD_ID, message: `${BASE_DASHBOARD.name} has been successfully updated` };
  }
  /** The fields to store: those given, else the stored ones (update) or the empty defaults (create). */
  const fieldsOf = (row?: repo.DashboardRow): repo.DashboardFields => ({
    name: body.name,
    description: body.description ?? row?.description ?? '',
    tagNames: body.tagNames ? [...new Set(body.tagNames)] : (row?.tagNames ?? []),
    groupIds: body.groupIds ? [...new Set(body.groupIds.map((g) => g.toLowerCase()))] : (row?.groupIds ?? []),
    shared: body.shared ?? row?.shared ?? false,
    icon: body.icon !== undefined ? body.icon : (row?.icon ?? null),
    widgets: body.widgets ? sortWidgets(body.widgets) : (row?.widgets ?? []),
  });
  return ctx.db.transaction(async (tx) => {
    let id: number;
    let message: string;
    if (body.id !== undefined) {
      const row = await requireVisible(tx, user, body.id, true);
      if (!canEdit(row, user)) {
        if (!onlyDefault || body.name !== row.name)
          throw new AppError(403, 'forbidden', DASHBOARD_MESSAGES.notEditable);
        if (body.default) await repo.setDefaultDashboard(tx, user.id, String(row.id));
        else await repo.resetDefaults(tx, row.id, user.id);
        return { id: String(row.id), message: `${row.name} has been successfully updated` };
      }
      const fields = fieldsOf(row);
      if (body.groupIds) await checkGroups(tx, user, fields.groupIds);
      await repo.updateDashboard(tx, row.id, fields);
      id = row.id;
      message = `${body.name} has been successfully updated`;
    } else {
      const fields = fieldsOf();
      await checkGroups(tx, user, fields.groupIds);
      if ((await repo.countOwned(tx, user.id)) >= MAX_DASHBOARDS_PER_USER)
        throw Errors.invalidInput(DASHBOARD_MESSAGES.tooMany);
      id = await repo.insertDashboard(tx, user.organizationId, user.id, fields);
      message = `${body.name} has been successfully created`;
    }
    if (body.default === true) await repo.setDefaultDashboard(tx, user.id, String(id));
    else if (body.default === false) await repo.resetDefaults(tx, id, user.id);
    return { id: String(id), message };
  });
}

/** POST dashboard/delete: the owner (or an administrator for a shared one); defaults on it fall back to vnoc. */
export async function deleteDashboard(
  ctx: AppContext,
  user: UserWithOrg,
  body: DashboardDelete,
): Promise<{ message: string }> {
  if (body.id === BASE_DASHBOARD_ID)
    throw new AppError(403, 'forbidden', DASHBOARD_MESSAGES.baseNotRemovable);
  return ctx.db.transaction(async (tx) => {
    const row = await requireVisible(tx, user, body.id, true);
    if (!canEdit(row, user)) throw new AppError(403, 'forbidden', DASHBOARD_MESSAGES.notEditable);
    await repo.deleteDashboard(tx, row.id);
    await repo.resetDefaults(tx, row.id);
    return { message: `${row.name} has been successfully removed` };
  });
}
