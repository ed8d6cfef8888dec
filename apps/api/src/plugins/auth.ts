import { API_KEY_MESSAGES, type Claims, type Entitlement, type Role } from '@vnoc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LAST_USE_WRITE_MS, openApiKey, parseApiKey, recordApiKeyUse } from '../auth/api-keys.ts';
import { CODE_SEND_WINDOW_MS, CODE_SENDS_PER_ADDRESS } from '../auth/code-sends.ts';
import { hashSecret } from '../auth/secrets.ts';
import {
  type ApiKeyPrincipal,
  findSessionUser,
  presentClaims,
  type SessionState,
  type UserWithOrg,
} from '../auth/session-user.ts';
import { type SignInStep, signInStep } from '../auth/sign-in-step.ts';
import type { AppContext, RequestMeta } from '../context.ts';
import { Errors } from '../errors.ts';
import { clientKeyOf } from './client-address.ts';

/** Per-route access rule, set as `config: { auth: {...} }`. Routes without it are public. */
export type AuthRule = {
  /** Sign-in steps whose tokens may call the route; 'any' = any valid token. */
  steps: SignInStep[] | 'any';
  roles?: Role[];
  /** Features the user's organization must have (its current entitlements, not the token's copy). */
  entitlements?: Entitlement[];
  /**
   * In the `mfa` step only: 'not-enrolled' allows enrolment only while the user has no factor (else a
   * password alone could add one); 'enrolled' requires a factor to validate with.
   */
  mfa?: 'enrolled' | 'not-enrolled';
  /**
   * Refused (403 support_confined) while a support person acts as the user: their own credentials and
   * factors, and whatever would outlive the support session (creating or elevating users, single sign-on,
   * email domains, the support-access switch, API keys). `{ fields }`: only when the JSON body names one of
   * them (a route that changes such settings beside others). Issue 34: this flag is the confined list.
   */
  notImpersonated?: true | { fields: readonly string[] };
  /**
   * A person's own (their session, profile, factors, notification profile, favorites, live stream): refused
   * (403 api_key_confined) to an API key, as every `notImpersonated` route is (issue 38).
   */
  notApiKey?: true;
};

export type AuthContext = {
  claims: Claims;
  user: UserWithOrg;
  step: SignInStep;
  jti: string;
  exp: number;
  /** The support person acting as the user, when impersonated. */
  impersonator: UserWithOrg | undefined;
  /** The API key the call is made with (issue 38); `user` is then its maker, with the key's role. */
  apiKey?: ApiKeyPrincipal;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
    /** The route sends a verification code: throttled per client address (issue 11). */
    sendsCode?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** An audit entry of this request names the support person acting (see `metaOf`). */
    supportActRecorded: boolean;
  }
}

export function hasMfa(user: UserWithOrg): boolean {
  return user.mfaApp || user.mfaSms || user.mfaVoice;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * How long this process reuses a session's user and revocation state once read. A revocation, a role or
 * entitlement change made by another process (or straight in the database) takes effect within this time;
 * one made through this process takes effect at once, as every write request empties the cache.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 20_000;

type SessionLookup = Awaited<ReturnType<typeof findSessionUser>>;

/**
 * The session lookups of the last SESSION_CACHE_MS, so a console's burst of reads costs one query. `clear`
 * also bumps a generation: a lookup that started before a write finished is not stored after it.
 */
export function createSessionCache(ttlMs = SESSION_CACHE_MS, now = () => Date.now()) {
  return createLookupCache<SessionLookup>(ttlMs, now);
}

/** The cache of `createSessionCache`, for any lookup (an API key's, issue 38: the same time and write-clears rule). */
function createLookupCache<T>(ttlMs = SESSION_CACHE_MS, now = () => Date.now()) {
  const entries = new Map<string, { at: number; value: T }>();
  let generation = 0;
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const started = generation;
      const at = now();
      const value = await load();
      if (generation === started && ttlMs > 0) {
        if (entries.size >= SESSION_CACHE_MAX) entries.clear();
        entries.set(key, { at, value });
      }
      return value;
    },
    clear(): void {
      generation += 1;
      entries.clear();
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a session lookup opens nothing any more for a token issued at `iat` (seconds): an unknown
 * person, a revoked token, a person not active, or a token older than the person's `sessionsValidAfter`
 * (a password change or reset, an administrator's MFA reset; same-second tokens survive, so the token
 * answered with the change stays valid).
 */
export function sessionClosed(session: SessionLookup, iat: number | undefined): boolean {
  if (!session || session.revoked || session.user.status !== 'active') return true;
  const after = session.user.sessionsValidAfter;
  return after !== null && (iat ?? 0) < Math.floor(after.getTime() / 1000);
}

/** Reads a session (a person's token id) as findSessionUser does; the request hook's reads go through a cache. */
export type SessionReader = (
  sub: string,
  jti: string,
  options?: { impersonation?: boolean },
) => Promise<SessionLookup>;

/**
 * What a verified token opens now, or 401: its person's session must be open (not revoked, the person active,
 * the token newer than their last password change); under impersonation the support person's own session too,
 * they still SUPPORT, and the organization's support access still on. One check for every way in: the request
 * hook runs it on each call, a live event stream every time it refreshes.
 */
export async function openSessionOf(
  claims: Claims,
  read: SessionReader,
): Promise<{ user: UserWithOrg; impersonator: UserWithOrg | undefined }> {
  if (!claims.jti) throw Errors.unauthorized();
  const session = await read(claims.sub, claims.jti);
  // A deactivated (or not yet approved) person's sessions end with the change (SESSION_CACHE_MS).
  if (sessionClosed(session, claims.iat) || !session) throw Errors.unauthorized();
  const { user } = session;
  let impersonator: UserWithOrg | undefined;
  if (claims.impersonatedBy) {
    // The support person acting as the user: the impersonation's record must still be there, their own
    // session still open (signing out of it ends the impersonation) and they still an active SUPPORT.
    const { impersonatedBy, impersonatorSession, iat } = claims;
    if (!impersonatorSession) throw Errors.unauthorized();
    const support = await read(impersonatedBy, impersonatorSession, { impersonation: true });
    if (sessionClosed(support, iat) || support?.user.role !== 'SUPPORT') throw Errors.unauthorized();
    impersonator = support.user;
    // The organization turned support access off: a support session acting in it ends at once.
    if (!user.organization.supportAccess) throw Errors.unauthorized();
  }
  return { user, impersonator };
}

/**
 * What a wall display's key reads (issue 37): its own description, its dashboards and the data their widgets
 * ask for (each scoped to the key's site groups in SQL; an analytics widget's dashboard must be one of its own).
 * Every other route is 403 to a display, and no display changes anything.
 */
export const DISPLAY_ROUTES: ReadonlySet<string> = new Set([
  '/api/apiKeys/display',
  '/api/dashboard/all',
  '/api/group',
  '/api/alert',
  '/api/alert/codes',
  '/api/alert/counts',
  '/api/alert/site-severities',
  '/api/device/search/filtered',
  '/api/device/stats/statuscounts',
  '/api/site/search/filtered',
  '/api/maintenance',
  '/api/map/settings',
  '/api/map/sites',
  '/api/map/summary',
  '/api/analytics/network/uptime',
  '/api/analytics/widget/vanList/:id',
  '/api/analytics/sites/usage/top/usage',
  '/api/analytics/widget/vanTroubledSites/:id',
  '/api/analytics/trend/wanLatency',
  '/api/analytics/trend/failovers',
  '/api/analytics/trend/cellularHealth',
]);

/** Calls one API key may make per window (issue 38), counted per key over every process (Redis when set). */
export const API_KEY_CALLS_PER_WINDOW = 600;
export const API_KEY_WINDOW_MS = 60_000;

/**
 * The auth context of a call made with an API key (issue 38), or 401/403: the key open (secret, not revoked,
 * not expired, maker still an active administrator; read through the session cache, so a revocation made
 * through this process takes effect at once), then the route's rule as for a person at the full sign-in
 * step, plus: a person's own routes refuse a key, a read-only key (and a display) changes nothing, and each
 * key has its own rate limit.
 */
async function apiKeyContext(
  ctx: AppContext,
  request: FastifyRequest,
  rule: AuthRule,
  open: (prefix: string, secret: string) => ReturnType<typeof openApiKey>,
  parts: { prefix: string; secret: string },
): Promise<AuthContext> {
  const opened = await open(parts.prefix, parts.secret);
  if (opened.state === 'expired') throw Errors.apiKeyExpired();
  if (opened.state !== 'open') throw Errors.unauthorized();
  const { user, principal, expiresAt } = opened;
  await ctx.limiter.hit(`api-key:${principal.id}`, API_KEY_CALLS_PER_WINDOW, API_KEY_WINDOW_MS);
  if (user.role === 'READ_ONLY' && !READS.has(request.method)) throw Errors.apiKeyReadOnly();
  if (principal.role === 'DISPLAY' && !DISPLAY_ROUTES.has(request.routeOptions.url ?? ''))
    throw Errors.apiKeyReadOnly(API_KEY_MESSAGES.display);
  // A person's own routes, and the sign-in steps' (a key is no sign-in).
  if (
    rule.notApiKey ||
    rule.notImpersonated === true ||
    (rule.steps !== 'any' && !rule.steps.includes('full'))
  )
    throw Errors.apiKeyConfined();
  if (rule.roles && !rule.roles.includes(user.role)) throw Errors.forbidden();
  if (rule.entitlements?.some((e) => !user.organization.entitlements.includes(e))) throw Errors.notEntitled();
  const claims = {
    ...presentClaims(user, { isMfaValidated: true, isCredExpired: false, isEmailValidated: true }),
    exp: expiresAt ? Math.floor(expiresAt.getTime() / 1000) : Number.MAX_SAFE_INTEGER,
  };
  const jti = `api-key:${principal.id}`;
  return { claims, user, step: 'full', jti, exp: claims.exp, impersonator: undefined, apiKey: principal };
}

/** Verifies the token (signature, expiry, revocation), loads its user and enforces the route's rule. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  const sessions = createSessionCache();
  const keys = createLookupCache<Awaited<ReturnType<typeof openApiKey>>>();
  /** When this process last wrote each key's last use: at most once a minute per key. */
  const lastUseWrites = new Map<string, number>();
  app.decorateRequest('auth', null);
  app.decorateRequest('supportActRecorded', false);
  // Before the answer leaves: the caller's next request already sees what this write changed.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method)) {
      sessions.clear();
      keys.clear();
    }
    return payload;
  });
  const cached: SessionReader = (sub, jti, options) =>
    sessions.get(`${options?.impersonation ? 'support\u0000' : ''}${sub}\u0000${jti}`, () =>
      findSessionUser(ctx.db, sub, jti, options),
    );
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.sendsCode) {
      await ctx.limiter.hit(
        `code-send-ip:${clientKeyOf(request.ip)}`,
        CODE_SENDS_PER_ADDRESS,
        CODE_SEND_WINDOW_MS,
      );
    }
    const rule = request.routeOptions.config.auth;
    if (!rule) return;
    const token = bearerToken(request);
    const keyParts = token ? parseApiKey(token) : undefined;
    if (keyParts) {
      const open = (prefix: string, secret: string) =>
        keys.get(`${prefix}\u0000${hashSecret(secret)}`, () => openApiKey(ctx.db, prefix, secret));
      const auth = await apiKeyContext(ctx, request, rule, open, keyParts);
      request.auth = auth;
      const key = auth.apiKey as ApiKeyPrincipal;
      const at = Date.now();
      if (at - (lastUseWrites.get(key.id) ?? 0) >= LAST_USE_WRITE_MS) {
        if (lastUseWrites.size >= SESSION_CACHE_MAX) lastUseWrites.clear();
        lastUseWrites.set(key.id, at);
        await recordApiKeyUse(ctx.db, key.id, request.ip);
      }
      return;
    }
    const claims = token ? await ctx.tokens.verifySession(token) : undefined;
    if (!claims?.jti) throw Errors.unauthorized();
    const { user, impersonator } = await openSessionOf(claims, cached);

    const step = signInStep(claims);
    if (rule.steps !== 'any') {
      if (!rule.steps.includes(step)) throw Errors.wrongStep();
      if (step === 'mfa' && rule.mfa === 'not-enrolled' && hasMfa(user)) throw Errors.wrongStep();
      if (step === 'mfa' && rule.mfa === 'enrolled' && !hasMfa(user)) throw Errors.wrongStep();
    }
    if (rule.roles && !rule.roles.includes(user.role)) throw Errors.forbidden();
    if (rule.entitlements?.some((e) => !user.organization.entitlements.includes(e)))
      throw Errors.notEntitled();
    request.auth = { claims, user, step, jti: claims.jti, exp: claims.exp, impersonator };
    // After `request.auth` is set: the refusal is logged as support's attempt like their other calls.
    if (rule.notImpersonated === true && impersonator) throw Errors.supportConfined();
  });
  // The body is parsed (not yet validated) here: a confined field answers 403 whatever else the body holds.
  app.addHook('preValidation', async (request) => {
    const confined = request.routeOptions.config.auth?.notImpersonated;
    if (typeof confined !== 'object' || !(request.auth?.impersonator || request.auth?.apiKey)) return;
    const body = request.body;
    if (body && typeof body === 'object' && confined.fields.some((field) => Object.hasOwn(body, field)))
      throw request.auth.apiKey ? Errors.apiKeyConfined() : Errors.supportConfined();
  });
}

/** The auth context of a route that declared a rule (the hook guarantees it is set). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw Errors.unauthorized();
  return request.auth;
}

export function metaOf(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    impersonatorId: request.auth?.impersonator?.id ?? null,
    apiKeyId: request.auth?.apiKey?.id ?? null,
    recorded: () => {
      request.supportActRecorded = true;
    },
  };
}

/** Signs a session token for the grant's user and session and puts it in the Authorization response header. */
export async function sendToken(
  ctx: AppContext,
  reply: FastifyReply,
  { user, session }: { user: UserWithOrg; session: SessionState },
  /** Told the new token's id before it is sent (access/newJWT retires the token it renews). */
  onSigned?: (jti: string) => Promise<void>,
): Promise<{ ok: true }> {
  const { token, jti } = await ctx.tokens.signSession(presentClaims(user, session));
  await onSigned?.(jti);
  reply.header('authorization', `Bearer ${token}`);
  return { ok: true };
}
