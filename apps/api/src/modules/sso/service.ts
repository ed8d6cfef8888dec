import { createHash } from 'node:crypto';
import type { SsoApp, SsoTile } from '@vnoc/contracts';
import { audit } from '../../auth/audit.ts';
import type { SessionState, UserWithOrg } from '../../auth/session-user.ts';
import { fullSession } from '../../auth/tokens.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import {
  addressKey,
  findOrganizationByDomain,
  findUserByUsername,
  recordSignIn,
  revokeToken,
  takeAttempt,
} from '../accounts/index.ts';
import {
  bindSsoIdentity,
  findOrganizationsByIssuer,
  findUsernameBySsoIdentity,
  type SsoOrganization,
} from './repository.ts';
import { claimedIssuer, type TokenVerifier, type VerifiedToken } from './verify.ts';

/** Spec part 8's single sign-on default message; every refusal reads the same (nothing to learn from it). */
export const SSO_FAILED_MESSAGE = 'An error occurred during authentication.';

const refused = () => new AppError(401, 'unauthorized', SSO_FAILED_MESSAGE);

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The identity-provider tile for an address: the organization owning its domain, when that organization
 * signs in through a provider. By domain only, so the answer never says whether an account exists.
 */
export async function tileFor(ctx: AppContext, email: string): Promise<SsoTile | null> {
  const organization = await findOrganizationByDomain(ctx.db, domainOf(email));
  if (!organization?.ssoIssuer || !organization.ssoClientId) return null;
  return {
    organization: organization.name,
    issuer: organization.ssoIssuer,
    clientId: organization.ssoClientId,
  };
}

/** The app list of spec part 3 ("Single sign-on app list entry"), sorted by sortOrder. */
export function ssoApps(ctx: AppContext): SsoApp[] {
  return [...ctx.config.sso.apps].sort((a, b) => a.sortOrder - b.sortOrder);
}

export type SsoGrant = { user: UserWithOrg; session: SessionState; apps: SsoApp[] };

/**
 * GET /api/ps/access/okta: the identity provider's access token for a full vNOC session. The token must
 * verify against the keys of an organization's provider (issuer and audience = its client id), name an
 * active user of that organization (by the provider identity bound at their first sign-in, else by a
 * verified email, which binds it), and be used once. Failures count toward the address's
 * sign-in lockout, like a wrong password.
 */
export async function exchangeProviderToken(
  ctx: AppContext,
  verifier: TokenVerifier,
  token: string | undefined,
  meta: RequestMeta,
): Promise<SsoGrant> {
  const attempt = await takeAttempt(ctx.db, [addressKey(meta.ip)]);
  if (attempt.locked) {
    await audit(ctx.db, { action: 'sso.locked', meta });
    throw Errors.locked();
  }
  // The attempt counts as a failure until it succeeds.
  const refuse = async (reason: string, user?: UserWithOrg, target?: string) => {
    await audit(ctx.db, { action: 'sso.failure', user, target, detail: { reason }, meta });
    return refused();
  };
  if (!token) throw await refuse('no_token');
  const issuer = claimedIssuer(token);
  // A token whose issuer no organization configured is refused before anything is fetched; the ones that
  // match are checked against their organization's stored, vetted keys only.
  const candidates = issuer ? await findOrganizationsByIssuer(ctx.db, issuer) : [];
  if (candidates.length === 0) throw await refuse('unknown_issuer');
  // Several organizations may share a provider (and even a client): the token must verify for the person's.
  let verified: VerifiedToken | undefined;
  let verifiedBy: string | undefined;
  // Organizations with the same client and vetted endpoints verify a token alike: checked once.
  const providerOf = (c: SsoOrganization) =>
    [c.ssoClientId, c.ssoJwksUri, c.ssoUserinfoEndpoint].join('\u0000');
  const providers = new Map(candidates.map((c) => [providerOf(c), c]));
  const expectedBy = (c: SsoOrganization) => ({
    issuer: c.ssoIssuer,
    clientId: c.ssoClientId,
    audiences: ctx.config.sso.audiences,
    jwksUri: c.ssoJwksUri,
    userinfoEndpoint: c.ssoUserinfoEndpoint,
  });
  for (const [key, candidate] of providers) {
    verified = await verifier.verify(token, expectedBy(candidate));
    if (verified) {
      verifiedBy = key;
      break;
    }
  }
  if (!verified || !verifiedBy) throw await refuse('invalid_token');
  const { email, claims } = verified;
  const subject = claims.sub as string;
  // The person bound to this provider identity on an earlier sign-in; else, the first time, the one whose
  // address the provider verified (a missing email_verified is not a verification).
  const bound = await findUsernameBySsoIdentity(ctx.db, issuer as string, subject);
  if (!bound && !email) throw await refuse('no_email');
  const user = await findUserByUsername(ctx.db, (bound ?? email) as string);
  let organization = candidates.find((c) => c.id === user?.organizationId);
  // The token must also verify with the person's own organization's client and the endpoints its
  // administrator's save vetted (not only another organization's of the same issuer).
  if (organization && providerOf(organization) !== verifiedBy) {
    if (!(await verifier.verify(token, expectedBy(organization)))) organization = undefined;
  }
  // Another organization's person is not signed in through this organization's provider.
  if (!user || !organization) throw await refuse('unknown_user', undefined, bound ?? email);
  if (user.status !== 'active') throw await refuse(`user_${user.status}`, user, user.username);
  if (!bound && !(await bindSsoIdentity(ctx.db, user.id, organization.ssoIssuer, subject)))
    throw await refuse('other_subject', user, user.username);
  // One session per provider token: a copied token cannot open more.
  const used = createHash('sha256')
    .update(`${organization.ssoIssuer}\u0000${claims.jti ?? token}`)
    .digest('hex');
  const expires = new Date((claims.exp ?? Math.floor(Date.now() / 1000) + 3600) * 1000);
  if (!(await revokeToken(ctx.db, `sso:${used}`, expires)))
    throw await refuse('token_reused', user, user.username);
  await attempt.succeeded();
  await recordSignIn(ctx.db, user.id);
  await audit(ctx.db, {
    action: 'sso.success',
    user,
    target: user.username,
    detail: { issuer: organization.ssoIssuer },
    meta,
  });
  return {
    user,
    // The provider proved the person and the address; vNOC's own password and factors are not involved.
    session: fullSession(),
    apps: ssoApps(ctx),
  };
}
