import type { AdminUserSortField, UserStatus } from '@vnoc/contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { siteGroups, userSiteGroups, users, verificationCodes } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { personName } from '../../sql/names.ts';
import { pageOf, sortDirection } from '../../sql/paging.ts';
import { containsPattern } from '../../sql/text.ts';
import { insertCode } from './repository-security.ts';

/**
 * The stored password of a person an administrator created who has not chosen one yet: not an argon2
 * hash, so no password ever verifies against it.
 */
export const NO_PASSWORD = '!invited';

export type AdminUserRow = {
  id: string;
  username: string;
  role: 'ADMINISTRATOR' | 'USER' | 'READ_ONLY' | 'SUPPORT';
  status: UserStatus;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  invitation_pending: boolean;
  mfa_app: boolean;
  mfa_sms: boolean;
  mfa_voice: boolean;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  site_groups: { id: string; name: string }[];
};

const SORT: Record<AdminUserSortField, SQL> = {
  name: sql`lower(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, ''))`,
  email: sql`u.username`,
  role: sql`u.role`,
  status: sql`u.status`,
  lastSignInAt: sql`u.last_sign_in_at`,
  createdAt: sql`u.created_at`,
};

const columns = sql`u.id, u.username, u.role, u.status, c.first_name, c.last_name, c.mobile_number,
  (u.password_hash = ${NO_PASSWORD}) as invitation_pending, u.mfa_app, u.mfa_sms, u.mfa_voice,
  u.last_sign_in_at, u.created_at,
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
    from user_site_groups ug join site_groups g on g.id = ug.site_group_id
    where ug.user_id = u.id), '[]'::json) as site_groups`;
const from = sql`users u left join contacts c on c.user_id = u.id`;

export type AdminUserFilter = {
  organizationId: string;
  q?: string;
  status?: UserStatus;
  sort: { field: AdminUserSortField; desc: boolean };
  page: number;
  pageSize: number;
};

/** One page of an organization's people (SUPPORT staff are the provider's, never listed). */
export function listAdminUsers(db: DbOrTx, filter: AdminUserFilter) {
  const conditions: SQL[] = [sql`u.organization_id = ${filter.organizationId}`, sql`u.role <> 'SUPPORT'`];
  if (filter.status) conditions.push(sql`u.status = ${filter.status}`);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(sql`(u.username ilike ${pattern}
      or (coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ilike ${pattern}
      or (coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, '')) ilike ${pattern})`);
  }
  return pageOf<AdminUserRow>(db, {
    columns,
    from,
    where: sql.join(conditions, sql` and `),
    orderBy: sql`${SORT[filter.sort.field]} ${sortDirection(filter.sort.desc)}, u.username asc`,
    page: filter.page,
    pageSize: filter.pageSize,
  });
}

/** One person of the organization (not SUPPORT), or undefined. */
export async function findAdminUser(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<AdminUserRow | undefined> {
  const result = await db.execute<AdminUserRow>(sql`select ${columns} from ${from}
    where u.id = ${id} and u.organization_id = ${organizationId} and u.role <> 'SUPPORT'`);
  return result.rows[0];
}

/** How many of `ids` are site groups of the organization. */
export async function countOwnGroups(db: DbOrTx, organizationId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(siteGroups)
    .where(and(eq(siteGroups.organizationId, organizationId), inArray(siteGroups.id, ids)));
  return row?.n ?? 0;
}

export async function replaceUserGroups(db: DbOrTx, userId: string, groupIds: string[]): Promise<void> {
  await db.delete(userSiteGroups).where(eq(userSiteGroups.userId, userId));
  if (groupIds.length > 0)
    await db.insert(userSiteGroups).values(groupIds.map((siteGroupId) => ({ userId, siteGroupId })));
}

/** The organization's active administrators: those who may approve, demote and be told. */
function activeAdminsOf(organizationId: string) {
  return and(
    eq(users.organizationId, organizationId),
    eq(users.role, 'ADMINISTRATOR'),
    eq(users.status, 'active'),
  );
}

/**
 * Locks the organization's active administrators (so two concurrent demotions cannot both pass) and
 * counts those other than `exceptId`.
 */
export async function lockOtherActiveAdmins(
  db: DbOrTx,
  organizationId: string,
  exceptId: string,
): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(activeAdminsOf(organizationId))
    .for('update');
  return rows.filter((r) => r.id !== exceptId).length;
}

/** Active administrators of an organization: who is told about a registration waiting for approval. */
export function listActiveAdmins(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(activeAdminsOf(organizationId));
}

export type NamedPerson = { id: string; username: string; name: string; language: string | null };

/** People by id with their display name and `language` preference (to name them, and to write to them). */
export async function findNamedPeople(db: DbOrTx, ids: readonly string[]): Promise<NamedPerson[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<NamedPerson>(sql`
    select u.id, u.username, ${personName()} as name,
      (select p.value from user_preferences p where p.user_id = u.id and p.name = 'language'
        order by p.id limit 1) as language
    from users u left join contacts c on c.user_id = u.id
    where u.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rows;
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The sign-in time of a user (the access module calls it on every successful sign-in). */
export async function recordSignIn(db: DbOrTx, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

export const INVITATION_PURPOSE = 'invitation';

/** Stores an invitation (by its hash) and retires the person's earlier unused ones. */
export async function insertInvitation(
  db: DbOrTx,
  invitation: { userId: string; destination: string; codeHash: string; expiresAt: Date },
): Promise<string> {
  return insertCode(db, { ...invitation, purpose: INVITATION_PURPOSE });
}

/** An invitation by its id, locked for the transaction that uses it. */
export async function findInvitation(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, INVITATION_PURPOSE), eq(verificationCodes.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function markCodeUsed(db: DbOrTx, id: string): Promise<void> {
  await db.update(verificationCodes).set({ usedAt: new Date() }).where(eq(verificationCodes.id, id));
}

/** Retires a person's unused invitations (e.g. once they chose a password or were removed). */
export async function retireInvitations(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, INVITATION_PURPOSE),
        sql`${verificationCodes.usedAt} is null`,
      ),
    );
}
