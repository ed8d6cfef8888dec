import { and, eq, isNotNull, like, ne } from 'drizzle-orm';
import { organizations } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export type SsoOrganization = { id: string; name: string; ssoIssuer: string; ssoClientId: string };

const ssoColumns = {
  id: organizations.id,
  name: organizations.name,
  ssoIssuer: organizations.ssoIssuer,
  ssoClientId: organizations.ssoClientId,
};

function configured(
  rows: { id: string; name: string; ssoIssuer: string | null; ssoClientId: string | null }[],
): SsoOrganization[] {
  return rows.flatMap(({ ssoIssuer, ssoClientId, ...org }) =>
    ssoIssuer && ssoClientId ? [{ ...org, ssoIssuer, ssoClientId }] : [],
  );
}

/** The organizations that sign in through `issuer` (one tenant of a provider may serve several). */
export async function findOrganizationsByIssuer(db: DbOrTx, issuer: string): Promise<SsoOrganization[]> {
  const rows = await db
    .select(ssoColumns)
    .from(organizations)
    .where(and(eq(organizations.ssoIssuer, issuer), isNotNull(organizations.ssoClientId)));
  return configured(rows);
}

/** Every configured issuer, for the console's Content-Security-Policy (the browser talks to them). */
export async function listIssuers(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ issuer: organizations.ssoIssuer })
    .from(organizations)
    .where(isNotNull(organizations.ssoIssuer));
  return rows.flatMap((r) => (r.issuer ? [r.issuer] : []));
}

/**
 * Points the organizations that use the development provider's client at its current issuer (the demo's
 * address changes with PORT); returns how many changed.
 */
export async function retargetDevIssuer(db: DbOrTx, clientId: string, issuer: string): Promise<number> {
  const rows = await db
    .update(organizations)
    .set({ ssoIssuer: issuer })
    .where(
      and(
        eq(organizations.ssoClientId, clientId),
        ne(organizations.ssoIssuer, issuer),
        like(organizations.ssoIssuer, '%/idp'),
      ),
    )
    .returning({ id: organizations.id });
  return rows.length;
}
