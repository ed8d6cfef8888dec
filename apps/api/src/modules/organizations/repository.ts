import { eq, sql } from 'drizzle-orm';
import { type OrganizationContact, organizations } from '../../db/schema.ts';
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

/** Which of the domains another organization already lists (a domain decides where people register). */
export async function domainsOfOthers(
  db: DbOrTx,
  organizationId: string,
  domains: string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const list = sql`array[${sql.join(
    domains.map((d) => sql`${d}`),
    sql`, `,
  )}]::text[]`;
  const { rows } = await db.execute<{ domain: string }>(sql`
    select distinct d as domain from organizations o, unnest(o.email_domains) d
    where o.id <> ${organizationId} and d = any(${list})
    order by d`);
  return rows.map((r) => r.domain);
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
