import {
  createRemoteJWKSet,
  decodeJwt,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { z } from 'zod';

/** Asymmetric algorithms only: a provider's token is never checked with a shared secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** A provider's metadata is read again after this long (keys rotate; jose refetches unknown kids itself). */
const METADATA_TTL_MS = 60 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;

const MetadataSchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});

type Provider = { at: number; jwks: JWTVerifyGetKey; userinfo: string | undefined };

/** What an access token must be for: the organization's provider and client. */
export type Expected = { issuer: string; clientId: string; audiences: string[] };

/** A verified access token: its claims, and the email it (or the provider's userinfo) names. */
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

function emailOf(claims: Record<string, unknown>): string | undefined {
  if (claims.email_verified === false) return undefined;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  return email && z.email().safeParse(email).success ? email.toLowerCase() : undefined;
}

/**
 * Verifies identity providers' access tokens with jose against each provider's JWKS (from its discovery
 * document; only issuers configured on an organization are ever fetched).
 */
export function createTokenVerifier(fetchImpl: typeof fetch = fetch) {
  const providers = new Map<string, Promise<Provider>>();

  async function load(issuer: string): Promise<Provider> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const metadata = MetadataSchema.parse(await response.json());
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
    if (metadata.issuer !== issuer) throw new Error('discovery names another issuer');
    return {
      at: Date.now(),
      jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }),
      userinfo: metadata.userinfo_endpoint,
    };
  }

  async function providerFor(issuer: string): Promise<Provider> {
    const cached = providers.get(issuer);
    if (cached) {
      const known = await cached.catch(() => undefined);
      if (known && Date.now() - known.at < METADATA_TTL_MS) return known;
      providers.delete(issuer);
    }
    const loading = load(issuer);
    providers.set(issuer, loading);
    loading.catch(() => providers.delete(issuer));
    return loading;
  }

  /** The email of the token's subject from the provider's userinfo (email is often not in the token). */
  async function userinfoEmail(provider: Provider, token: string, sub: unknown): Promise<string | undefined> {
    if (!provider.userinfo) return undefined;
    const response = await fetchImpl(provider.userinfo, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const info = (await response.json()) as Record<string, unknown>;
    // OpenID Connect Core §5.3.2: a userinfo answer for another subject must not be used.
    return info.sub === sub ? emailOf(info) : undefined;
  }

  return {
    /**
     * The token's claims and email when it was signed by the provider's key, is unexpired, and was issued
     * by `issuer` for the client (audience, and client_id/cid/azp when present); undefined otherwise.
     */
    async verify(token: string, expected: Expected): Promise<VerifiedToken | undefined> {
      let provider: Provider;
      try {
        provider = await providerFor(expected.issuer);
      } catch {
        return undefined;
      }
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(token, provider.jwks, {
          issuer: expected.issuer,
          audience: [expected.clientId, ...expected.audiences],
          algorithms: ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
          clockTolerance: 30,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
      // A shared audience (Okta's api://default) names the client in client_id (or cid, azp).
      for (const claim of ['client_id', 'cid', 'azp'] as const) {
        const value = claims[claim];
        if (value !== undefined && value !== expected.clientId) return undefined;
      }
      const email =
        emailOf(claims) ?? (await userinfoEmail(provider, token, claims.sub).catch(() => undefined));
      return { claims, email };
    },
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
