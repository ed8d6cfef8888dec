import { ErrorIds } from '@vnoc/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { OutboundError } from '../../net/outbound.ts';
import { JwksSchema } from './verify.ts';

/** What an organization's sign-ins use: the issuer as its provider names itself, and its vetted endpoints. */
export type ProviderEndpoints = { issuer: string; jwksUri: string; userinfoEndpoint: string | null };

const MetadataSchema = z.object({
  issuer: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string().optional(),
});

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/** A saved issuer the provider could not be used at: 422 on the issuer field, the reason in the message. */
export function issuerRefused(reason: string): AppError {
  const message = `The identity provider at this issuer URL cannot be used: ${reason}`;
  return new AppError(422, ErrorIds.ssoIssuerRefused, message, [{ path: 'ssoIssuer', message }]);
}

/**
 * Reads the provider's discovery document and keys through the outbound guard when an administrator saves
 * the issuer; sign-ins then use only what this returns. The development provider of this process is trusted
 * through configuration (its keys are in-process): nothing is fetched for it.
 */
export async function discoverProvider(
  ctx: Pick<AppContext, 'config' | 'outbound'>,
  entered: string,
): Promise<ProviderEndpoints> {
  const dev = ctx.config.sso.devProvider;
  if (dev && withoutSlash(entered) === dev.issuer) {
    return { issuer: dev.issuer, jwksUri: `${dev.issuer}/jwks`, userinfoEndpoint: null };
  }
  try {
    const document = MetadataSchema.safeParse(
      await ctx.outbound.json(`${withoutSlash(entered)}/.well-known/openid-configuration`),
    );
    if (!document.success) throw issuerRefused('its discovery document is not an OpenID Connect one.');
    const { issuer, jwks_uri: jwksUri, userinfo_endpoint: userinfo } = document.data;
    // OpenID Connect Discovery §4.3: the document names the issuer it is for; tokens carry exactly that
    // string, so it is what is stored (https://x/ and https://x are the same provider only if it says so).
    if (withoutSlash(issuer) !== withoutSlash(entered)) {
      throw issuerRefused('its discovery document names another issuer.');
    }
    if (!JwksSchema.safeParse(await ctx.outbound.json(jwksUri)).success) {
      throw issuerRefused('its jwks_uri does not answer a key set.');
    }
    if (userinfo) await ctx.outbound.check(userinfo);
    return { issuer, jwksUri, userinfoEndpoint: userinfo ?? null };
  } catch (error) {
    if (error instanceof OutboundError) throw issuerRefused(error.message);
    throw error;
  }
}
