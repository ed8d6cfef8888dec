import type { MaintenanceRequest, MaintenanceWindow } from '@vnoc/contracts';
import { actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { countGroupsInScope, countSitesInScope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { present } from './present.ts';
import * as repo from './repository.ts';

export async function listWindows(
  ctx: AppContext,
  user: UserWithOrg,
  query: { state: 'current' | 'ended'; siteId?: string },
  now = new Date(),
): Promise<MaintenanceWindow[]> {
  const scope = await scopeOf(ctx.db, user);
  const rows = await repo.listWindows(ctx.db, scope, {
    ended: query.state === 'ended',
    siteId: query.siteId,
    now,
  });
  return rows.map((r) => present(r, now));
}

/** Schedules a window on sites and/or a group the caller sees; anything else is 400 with nothing written. */
export async function createWindow(
  ctx: AppContext,
  auth: AuthContext,
  body: MaintenanceRequest,
  meta: RequestMeta,
  now = new Date(),
): Promise<MaintenanceWindow> {
  const scope = await scopeOf(ctx.db, auth.user);
  if (Date.parse(body.endsAt) <= now.getTime())
    throw Errors.invalidInput('The window must end in the future.', 'endsAt');
  const siteIds = [...new Set(body.siteIds)];
  if ((await countSitesInScope(ctx.db, scope, siteIds)) !== siteIds.length)
    throw Errors.invalidInput('Choose sites of your organization.', 'siteIds');
  if (body.groupId && (await countGroupsInScope(ctx.db, scope, [body.groupId])) !== 1)
    throw Errors.invalidInput('Choose a group of your organization.', 'groupId');
  const id = await repo.insertWindow(ctx.db, {
    organizationId: auth.user.organizationId,
    groupId: body.groupId,
    reason: body.reason,
    startsAt: new Date(body.startsAt).toISOString(),
    endsAt: new Date(body.endsAt).toISOString(),
    createdBy: auth.user.id,
    siteIds,
  });
  await audit(ctx.db, {
    action: 'maintenance.create',
    ...actorOf(auth, meta),
    target: id,
    detail: { sites: siteIds.length, groupId: body.groupId, startsAt: body.startsAt, endsAt: body.endsAt },
  });
  const row = await repo.findWindow(ctx.db, scope, id);
  if (!row) throw new Error('the new window is not readable');
  return present(row, now);
}

export async function endWindow(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<MaintenanceWindow> {
  const scope = await scopeOf(ctx.db, auth.user);
  if (!isUuid(id) || !(await repo.endWindow(ctx.db, scope, id, now))) throw Errors.notFound();
  await audit(ctx.db, {
    action: 'maintenance.end',
    ...actorOf(auth, meta),
    target: id,
  });
  const row = await repo.findWindow(ctx.db, scope, id);
  if (!row) throw Errors.notFound();
  return present(row, now);
}
