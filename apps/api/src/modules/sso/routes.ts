import { SsoAppListSchema, SsoTileQuerySchema, SsoTileResponseSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers } from '../../http/route-schemas.ts';
import { bearerToken, metaOf, sendToken } from '../../plugins/auth.ts';
import { clientKeyOf } from '../../plugins/client-address.ts';
import { exchangeProviderToken, tileFor } from './service.ts';
import type { TokenVerifier } from './verify.ts';

const tags = ['sso'];

/** Single sign-on: the login screen's identity-provider tile, and the provider token → vNOC token exchange. */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext, verifier: TokenVerifier) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/sso/tile',
    {
      schema: {
        tags,
        summary: "The identity-provider tile of an address's organization (by email domain), or null",
        querystring: SsoTileQuerySchema,
        response: answers(SsoTileResponseSchema),
      },
    },
    async (request) => {
      // As many as the organization lookup allows: the login screen asks once per typed address.
      await ctx.limiter.hit(`sso-tile:${clientKeyOf(request.ip)}`, 30, 60_000);
      return { tile: await tileFor(ctx, request.query.email) };
    },
  );

  r.get(
    '/api/ps/access/okta',
    {
      schema: {
        tags,
        summary:
          "The identity provider's access token (Bearer) for a vNOC token (Authorization header) and the app list",
        security: [{ providerToken: [] }],
        response: answers(SsoAppListSchema),
      },
    },
    async (request, reply) => {
      await ctx.limiter.hit(`sso:${clientKeyOf(request.ip)}`, 30, 60_000);
      const grant = await exchangeProviderToken(ctx, verifier, bearerToken(request), metaOf(request));
      await sendToken(ctx, reply, grant);
      return grant.apps;
    },
  );
}
