import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { isSealed, type SeedBox } from '../../auth/seed-box.ts';
import type { OrganizationRow, UserRow, UserWithOrg } from '../../auth/session-user.ts';
import {
  contacts,
  organizations,
  siteGroups,
  userPreferences,
  userSiteGroups,
  users,
  verifiedDomains,
} from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export type ContactRow = typeof contacts.$inferSelect;

async function findUserWhere(db: DbOrTx, where: ReturnType<typeof eq>): Promise<UserWithOrg | undefined> {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .limit(1);
  return row ? { ...row.user, organization: row.organization } : undefined;
}

export function findUserByUsername(db: DbOrTx, username: string) {
  return findUserWhere(db, eq(users.username, username.toLowerCase()));
}

export function findUserById(db: DbOrTx, id: string) {
  return findUserWhere(db, eq(users.id, id));
}

/** Whether the account exists and is active now (not waiting for approval, not deactivated): who may be sent anything. */
export async function isActiveUser(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .limit(1);
  return row !== undefined;
}

/**
 * The organization that lists `domain` and has proven it (issue 34): a pending claim decides nothing, and
 * at most one organization holds a domain verified (the primary key of verified_domains).
 */
export async function findOrganizationByDomain(
  db: DbOrTx,
  domain: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select({ organization: organizations })
    .from(verifiedDomains)
    .innerJoin(organizations, eq(organizations.id, verifiedDomains.organizationId))
    .where(
      and(
        eq(verifiedDomains.domain, domain.toLowerCase()),
        sql`${verifiedDomains.domain} = any(${organizations.emailDomains})`,
      ),
    )
    .limit(1);
  return row?.organization;
}

export type NewUser = typeof users.$inferInsert;
export type NewContact = Omit<typeof contacts.$inferInsert, 'userId'>;

export async function insertUser(db: DbOrTx, user: NewUser, contact: NewContact): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert users returned nothing');
  await db.insert(contacts).values({ ...contact, userId: row.id });
  return row;
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<NewUser>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

/** Records `step` as the last used TOTP step unless it (or a later one) was used already; false = replay. */
export async function claimTotpStep(db: DbOrTx, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ lastTotpStep: step })
    .where(and(eq(users.id, id), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function findContact(db: DbOrTx, userId: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.userId, userId));
  return row;
}

export async function upsertContact(db: DbOrTx, userId: string, contact: NewContact): Promise<void> {
  await db
    .insert(contacts)
    .values({ ...contact, userId })
    .onConflictDoUpdate({ target: contacts.userId, set: contact });
}

export async function updateContact(db: DbOrTx, userId: string, patch: Partial<NewContact>): Promise<void> {
  await db.update(contacts).set(patch).where(eq(contacts.userId, userId));
}

/** The person's `language` preference value, if any. */
export async function findLanguage(db: DbOrTx, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ value: string }>(
    sql`select value from user_preferences where user_id = ${userId} and name = 'language' order by id limit 1`,
  );
  return rows[0]?.value ?? null;
}

export function listPreferences(db: DbOrTx, userId: string) {
  return db
    .select({ id: userPreferences.id, name: userPreferences.name, value: userPreferences.value })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .orderBy(asc(userPreferences.id));
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  items: { name: string; value: string }[],
) {
  // One row per name: the last item for a name in one request wins.
  const byName = new Map(items.map((i) => [i.name, i.value]));
  await db
    .insert(userPreferences)
    .values([...byName].map(([name, value]) => ({ userId, name, value })))
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.name],
      set: { value: sql`excluded.value` },
    });
}

export function listUserSiteGroups(db: DbOrTx, userId: string) {
  return db
    .select({ id: siteGroups.id, name: siteGroups.name })
    .from(userSiteGroups)
    .innerJoin(siteGroups, eq(siteGroups.id, userSiteGroups.siteGroupId))
    .where(eq(userSiteGroups.userId, userId))
    .orderBy(asc(siteGroups.name));
}

/** Other users of the organization (what an ADMINISTRATOR manages). */
export function listOrganizationUsers(db: DbOrTx, organizationId: string, exceptUserId: string) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), ne(users.id, exceptUserId)))
    .orderBy(asc(users.username));
}

/**
 * Seals the authenticator seeds still stored in plaintext (written before seeds were encrypted, issue 11);
 * answers how many people's seeds it sealed. Run at start-up; idempotent.
 */
export async function sealPlaintextSeeds(db: DbOrTx, box: SeedBox): Promise<number> {
  const rows = await db
    .select({ id: users.id, appSecret: users.appSecret, appSecretPending: users.appSecretPending })
    .from(users)
    .where(
      sql`(${users.appSecret} is not null and ${users.appSecret} not like 'v1.%')
          or (${users.appSecretPending} is not null and ${users.appSecretPending} not like 'v1.%')`,
    );
  for (const row of rows) {
    const seal = (value: string | null) =>
      value === null || isSealed(value) ? value : box.seal(row.id, value);
    await db
      .update(users)
      .set({ appSecret: seal(row.appSecret), appSecretPending: seal(row.appSecretPending) })
      .where(eq(users.id, row.id));
  }
  return rows.length;
}
