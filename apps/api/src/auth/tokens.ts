import { randomUUID } from 'node:crypto';
import { type Claims, ClaimsSchema } from '@vnoc/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { signInStep } from './sign-in-step.ts';

export const FULL_SESSION_SECONDS = 30 * 60;
export const STEP_SESSION_SECONDS = 15 * 60;
export const ACCESS_CODE_SECONDS = 60;
/** The longest a support person acts as a user on one access code, session extensions included. */
export const IMPERSONATION_SECONDS = 60 * 60;
/** Issue 11: however often it is renewed, a sign-in lasts at most 12 hours. */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
/** `sessionEnds` of a sign-in that begins now. */
export const newSessionEnds = (nowMs = Date.now()) => Math.floor(nowMs / 1000) + SESSION_MAX_SECONDS;
/**
 * The session of a sign-in whose every step is already proved (by an identity provider, or by an
 * impersonation's access code): address and factors validated, no password change due.
 */
export const fullSession = (nowMs = Date.now()) => ({
  isEmailValidated: true,
  isMfaValidated: true,
  isCredExpired: false,
  sessionEnds: newSessionEnds(nowMs),
});

const ISSUER = 'vnoc';
/** Verified session tokens remembered per process (one per signed-in browser tab at most). */
const VERIFIED_MAX = 5000;
const SESSION_AUDIENCE = 'vnoc-session';
const ACCESS_CODE_AUDIENCE = 'vnoc-impersonation';

export type ClaimsBody = Omit<Claims, 'exp' | 'iat' | 'jti'>;
export type SignedToken = { token: string; jti: string; exp: number };
export type AccessCodeClaims = {
  sub: string;
  impersonatedBy: string;
  /** The jti of the support person's session that generated the code. */
  impersonatorSession: string;
  jti: string;
  exp: number;
};

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * HS256 tokens: sessions (30 min full, 15 min for a sign-in step; an impersonation's never past its
 * `impersonationEnds`) and 60-second impersonation access codes.
 */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  /** Session tokens that verified, oldest first (at most VERIFIED_MAX). */
  const verified = new Map<string, Claims>();

  async function sign(
    payload: Record<string, unknown>,
    audience: string,
    seconds: number,
  ): Promise<SignedToken> {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + seconds;
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(key);
    return { token, jti, exp };
  }

  async function verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience, algorithms: ['HS256'] });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  return {
    signSession(claims: ClaimsBody): Promise<SignedToken> {
      let seconds = signInStep(claims) === 'full' ? FULL_SESSION_SECONDS : STEP_SESSION_SECONDS;
      const nowSeconds = Math.floor(Date.now() / 1000);
      if (claims.impersonationEnds !== undefined)
        seconds = Math.min(seconds, claims.impersonationEnds - nowSeconds);
      if (claims.sessionEnds !== undefined) seconds = Math.min(seconds, claims.sessionEnds - nowSeconds);
      return sign(claims, SESSION_AUDIENCE, seconds);
    },
    /**
     * The claims of a valid session token, or undefined (bad signature, expired, malformed). A token that
     * verified is remembered until it expires (the whole token is the key, signature included), so the
     * HMAC and claims checks run once per token rather than on every call; revocation is checked by the
     * caller against the database on every call.
     */
    async verifySession(token: string, now = Date.now()): Promise<Claims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > now) return known;
        verified.delete(token);
        return undefined;
      }
      const payload = await verify(token, SESSION_AUDIENCE);
      const parsed = ClaimsSchema.safeParse(payload);
      if (!parsed.success || !parsed.data.jti) return undefined;
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, parsed.data);
      return parsed.data;
    },
    signAccessCode(
      target: string,
      impersonatedBy: string,
      impersonatorSession: string,
    ): Promise<SignedToken> {
      return sign(
        { sub: target, impersonatedBy, impersonatorSession },
        ACCESS_CODE_AUDIENCE,
        ACCESS_CODE_SECONDS,
      );
    },
    async verifyAccessCode(token: string): Promise<AccessCodeClaims | undefined> {
      const payload = await verify(token, ACCESS_CODE_AUDIENCE);
      const { sub, jti, exp, impersonatedBy, impersonatorSession } = payload ?? {};
      if (
        !sub ||
        !jti ||
        !exp ||
        typeof impersonatedBy !== 'string' ||
        typeof impersonatorSession !== 'string'
      )
        return undefined;
      return { sub, impersonatedBy, impersonatorSession, jti, exp };
    },
  };
}
