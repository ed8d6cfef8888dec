import type { Claims, LoginRequest, ReauthenticateRequest, RegisterRequest } from '@vnoc/contracts';
import { audit, insertAudit } from '../../auth/audit.ts';
import { hashNewPassword, verifyPassword } from '../../auth/passwords.ts';
import {
  findSessionUser,
  type OrganizationRow,
  type SessionState,
  type UserWithOrg,
} from '../../auth/session-user.ts';
import {
  fullSession,
  IMPERSONATION_SECONDS,
  newSessionEnds,
  SESSION_MAX_SECONDS,
} from '../../auth/tokens.ts';
import { matchTotp } from '../../auth/totp.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { clientKeyOf } from '../../plugins/client-address.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import {
  claimTotpStep,
  findOrganizationByDomain,
  findUserByUsername,
  insertUser,
  updateUser,
} from './repository.ts';
import { listActiveAdmins, NO_PASSWORD, recordSignIn } from './repository-admin.ts';
import {
  countRegistrationNotices,
  deletePendingBefore,
  lockRegistrationNotices,
  REGISTRATION_NOTICE_ACTION,
} from './repository-registration.ts';
import { clearFailures, revokeNow, revokeToken } from './repository-security.ts';
import {
  accountKey,
  addressKey,
  consumeCode,
  lockedError,
  sendCode,
  takeAttempt,
  totpKey,
} from './service-security.ts';
import { requireSupportAccess, tellAdministrators } from './service-support-access.ts';

/** A user and the session state a new token must carry; the route signs it. */
export type TokenGrant = { user: UserWithOrg; session: SessionState };

/** How long a renewed token keeps working: for requests already sent with it and other tabs to catch up. */
export const RENEWED_TOKEN_GRACE_SECONDS = 30;

/** The session state a token carries forward into the next one. */
export function carrySession(claims: Claims, patch: Partial<SessionState> = {}): SessionState {
  return {
    isEmailValidated: claims.isEmailValidated,
    isMfaValidated: claims.isMfaValidated,
    isCredExpired: claims.isCredExpired,
    impersonatedBy: claims.impersonatedBy,
    impersonatorSession: claims.impersonatorSession,
    impersonationEnds: claims.impersonationEnds,
    sessionEnds: claims.sessionEnds,
    reauthenticatedAt: claims.reauthenticatedAt,
    ...patch,
  };
}

export async function login(ctx: AppContext, body: LoginRequest, meta: RequestMeta): Promise<TokenGrant> {
  const account = accountKey(body.username);
  const attempt = await takeAttempt(ctx.db, [account, addressKey(meta.ip)]);
  if (attempt.locked) {
    await audit(ctx.db, { action: 'login.locked', target: body.username, meta });
    throw Errors.locked();
  }
  const user = await findUserByUsername(ctx.db, body.username);
  if (!(await verifyPassword(user?.passwordHash, body.password))) {
    // The attempt already counts as a failure.
    await audit(ctx.db, { action: 'login.failure', user, target: body.username, meta });
    if (attempt.reachesLimit(account)) {
      await audit(ctx.db, { action: 'login.lockout', user, target: body.username, meta });
    }
    throw Errors.invalidCredentials();
  }
  // verifyPassword only succeeds with a stored hash, so the user exists here.
  if (!user) throw Errors.invalidCredentials();
  await attempt.succeeded();
  await clearFailures(ctx.db, account.key);
  // Only after the right password: the refusal says nothing to someone who does not know it.
  if (user.status !== 'active') {
    await audit(ctx.db, { action: `login.${user.status}`, user, target: user.username, meta });
    throw user.status === 'pending' ? Errors.accountPending() : Errors.accountDeactivated();
  }
  await recordSignIn(ctx.db, user.id);
  await audit(ctx.db, { action: 'login.success', user, target: user.username, meta });
  return {
    user,
    session: { isMfaValidated: false, isCredExpired: user.credExpired, sessionEnds: newSessionEnds() },
  };
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Registration is open to anyone, so its notices to administrators are bounded, or it would relay mail:
 * at most {@link REGISTRATION_NOTICES_PER_ORGANIZATION} registrations an hour notify one organization's
 * administrators (a burst of genuine sign-ups still shows in Administration → Users), and at most
 * {@link REGISTRATION_NOTICES_PER_CLIENT} an hour from one client address (an IPv6 client by its /64), whatever
 * the organization. Beyond either, the registration still works and waits for approval, but no email goes
 * until the hour (a sliding window) has room again.
 */
export const REGISTRATION_NOTICES_PER_ORGANIZATION = 10;
export const REGISTRATION_NOTICES_PER_CLIENT = 5;
export const REGISTRATION_NOTICE_WINDOW_MS = 60 * 60_000;

/**
 * The active administrators to tell about a registration, or none once a limit is reached; a notice that
 * goes is recorded in the activity log (which the limits count), under a lock so two at once cannot both
 * take the last place.
 */
async function takeRegistrationNotice(
  ctx: AppContext,
  organizationId: string,
  username: string,
  meta: RequestMeta,
): Promise<{ id: string; username: string }[]> {
  const now = ctx.now();
  const client = clientKeyOf(meta.ip);
  return ctx.db.transaction(async (tx) => {
    await lockRegistrationNotices(tx);
    const since = new Date(now.getTime() - REGISTRATION_NOTICE_WINDOW_MS);
    const sent = await countRegistrationNotices(tx, organizationId, client, since);
    if (
      sent.organization >= REGISTRATION_NOTICES_PER_ORGANIZATION ||
      sent.address >= REGISTRATION_NOTICES_PER_CLIENT
    ) {
      await insertAudit(tx, {
        at: now,
        action: 'register.notice_held',
        organizationId,
        target: username,
        ip: meta.ip,
      });
      return [];
    }
    const admins = await listActiveAdmins(tx, organizationId);
    await insertAudit(tx, {
      at: now,
      action: REGISTRATION_NOTICE_ACTION,
      organizationId,
      target: username,
      detail: { client, administrators: admins.length },
      ip: meta.ip,
    });
    return admins;
  });
}

/**
 * Self-registration (ARCHITECTURE.md): only into an organization that allows it for the address's domain,
 * as a READ_ONLY account waiting for an administrator's approval; the organization's active administrators
 * are told by email, within the limits above. No token: the person signs in once approved (and then proves
 * the address).
 */
export async function register(ctx: AppContext, body: RegisterRequest, meta: RequestMeta): Promise<void> {
  if (await findUserByUsername(ctx.db, body.username)) throw Errors.alreadyRegistered();
  const organization = await findOrganizationByDomain(ctx.db, domainOf(body.username));
  if (!organization) throw Errors.noOrganization();
  if (!organization.selfRegistration) {
    await insertAudit(ctx.db, {
      action: 'register.refused',
      organizationId: organization.id,
      target: body.username,
      ip: meta.ip,
    });
    throw Errors.registrationClosed();
  }
  const passwordHash = await hashNewPassword(body.password);
  let user: UserWithOrg;
  try {
    const row = await ctx.db.transaction((tx) =>
      insertUser(
        tx,
        {
          organizationId: organization.id,
          username: body.username,
          passwordHash,
          role: 'READ_ONLY',
          status: 'pending',
        },
        { firstName: body.firstName, lastName: body.lastName, emailAddress: body.username },
      ),
    );
    user = { ...row, organization };
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw Errors.alreadyRegistered();
    throw error;
  }
  await audit(ctx.db, { action: 'register', user, target: user.username, meta });
  const admins = await takeRegistrationNotice(ctx, organization.id, user.username, meta);
  for (const admin of admins) {
    // The account exists either way; a failed notice must not turn the registration into an error.
    await ctx
      .deliver({
        channel: 'email',
        to: admin.username,
        subject: `${body.firstName} ${body.lastName} asks to join ${organization.name} on vNOC`,
        body: `${body.firstName} ${body.lastName} (${user.username}) registered for ${organization.name} on vNOC and is waiting for approval.\n\nTo approve or reject the request, sign in to vNOC and open Administration → Users.`,
      })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'registration notice not delivered'));
  }
}

/** A self-registration nobody approved (or rejected) within this many days is removed by housekeeping. */
export const PENDING_REGISTRATION_DAYS = 30;

/**
 * Housekeeping: removes registrations still waiting for approval after {@link PENDING_REGISTRATION_DAYS}
 * (the address may register again), each recorded in its organization's activity log; answers how many.
 */
export function expirePendingRegistrations(db: DbOrTx, now: Date): Promise<number> {
  return deletePendingBefore(db, new Date(now.getTime() - PENDING_REGISTRATION_DAYS * 86_400_000), now);
}

/** The organization an address belongs to: its user's, else the one owning its domain. */
export async function lookupOrganization(ctx: AppContext, email: string): Promise<OrganizationRow> {
  const user = await findUserByUsername(ctx.db, email);
  const organization = user?.organization ?? (await findOrganizationByDomain(ctx.db, domainOf(email)));
  if (!organization) throw Errors.notFound();
  return organization;
}

/**
 * Always succeeds so the answer does not reveal whether the account exists; only an active account is sent
 * a code (a registration waiting for approval or a deactivated person gets nothing, and could not sign in).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const user = await findUserByUsername(ctx.db, email);
  if (user?.status !== 'active') return;
  await audit(ctx.db, { action: 'password.reset_requested', user, target: user.username, meta });
  await sendCode(ctx, user, 'password-reset', 'email', user.username);
}

/** Password reset: the code proves the email; the session then goes MFA → update password. */
export async function verifyPasswordResetCode(
  ctx: AppContext,
  body: { username: string; code: string },
  meta: RequestMeta,
): Promise<TokenGrant> {
  const user = await findUserByUsername(ctx.db, body.username);
  if (!user) throw Errors.codeInvalid();
  await consumeCode(ctx, user.id, 'password-reset', body.code, meta);
  await updateUser(ctx.db, user.id, { emailValidated: true });
  await audit(ctx.db, { action: 'password.reset_verified', user, target: user.username, meta });
  return {
    user: { ...user, emailValidated: true },
    session: {
      isEmailValidated: true,
      isMfaValidated: false,
      isCredExpired: true,
      sessionEnds: newSessionEnds(),
    },
  };
}

async function totpMatches(ctx: AppContext, user: UserWithOrg, code: string): Promise<boolean> {
  if (!user.mfaApp || !user.appSecret) return false;
  const seed = ctx.seeds.open(user.id, user.appSecret);
  const step = seed === null ? null : matchTotp(seed, code);
  return step !== null && (await claimTotpStep(ctx.db, user.id, step));
}

async function sentCodeMatches(ctx: AppContext, user: UserWithOrg, code: string): Promise<boolean> {
  if (!user.mfaSms && !user.mfaVoice) return false;
  try {
    await consumeCode(ctx, user.id, 'mfa-login', code);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.id === 'code_invalid') return false;
    throw error;
  }
}

export async function validateTotp(ctx: AppContext, auth: AuthContext, code: string, meta: RequestMeta) {
  const { user } = auth;
  const key = totpKey(user.id);
  const attempt = await takeAttempt(ctx.db, [key]);
  if (attempt.locked) throw lockedError(attempt);
  if (!(await totpMatches(ctx, user, code)) && !(await sentCodeMatches(ctx, user, code))) {
    await audit(ctx.db, { action: 'mfa.failure', user, impersonatorId: auth.impersonator?.id, meta });
    throw Errors.codeInvalid();
  }
  await clearFailures(ctx.db, key.key);
  await audit(ctx.db, { action: 'mfa.validated', user, impersonatorId: auth.impersonator?.id, meta });
  return {
    user,
    session: carrySession(auth.claims, {
      isMfaValidated: true,
      isCredExpired: auth.claims.isCredExpired || user.credExpired,
    }),
  };
}

export async function sendLoginCode(
  ctx: AppContext,
  auth: AuthContext,
  method: 'sms' | 'voice',
): Promise<void> {
  const { user } = auth;
  const number = method === 'sms' ? user.mfaSms && user.smsNumber : user.mfaVoice && user.voiceNumber;
  if (!number)
    throw Errors.invalidInput(
      `${method === 'sms' ? 'SMS' : 'Voice'} is not enrolled for this account.`,
      'method',
    );
  await sendCode(ctx, user, 'mfa-login', method, number);
}

/**
 * Issue 34: how long a re-authentication (or, for a person without a password, a sign-in through their
 * organization's provider) lets the session change its password or factors.
 */
export const REAUTH_SECONDS = 5 * 60;

/**
 * POST access/reauthenticate: the person proves themselves now, with their current password (counted
 * toward the same lockout as signing in) or, without one (single sign-on only), an authenticator code
 * (counted toward the MFA lockout). The token answered marks the session re-authenticated.
 */
export async function reauthenticate(
  ctx: AppContext,
  auth: AuthContext,
  body: ReauthenticateRequest,
  meta: RequestMeta,
): Promise<TokenGrant> {
  const { user } = auth;
  const who = { user, target: user.username, meta };
  if (body.password !== undefined) {
    const account = accountKey(user.username);
    const attempt = await takeAttempt(ctx.db, [account, addressKey(meta.ip)]);
    if (attempt.locked) {
      await audit(ctx.db, { action: 'reauth.locked', ...who });
      throw Errors.locked();
    }
    const hash = user.passwordHash === NO_PASSWORD ? undefined : user.passwordHash;
    if (!(await verifyPassword(hash, body.password))) {
      await audit(ctx.db, { action: 'reauth.failure', ...who, detail: { method: 'password' } });
      if (attempt.reachesLimit(account)) await audit(ctx.db, { action: 'login.lockout', ...who });
      throw Errors.reauthFailed();
    }
    await attempt.succeeded();
    await clearFailures(ctx.db, account.key);
  } else {
    const key = totpKey(user.id);
    const attempt = await takeAttempt(ctx.db, [key]);
    if (attempt.locked) throw lockedError(attempt);
    if (!(await totpMatches(ctx, user, body.totp ?? ''))) {
      await audit(ctx.db, { action: 'reauth.failure', ...who, detail: { method: 'app' } });
      throw Errors.codeInvalid();
    }
    await clearFailures(ctx.db, key.key);
  }
  await audit(ctx.db, { action: 'reauth.success', ...who });
  return {
    user,
    session: carrySession(auth.claims, { reauthenticatedAt: Math.floor(Date.now() / 1000) }),
  };
}

/**
 * Refuses a password or factor change (403 reauth_required) unless the session proved the person within
 * REAUTH_SECONDS: by access/reauthenticate, or, for a person with no password of vNOC (single sign-on
 * only, whose provider proves them), by a sign-in that began that recently.
 */
export function requireRecentAuth(auth: AuthContext, nowMs = Date.now()): void {
  const now = Math.floor(nowMs / 1000);
  const at = auth.claims.reauthenticatedAt;
  if (at !== undefined && at <= now && now - at <= REAUTH_SECONDS) return;
  const ssoOnly = auth.user.passwordHash === NO_PASSWORD;
  const began =
    auth.claims.sessionEnds === undefined ? undefined : auth.claims.sessionEnds - SESSION_MAX_SECONDS;
  if (ssoOnly && began !== undefined && began <= now && now - began <= REAUTH_SECONDS) return;
  throw Errors.reauthRequired(
    ssoOnly
      ? 'Confirm it is you before this change: sign in again, or enter a code of your authenticator app.'
      : undefined,
  );
}

/**
 * GET access/newJWT: the same session, renewed; refused once its absolute end has come (issue 11). Once
 * the new token is signed, `retireRenewed` retires the one it renews.
 */
export function refreshToken(auth: AuthContext): TokenGrant {
  const ends = auth.claims.sessionEnds ?? (auth.claims.iat ?? 0) + SESSION_MAX_SECONDS;
  if (Math.floor(Date.now() / 1000) >= ends) throw Errors.unauthorized();
  return { user: auth.user, session: carrySession(auth.claims, { sessionEnds: ends }) };
}

/**
 * Retires a renewed token RENEWED_TOKEN_GRACE_SECONDS from now (requests already sent with it, and other
 * tabs, catch up meanwhile), so a stolen token does not live on beside the renewed one; `renewedTo` keeps
 * the session one chain (issue 11).
 */
export async function retireRenewed(ctx: AppContext, auth: AuthContext, renewedTo: string): Promise<void> {
  await revokeToken(ctx.db, auth.jti, new Date(auth.exp * 1000), {
    effectiveAt: new Date(Date.now() + RENEWED_TOKEN_GRACE_SECONDS * 1000),
    renewedTo,
  });
}

export async function logout(ctx: AppContext, auth: AuthContext, meta: RequestMeta): Promise<void> {
  await revokeNow(ctx.db, auth.jti, new Date(auth.exp * 1000));
  await audit(ctx.db, { action: 'logout', user: auth.user, impersonatorId: auth.impersonator?.id, meta });
}

/**
 * Exchanges a single-use impersonation access code for a full session as the target user. The code's row
 * (which makes it single use) is the impersonation's record (issue 34): it links to the support person's
 * session, which the impersonation follows through its renewals, and lives until the impersonation ends;
 * the session tokens name it (`impersonatorSession`) and are refused once it is gone.
 */
export async function exchangeAccessCode(
  ctx: AppContext,
  accessCode: string,
  meta: RequestMeta,
): Promise<TokenGrant> {
  const code = await ctx.tokens.verifyAccessCode(accessCode);
  if (!code) throw Errors.unauthorized();
  const startedAt = Math.floor(Date.now() / 1000);
  const impersonationEnds = startedAt + IMPERSONATION_SECONDS;
  const recorded = await revokeToken(ctx.db, code.jti, new Date(impersonationEnds * 1000), {
    effectiveAt: new Date(),
    renewedTo: code.impersonatorSession,
  });
  if (!recorded) throw Errors.unauthorized();
  const [user, supportSession] = await Promise.all([
    findUserByUsername(ctx.db, code.sub),
    // The support person's session that generated the code must still be open.
    findSessionUser(ctx.db, code.impersonatedBy, code.jti, { impersonation: true }),
  ]);
  const support = supportSession?.user;
  if (!user || !support || supportSession.revoked || support.role !== 'SUPPORT') throw Errors.unauthorized();
  await requireSupportAccess(ctx.db, user, support, 'exchange', meta);
  await audit(ctx.db, {
    action: 'impersonation.exchange',
    user,
    impersonatorId: support.id,
    target: user.username,
    meta,
  });
  await tellAdministrators(ctx, user, support, {
    startedAt: new Date(startedAt * 1000),
    endsAt: new Date(impersonationEnds * 1000),
  });
  return {
    user,
    session: {
      ...fullSession(),
      impersonatedBy: support.username,
      impersonatorSession: code.jti,
      impersonationEnds,
    },
  };
}
