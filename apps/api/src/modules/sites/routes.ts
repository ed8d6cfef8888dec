import {
  AccountIdSchema,
  AddressInputSchema,
  EditSiteRequestSchema,
  ErrorBodySchema,
  FavoriteSchema,
  GeocodeRequestSchema,
  GeocodeResponseSchema,
  MacSchema,
  PagedSchema,
  RecentSiteSchema,
  RecentSitesQuerySchema,
  SiteSchema,
  SiteSearchQuerySchema,
  SiteSummarySchema,
  SiteVisitSchema,
  VerifyAddressResponseSchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { createGeocoder } from '../../geocoding/index.ts';
import {
  answers,
  errorResponses,
  IdParamsSchema,
  itemAlertsSchema,
  signedIn,
} from '../../http/route-schemas.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as sites from './service.ts';

const tags = ['site'];
const admin: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR'] };

export function siteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const geocoder = createGeocoder(ctx.config, ctx.log);
  // The address service may be down: 503 geocoder_unavailable.
  const geocoderResponses = { ...errorResponses, 503: ErrorBodySchema };

  r.get(
    '/api/site',
    {
      schema: {
        tags,
        querystring: z.object({ userId: z.string({ error: 'userId is required.' }).max(100) }),
        response: answers(z.array(SiteSummarySchema)),
      },
      config: { auth: signedIn },
    },
    async (request) => sites.listSites(ctx, authOf(request).user, request.query.userId),
  );

  r.get(
    '/api/site/recent',
    {
      schema: { tags, querystring: RecentSitesQuerySchema, response: answers(PagedSchema(RecentSiteSchema)) },
      config: { auth: signedIn },
    },
    async (request) => sites.recentSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/site/search/filtered',
    {
      schema: { tags, querystring: SiteSearchQuerySchema, response: answers(PagedSchema(SiteSummarySchema)) },
      config: { auth: signedIn },
    },
    async (request) => sites.searchSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/site/account/:accountId/mac/:mac',
    {
      schema: {
        tags,
        params: z.object({ accountId: AccountIdSchema, mac: MacSchema }),
        response: answers(SiteSchema),
      },
      config: { auth: signedIn },
    },
    async (request) =>
      sites.findByAccountAndMac(ctx, authOf(request).user, request.params.accountId, request.params.mac),
  );

  r.post(
    '/api/site/verifyAddress',
    {
      schema: {
        tags,
        body: AddressInputSchema,
        response: { 200: VerifyAddressResponseSchema, ...geocoderResponses },
      },
      config: { auth: signedIn },
    },
    async (request) => sites.verifyAddress(geocoder, request.body),
  );

  r.post(
    '/api/site/geocode',
    {
      schema: {
        tags,
        body: GeocodeRequestSchema,
        response: { 200: GeocodeResponseSchema, ...geocoderResponses },
      },
      config: { auth: signedIn },
    },
    async (request) => sites.geocodeAddress(geocoder, request.body.address),
  );

  r.put(
    '/api/site/edit',
    {
      // A given address is verified through the geocoder: 503 when the address service is down.
      schema: {
        tags,
        body: EditSiteRequestSchema,
        response: { ...answers(SiteSchema), 503: ErrorBodySchema },
      },
      config: { auth: admin },
    },
    async (request) => sites.editSite(ctx, geocoder, authOf(request).user, request.body),
  );

  r.put(
    '/api/site/favorite/:id',
    {
      schema: { tags, params: IdParamsSchema, response: answers(FavoriteSchema) },
      config: { auth: signedIn },
    },
    async (request) => sites.setFavorite(ctx, authOf(request).user, request.params.id, true),
  );

  r.delete(
    '/api/site/favorite/:id',
    {
      schema: { tags, params: IdParamsSchema, response: answers(FavoriteSchema) },
      config: { auth: signedIn },
    },
    async (request) => sites.setFavorite(ctx, authOf(request).user, request.params.id, false),
  );

  r.get(
    '/api/site/:id',
    {
      schema: { tags, params: IdParamsSchema, response: answers(SiteSchema) },
      config: { auth: signedIn },
    },
    async (request) => sites.getSite(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/site/:id/alerts',
    {
      schema: { tags, ...itemAlertsSchema },
      config: { auth: signedIn },
    },
    async (request) => sites.siteAlerts(ctx, authOf(request).user, request.params.id, request.query.active),
  );

  // `:id` (the site), not `:siteId`: one parameter name per path position for the router.
  r.post(
    '/api/site/:id/user/:userId',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(100), userId: z.string().max(100) }),
        response: answers(SiteVisitSchema),
      },
      config: { auth: signedIn },
    },
    async (request) => sites.recordVisit(ctx, authOf(request).user, request.params.id, request.params.userId),
  );
}
