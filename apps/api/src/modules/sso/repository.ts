import { and, eq, isNotNull, isNull, like, ne, or } from 'drizzle-orm';
import { organizations, users } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';

export type SsoOrganization = {
  id: string;
  name: string;
  ssoIssuer: string;
  ssoClientId: string;
  /** Vetted when the issuer was saved; null for an issuer saved before discovery moved there. */
  ssoJwksUri: string | null;
  ssoUserinfoEndpoint: string | null;
};

const ssoColumns = {
  id: organizations.id,
  name: organizations.name,
  ssoIssuer: organizations.ssoIssuer,
  ssoClientId: organizations.ssoClientId,
  ssoJwksUri: organizations.ssoJwksUri,
  ssoUserinfoEndpoint: organizations.ssoUserinfoEndpoint,
};

function configured(
  rows: (Omit<SsoOrganization, 'ssoIssuer' | 'ssoClientId'> & {
    ssoIssuer: string | null;
    ssoClientId: string | null;
  })[],
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

/** The username of the person bound to a provider identity (issuer, subject), if any. */
export async function findUsernameBySsoIdentity(
  db: DbOrTx,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)))
    .limit(1);
  return row?.username;
}

/**
 * Binds the person to the provider identity on their first sign-in through it (or through a new issuer of
 * their organization); false when they are already bound to another subject of this issuer.
 */
export async function bindSsoIdentity(
  db: DbOrTx,
  userId: string,
  issuer: string,
  subject: string,
): Promise<boolean> {
  try {
    const rows = await db
      .update(users)
      .set({ ssoIssuer: issuer, ssoSubject: subject })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.ssoIssuer), ne(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  } catch (error) {
    // Another person was bound to this identity meanwhile (users_sso_identity_key).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Organizations whose issuer was saved before discovery moved to the save: no vetted endpoints yet. */
export async function findUnvettedIssuers(db: DbOrTx): Promise<{ id: string; ssoIssuer: string }[]> {
  const rows = await db
    .select({ id: organizations.id, ssoIssuer: organizations.ssoIssuer })
    .from(organizations)
    .where(
      and(
        isNotNull(organizations.ssoIssuer),
        isNotNull(organizations.ssoClientId),
        isNull(organizations.ssoJwksUri),
      ),
    );
  return rows.flatMap((r) => (r.ssoIssuer ? [{ id: r.id, ssoIssuer: r.ssoIssuer }] : []));
}

/** Stores what discovery vetted, if the organization still has the issuer it was discovered for. */
export async function storeVettedEndpoints(
  db: DbOrTx,
  id: string,
  savedIssuer: string,
  endpoints: { issuer: string; jwksUri: string; userinfoEndpoint: string | null },
): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({
      ssoIssuer: endpoints.issuer,
      ssoJwksUri: endpoints.jwksUri,
      ssoUserinfoEndpoint: endpoints.userinfoEndpoint,
    })
    .where(and(eq(organizations.id, id), eq(organizations.ssoIssuer, savedIssuer)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}
