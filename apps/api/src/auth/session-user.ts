import { type ApiKeyRole, type Entitlement, EntitlementSchema } from '@vnoc/contracts';
import { eq, sql } from 'drizzle-orm';
import { organizations, revokedTokens, users } from '../db/schema.ts';
import type { DbOrTx } from '../plugins/db.ts';
import type { ClaimsBody } from './tokens.ts';

// The signed-in person as every request sees it: the auth plugin loads it, the SQL scope and every module
// read it, so its shape and its one lookup live in the core rather than in the accounts module.

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
/**
 * The API key a call is made with (issue 38): the caller is then the key's maker (for what the database
 * records as a person's) with the key's role; the SQL scope takes the key's site groups, and a display
 * (issue 37) reads only its dashboards.
 */
export type ApiKeyPrincipal = {
  id: string;
  name: string;
  role: ApiKeyRole;
  groupIds: string[];
  dashboardIds: number[];
  cycleSeconds: number;
};
export type UserWithOrg = UserRow & { organization: OrganizationRow; apiKey?: ApiKeyPrincipal };

/** The token was revoked (signed out, or renewed and past its grace). */
const tokenRevoked = (jti: string) => sql<boolean>`exists (select 1 from ${revokedTokens}
  where ${revokedTokens.jti} = ${jti} and ${revokedTokens.effectiveAt} <= now())`;

/**
 * The session the token began was ended: following its renewals (renewed_to), a token of the chain was
 * revoked otherwise than by being renewed (a sign-out). A renewal keeps the session open.
 */
const chainEnded = (jti: string) => sql<boolean>`exists (
  with recursive chain(jti, depth) as (
    select ${jti}::text, 0
    union all
    select r.renewed_to, c.depth + 1 from chain c join ${revokedTokens} r on r.jti = c.jti
    where r.renewed_to is not null and c.depth < 100)
  select 1 from chain c join ${revokedTokens} r on r.jti = c.jti
  where r.renewed_to is null and r.effective_at <= now())`;

/**
 * An impersonation is over (issue 34): its record (the exchanged access code's row, which links to the
 * support person's session) is gone, or that session, followed through its renewals, was signed out.
 */
const impersonationEnded = (record: string) => sql<boolean>`(not exists (select 1 from ${revokedTokens}
  where ${revokedTokens.jti} = ${record} and ${revokedTokens.renewedTo} is not null) or ${chainEnded(record)})`;

/**
 * The person signed in with the token `jti`, and whether it is revoked; with `impersonation`, `jti` is an
 * impersonation's record (claim `impersonatorSession`) and `revoked` says whether the impersonation is over
 * (the support person behind it is the one looked up). One round trip: every authenticated call asks both.
 */
export async function findSessionUser(
  db: DbOrTx,
  username: string,
  jti: string,
  options: { impersonation?: boolean } = {},
): Promise<{ user: UserWithOrg; revoked: boolean } | undefined> {
  const [row] = await db
    .select({
      user: users,
      organization: organizations,
      revoked: options.impersonation ? impersonationEnded(jti) : tokenRevoked(jti),
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.username, username.toLowerCase()))
    .limit(1);
  return row ? { user: { ...row.user, organization: row.organization }, revoked: row.revoked } : undefined;
}

export type SessionState = {
  isMfaValidated: boolean;
  isCredExpired: boolean;
  /** Defaults to what the user record says. */
  isEmailValidated?: boolean;
  impersonatedBy?: string;
  impersonatorSession?: string;
  impersonationEnds?: number;
  /** The absolute end of the sign-in (issue 11: 12 h after it began); carried across renewals. */
  sessionEnds?: number;
  /** When the person last re-authenticated in this session (issue 34), in seconds since the epoch. */
  reauthenticatedAt?: number;
};

export function presentEntitlements(org: OrganizationRow): Entitlement[] {
  return org.entitlements.filter((e): e is Entitlement => EntitlementSchema.safeParse(e).success);
}

/** Claims of spec part 3 for a user: enrolment from the record, validation state from the session. */
export function presentClaims(user: UserWithOrg, session: SessionState): ClaimsBody {
  return {
    sub: user.username,
    isMfaEnrolled: user.mfaApp || user.mfaSms || user.mfaVoice,
    isMfaAppEnrolled: user.mfaApp,
    isMfaMobileEnrolled: user.mfaSms,
    isMfaVoiceEnrolled: user.mfaVoice,
    userSmsNumber: user.mfaSms ? user.smsNumber : null,
    userVoiceNumber: user.mfaVoice ? user.voiceNumber : null,
    isCredExpired: session.isCredExpired,
    isMfaValidated: session.isMfaValidated,
    isEmailValidated: session.isEmailValidated ?? user.emailValidated,
    role: user.role,
    entitlements: presentEntitlements(user.organization),
    ...(session.sessionEnds !== undefined ? { sessionEnds: session.sessionEnds } : {}),
    ...(session.reauthenticatedAt !== undefined ? { reauthenticatedAt: session.reauthenticatedAt } : {}),
    ...(session.impersonatedBy
      ? {
          impersonatedBy: session.impersonatedBy,
          impersonatorSession: session.impersonatorSession,
          impersonationEnds: session.impersonationEnds,
        }
      : {}),
  };
}
