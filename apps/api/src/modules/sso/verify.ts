import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { z } from 'zod';
import type { Outbound } from '../../net/outbound.ts';

/** Asymmetric algorithms only: a provider's token is never checked with a shared secret (nor unsigned). */
export const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
/** A provider's keys are read again after this long (keys rotate). */
const JWKS_TTL_MS = 60 * 60_000;
/** A token naming a key the cached set lacks reads the set again at most this often (anyone can send one). */
const JWKS_REFETCH_MS = 60_000;

export const JwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string() })).min(1),
});

/** What an access token must be for: the organization's provider (its vetted endpoints) and client. */
export type Expected = {
  issuer: string;
  clientId: string;
  audiences: string[];
  /** Stored when the administrator saved the issuer (discovery), never taken from a token. */
  jwksUri: string | null;
  userinfoEndpoint: string | null;
};

/** A verified access token: its claims, and the verified email it (or the provider's userinfo) names. */
export type VerifiedToken = { claims: JWTPayload; email: string | undefined };

/** The issuer a token claims, unverified: only used to find which organization's provider to check it with. */
export function claimedIssuer(token: string): string | undefined {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

/** The email, only when the provider says it verified it (a missing email_verified is not a yes). */
function emailOf(claims: Record<string, unknown>): string | undefined {
  if (claims.email_verified !== true) return undefined;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  return email && z.email().safeParse(email).success ? email.toLowerCase() : undefined;
}

export type TokenVerifierOptions = {
  outbound: Outbound;
  /** Providers trusted through configuration, by issuer: their keys in-process (the development provider). */
  trusted?: Map<string, JWTVerifyGetKey>;
  now?: () => number;
};

/**
 * Verifies identity providers' access tokens with jose against the keys at each organization's stored
 * jwks_uri, fetched through the outbound guard. Nothing is fetched for a token whose algorithm is not an
 * asymmetric one, and only stored addresses are ever fetched.
 */
export function createTokenVerifier({ outbound, trusted = new Map(), now = Date.now }: TokenVerifierOptions) {
  const keySets = new Map<string, { at: number; keys: JWTVerifyGetKey }>();

  async function keysAt(uri: string, stale: boolean): Promise<JWTVerifyGetKey> {
    const cached = keySets.get(uri);
    const age = cached ? now() - cached.at : Number.POSITIVE_INFINITY;
    if (cached && age < (stale ? JWKS_REFETCH_MS : JWKS_TTL_MS)) return cached.keys;
    const jwks = JwksSchema.parse(await outbound.json(uri)) as JSONWebKeySet;
    const keys = createLocalJWKSet(jwks);
    keySets.set(uri, { at: now(), keys });
    return keys;
  }

  /** The email of the token's subject from the provider's userinfo (email is often not in the token). */
  async function userinfoEmail(endpoint: string, token: string, sub: unknown): Promise<string | undefined> {
    const info = await outbound.json(endpoint, { headers: { authorization: `Bearer ${token}` } });
    if (!info || typeof info !== 'object') return undefined;
    const claims = info as Record<string, unknown>;
    // OpenID Connect Core §5.3.2: a userinfo answer for another subject must not be used.
    return claims.sub === sub ? emailOf(claims) : undefined;
  }

  async function check(token: string, keys: JWTVerifyGetKey, expected: Expected) {
    const { payload } = await jwtVerify(token, keys, {
      issuer: expected.issuer,
      audience: [expected.clientId, ...expected.audiences],
      algorithms: ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: 30,
    });
    return payload;
  }

  return {
    /**
     * The token's claims and verified email when it was signed by the provider's key, is unexpired, and was
     * issued by `issuer` for the client (audience, and client_id/cid/azp when present); undefined otherwise.
     */
    async verify(token: string, expected: Expected): Promise<VerifiedToken | undefined> {
      let alg: string | undefined;
      try {
        ({ alg } = decodeProtectedHeader(token));
      } catch {
        return undefined;
      }
      // alg none, HS256 and the like: refused before any key is fetched.
      if (!alg || !ALGORITHMS.includes(alg)) return undefined;
      const inProcess = trusted.get(expected.issuer);
      const uri = expected.jwksUri;
      if (!inProcess && !uri) return undefined;
      let claims: JWTPayload;
      try {
        if (inProcess) claims = await check(token, inProcess, expected);
        else {
          const keys = await keysAt(uri as string, false);
          try {
            claims = await check(token, keys, expected);
          } catch (error) {
            // A rotated key: the set is read again (not more than once a minute).
            if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
            claims = await check(token, await keysAt(uri as string, true), expected);
          }
        }
      } catch {
        return undefined;
      }
      // A shared audience (Okta's api://default) names the client in client_id (or cid, azp).
      for (const claim of ['client_id', 'cid', 'azp'] as const) {
        const value = claims[claim];
        if (value !== undefined && value !== expected.clientId) return undefined;
      }
      let email = emailOf(claims);
      if (!email && !inProcess && expected.userinfoEndpoint) {
        email = await userinfoEmail(expected.userinfoEndpoint, token, claims.sub).catch(() => undefined);
      }
      return { claims, email };
    },
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
