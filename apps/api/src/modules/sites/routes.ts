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
  UnassociatedSitesQuerySchema,
  VerifyAddressResponseSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { createGeocoder } from '../../geocoding/index.ts';
import {
  administrators,
  answers,
  errorResponses,
  IdParamsSchema,
  itemAlertsSchema,
  personal,
  signedIn,
} from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf } from '../../plugins/auth.ts';
import * as sites from './service.ts';

const admin: AuthRule = administrators;

export const siteRoutes = moduleRoutes(['site'], (r, route, ctx) => {
  const geocoder = createGeocoder(ctx.config, ctx.log);
  // The address service may be down: 503 geocoder_unavailable.
  const geocoderResponses = { ...errorResponses, 503: ErrorBodySchema };

  r.get(
    '/api/site',
    route(signedIn, {
      querystring: z.object({ userId: z.string({ error: 'userId is required.' }).max(100) }),
      answer: z.array(SiteSummarySchema),
    }),
    async (request) => sites.listSites(ctx, authOf(request).user, request.query.userId),
  );

  r.get(
    '/api/site/recent',
    route(signedIn, { querystring: RecentSitesQuerySchema, answer: PagedSchema(RecentSiteSchema) }),
    async (request) => sites.recentSites(ctx, authOf(request).user, request.query),
  );

  // Sites in no site group: seen by everyone unrestricted, by no one confined to groups (administrators act).
  r.get(
    '/api/site/unassociated',
    route(admin, { querystring: UnassociatedSitesQuerySchema, answer: PagedSchema(SiteSummarySchema) }),
    async (request) => sites.unassociatedSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/site/search/filtered',
    route(signedIn, { querystring: SiteSearchQuerySchema, answer: PagedSchema(SiteSummarySchema) }),
    async (request) => sites.searchSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/site/account/:accountId/mac/:mac',
    route(signedIn, { params: z.object({ accountId: AccountIdSchema, mac: MacSchema }), answer: SiteSchema }),
    async (request) =>
      sites.findByAccountAndMac(ctx, authOf(request).user, request.params.accountId, request.params.mac),
  );

  r.post(
    '/api/site/verifyAddress',
    route(signedIn, {
      body: AddressInputSchema,
      response: { 200: VerifyAddressResponseSchema, ...geocoderResponses },
    }),
    async (request) => sites.verifyAddress(geocoder, request.body),
  );

  r.post(
    '/api/site/geocode',
    route(signedIn, {
      body: GeocodeRequestSchema,
      response: { 200: GeocodeResponseSchema, ...geocoderResponses },
    }),
    async (request) => sites.geocodeAddress(geocoder, request.body.address),
  );

  r.put(
    '/api/site/edit',
    // A given address is verified through the geocoder: 503 when the address service is down.
    route(admin, { body: EditSiteRequestSchema, response: { ...answers(SiteSchema), 503: ErrorBodySchema } }),
    async (request) => sites.editSite(ctx, geocoder, authOf(request).user, request.body),
  );

  r.put(
    '/api/site/favorite/:id',
    route(personal, { params: IdParamsSchema, answer: FavoriteSchema }),
    async (request) => sites.setFavorite(ctx, authOf(request).user, request.params.id, true),
  );

  r.delete(
    '/api/site/favorite/:id',
    route(personal, { params: IdParamsSchema, answer: FavoriteSchema }),
    async (request) => sites.setFavorite(ctx, authOf(request).user, request.params.id, false),
  );

  r.get('/api/site/:id', route(signedIn, { params: IdParamsSchema, answer: SiteSchema }), async (request) =>
    sites.getSite(ctx, authOf(request).user, request.params.id),
  );

  r.get('/api/site/:id/alerts', route(signedIn, itemAlertsSchema), async (request) =>
    sites.siteAlerts(ctx, authOf(request).user, request.params.id, request.query.active),
  );

  // `:id` (the site), not `:siteId`: one parameter name per path position for the router.
  r.post(
    '/api/site/:id/user/:userId',
    route(personal, {
      params: z.object({ id: z.string().max(100), userId: z.string().max(100) }),
      answer: SiteVisitSchema,
    }),
    async (request) => sites.recordVisit(ctx, authOf(request).user, request.params.id, request.params.userId),
  );
});
