import type { AssignSitesRequest, CreateGroupRequest, EditGroupRequest, Group } from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import { scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { presentGroup } from './present.ts';
import * as repo from './repository.ts';

const NAME_TAKEN = 'A group with this name already exists.';
const FOREIGN_SITES = 'Some of these sites do not belong to your organization.';

export async function listGroups(ctx: AppContext, user: UserWithOrg): Promise<Group[]> {
  return (await repo.listGroups(ctx.db, await scopeOf(ctx.db, user))).map(presentGroup);
}

async function requireOwnSites(db: DbOrTx, organizationId: string, siteIds: string[]): Promise<string[]> {
  const unique = [...new Set(siteIds.map((s) => s.toLowerCase()))];
  if ((await repo.countOwnSites(db, organizationId, unique)) !== unique.length)
    throw Errors.invalidInput(FOREIGN_SITES, 'siteIds');
  return unique;
}

async function requireGroup(db: DbOrTx, organizationId: string, id: string) {
  if (!isUuid(id)) throw Errors.notFound();
  const group = await repo.findGroup(db, organizationId, id);
  if (!group) throw Errors.notFound();
  return group;
}

const conflict = () => new AppError(409, 'conflict', NAME_TAKEN, [{ path: 'name', message: NAME_TAKEN }]);

/** A concurrent create or rename of the same name loses at the unique index: answer 409, not 500. */
function uniqueViolationAsConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict();
  throw error;
}

/**
 * Runs a create or rename in the user's organization (which answers the group's id) in one transaction and
 * answers the group as it then stands; a name a concurrent change took first is 409 like one found taken.
 */
function saveNamedGroup(
  ctx: AppContext,
  user: UserWithOrg,
  write: (tx: DbOrTx, org: string) => Promise<string>,
): Promise<Group> {
  const org = user.organizationId;
  return ctx.db
    .transaction(async (tx) => presentGroup(await requireGroup(tx, org, await write(tx, org))))
    .catch(uniqueViolationAsConflict);
}

export async function createGroup(
  ctx: AppContext,
  user: UserWithOrg,
  body: CreateGroupRequest,
): Promise<Group> {
  return saveNamedGroup(ctx, user, async (tx, org) => {
    const siteIds = await requireOwnSites(tx, org, body.siteIds ?? []);
    if (await repo.nameTaken(tx, org, body.name)) throw conflict();
    const id = await repo.insertGroup(tx, org, body.name);
    await repo.replaceGroupSites(tx, id, siteIds);
    return id;
  });
}

export async function editGroup(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  body: EditGroupRequest,
): Promise<Group> {
  return saveNamedGroup(ctx, user, async (tx, org) => {
    await requireGroup(tx, org, id);
    if (await repo.nameTaken(tx, org, body.name, id)) throw conflict();
    await repo.renameGroup(tx, id, body.name);
    return id;
  });
}

export async function assignSites(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  body: AssignSitesRequest,
): Promise<Group> {
  const org = user.organizationId;
  return ctx.db.transaction(async (tx) => {
    await requireGroup(tx, org, id);
    const siteIds = await requireOwnSites(tx, org, body.siteIds);
    await repo.replaceGroupSites(tx, id, siteIds);
    return presentGroup(await requireGroup(tx, org, id));
  });
}

export async function deleteGroup(ctx: AppContext, user: UserWithOrg, id: string): Promise<void> {
  await requireGroup(ctx.db, user.organizationId, id);
  await repo.deleteGroup(ctx.db, id);
}
