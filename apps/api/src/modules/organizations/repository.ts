import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  domainVerifications,
  type OrganizationContact,
  organizations,
  verifiedDomains,
} from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type PersonRow = { id: string; name: string; email: string };

export async function findOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** The organization's active administrators, by name. */
export async function listAdministrators(db: DbOrTx, organizationId: string): Promise<PersonRow[]> {
  const { rows } = await db.execute<PersonRow>(sql`
    select u.id, trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) as name, u.username as email
    from users u left join contacts c on c.user_id = u.id
    where u.organization_id = ${organizationId} and u.role = 'ADMINISTRATOR' and u.status = 'active'
    order by c.last_name, c.first_name, u.username`);
  return rows;
}

/** Which of the domains another organization has verified (issue 34: a pending claim blocks no one). */
export async function domainsOfOthers(
  db: DbOrTx,
  organizationId: string,
  domains: string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: verifiedDomains.domain })
    .from(verifiedDomains)
    .where(and(ne(verifiedDomains.organizationId, organizationId), inArray(verifiedDomains.domain, domains)))
    .orderBy(asc(verifiedDomains.domain));
  return rows.map((r) => r.domain);
}

/** The organization's verified domains. */
export async function verifiedDomainsOf(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: verifiedDomains.domain })
    .from(verifiedDomains)
    .where(eq(verifiedDomains.organizationId, organizationId));
  return rows.map((r) => r.domain);
}

/** Who holds `domain` verified, if anyone. */
export async function verifiedOwnerOf(db: DbOrTx, domain: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: verifiedDomains.organizationId })
    .from(verifiedDomains)
    .where(eq(verifiedDomains.domain, domain));
  return row?.organizationId;
}

/** A domain no longer listed: its verification and its unused codes go with it. */
export async function forgetDomains(db: DbOrTx, organizationId: string, kept: string[]): Promise<void> {
  const keptList = sql`array[${sql.join(
    kept.map((d) => sql`${d}`),
    sql`, `,
  )}]::text[]`;
  // The verified domains and the pending checks go the same way: both keyed by organization and domain.
  for (const table of [verifiedDomains, domainVerifications]) {
    await db
      .delete(table)
      .where(and(eq(table.organizationId, organizationId), sql`not (${table.domain} = any(${keptList}))`));
  }
}

/** Drops domain codes past their expiry (used or not): nothing reads them after it. Answers how many. */
export async function deleteExpiredDomainCodes(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(domainVerifications)
    .where(lt(domainVerifications.expiresAt, now))
    .returning({ id: domainVerifications.id });
  return rows.length;
}

export type NewDomainVerification = typeof domainVerifications.$inferInsert;
export type DomainVerificationRow = typeof domainVerifications.$inferSelect;

/** Stores a new code for the domain, retiring the organization's earlier unused ones for it (newest only). */
export async function insertDomainVerification(db: DbOrTx, row: NewDomainVerification): Promise<void> {
  await db
    .update(domainVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(domainVerifications.organizationId, row.organizationId),
        eq(domainVerifications.domain, row.domain),
        isNull(domainVerifications.usedAt),
      ),
    );
  await db.insert(domainVerifications).values(row);
}

/** The organization's unused code with this hash, locked for the rest of the transaction. */
export async function lockUnusedVerification(
  db: DbOrTx,
  organizationId: string,
  codeHash: string,
): Promise<DomainVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(domainVerifications)
    .where(
      and(
        eq(domainVerifications.organizationId, organizationId),
        eq(domainVerifications.codeHash, codeHash),
        isNull(domainVerifications.usedAt),
      ),
    )
    .for('update');
  return row;
}

export async function markVerificationUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(domainVerifications).set({ usedAt: at }).where(eq(domainVerifications.id, id));
}

/** Marks the domain verified for the organization; false when another organization holds it verified. */
export async function insertVerifiedDomain(
  db: DbOrTx,
  organizationId: string,
  domain: string,
  mailbox: string,
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(verifiedDomains)
    .values({ domain, organizationId, mailbox, verifiedAt: at })
    .onConflictDoNothing()
    .returning({ domain: verifiedDomains.domain });
  if (inserted.length > 0) return true;
  return (await verifiedOwnerOf(db, domain)) === organizationId;
}

/**
 * Once one organization proves a domain, the others' pending claims of it are dropped with their codes.
 * Answers the organizations whose claim was dropped.
 */
export async function dropOtherClaims(db: DbOrTx, organizationId: string, domain: string): Promise<string[]> {
  const rows = await db
    .update(organizations)
    .set({ emailDomains: sql`array_remove(${organizations.emailDomains}, ${domain})` })
    .where(and(ne(organizations.id, organizationId), sql`${domain} = any(${organizations.emailDomains})`))
    .returning({ id: organizations.id });
  await db
    .delete(domainVerifications)
    .where(
      and(ne(domainVerifications.organizationId, organizationId), eq(domainVerifications.domain, domain)),
    );
  return rows.map((r) => r.id);
}

export type OrganizationPatch = Partial<{
  name: string;
  description: string | null;
  contacts: OrganizationContact[];
  selfRegistration: boolean;
  emailDomains: string[];
  supportAccess: boolean;
  ssoIssuer: string | null;
  ssoClientId: string | null;
  ssoJwksUri: string | null;
  ssoUserinfoEndpoint: string | null;
}>;

export async function updateOrganization(
  db: DbOrTx,
  id: string,
  patch: OrganizationPatch,
): Promise<OrganizationRow | undefined> {
  if (Object.keys(patch).length === 0) return findOrganization(db, id);
  const [row] = await db.update(organizations).set(patch).where(eq(organizations.id, id)).returning();
  return row;
}

/** Locks the organization's row for the rest of the transaction (concurrent edits apply one after the other). */
export async function lockOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}
