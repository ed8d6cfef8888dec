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
import { administrators, personal, signedIn } from '../../http/auth-rules.ts';
import { answers, errorResponses, IdParamsSchema, itemAlertsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as sites from './service.ts';

export const siteRoutes = moduleRoutes(['site'], (r, route, ctx) => {
  const geocoder = createGeocoder(ctx.config, ctx.log);
  // The address service may be down: 503 geocoder_unavailable.
  const geocoderResponses = { ...errorResponses, 503: ErrorBodySchema };

  r.get(
    '/api/site',
    route(signedIn, {
      summary: 'Every site the caller can see',
      description:
        "All the sites in the caller's scope (organization and site groups), unpaged. `userId` must be the " +
        "caller's own id (any other answers 404). For large fleets, page with `GET /api/site/search/filtered`.",
      operationId: 'listSites',
      querystring: z.object({ userId: z.string({ error: 'userId is required.' }).max(100) }),
      answer: z.array(SiteSummarySchema),
    }),
    async (request) => sites.listSites(ctx, authOf(request).user, request.query.userId),
  );

  r.get(
    '/api/site/recent',
    route(signedIn, {
      summary: 'The sites the caller opened lately, newest first',
      querystring: RecentSitesQuerySchema,
      answer: PagedSchema(RecentSiteSchema),
    }),
    async (request) => sites.recentSites(ctx, authOf(request).user, request.query),
  );

  // Sites in no site group: seen by everyone unrestricted, by no one confined to groups (administrators act).
  r.get(
    '/api/site/unassociated',
    route(administrators, {
      summary: 'The sites in no site group (ADMINISTRATOR): a page, by name',
      querystring: UnassociatedSitesQuerySchema,
      answer: PagedSchema(SiteSummarySchema),
    }),
    async (request) => sites.unassociatedSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/site/search/filtered',
    route(signedIn, {
      summary: 'Search the sites: a filtered, sorted page',
      description: "A page of the sites in the caller's scope matching the filters, with the total count.",
      operationId: 'searchSites',
      querystring: SiteSearchQuerySchema,
      answer: PagedSchema(SiteSummarySchema),
    }),
    async (request) => sites.searchSites(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/site/account/:accountId/mac/:mac',
    route(signedIn, {
      summary: "The site of a customer account number and a device's MAC address",
      params: z.object({ accountId: AccountIdSchema, mac: MacSchema }),
      answer: SiteSchema,
    }),
    async (request) =>
      sites.findByAccountAndMac(ctx, authOf(request).user, request.params.accountId, request.params.mac),
  );

  r.post(
    '/api/site/verifyAddress',
    route(signedIn, {
      summary: 'Check a postal address with the address service and suggest corrections',
      body: AddressInputSchema,
      response: { 200: VerifyAddressResponseSchema, ...geocoderResponses },
    }),
    async (request) => sites.verifyAddress(geocoder, request.body),
  );

  r.post(
    '/api/site/geocode',
    route(signedIn, {
      summary: 'Find the coordinates of an address',
      body: GeocodeRequestSchema,
      response: { 200: GeocodeResponseSchema, ...geocoderResponses },
    }),
    async (request) => sites.geocodeAddress(geocoder, request.body.address),
  );

  r.put(
    '/api/site/edit',
    // A given address is verified through the geocoder: 503 when the address service is down.
    route(administrators, {
      summary: "Change a site's name, alias, contacts or address (ADMINISTRATOR)",
      operationId: 'editSite',
      body: EditSiteRequestSchema,
      response: { ...answers(SiteSchema), 503: ErrorBodySchema },
    }),
    async (request) => sites.editSite(ctx, geocoder, authOf(request).user, request.body),
  );

  r.put(
    '/api/site/favorite/:id',
    route(personal, {
      summary: "Add a site to the caller's favorites",
      params: IdParamsSchema,
      answer: FavoriteSchema,
    }),
    async (request) => sites.setFavorite(ctx, authOf(request).user, request.params.id, true),
  );

  r.delete(
    '/api/site/favorite/:id',
    route(personal, {
      summary: "Remove a site from the caller's favorites",
      params: IdParamsSchema,
      answer: FavoriteSchema,
    }),
    async (request) => sites.setFavorite(ctx, authOf(request).user, request.params.id, false),
  );

  r.get(
    '/api/site/:id',
    route(signedIn, {
      summary: 'A site: its address, coordinates, contacts and devices',
      operationId: 'getSite',
      params: IdParamsSchema,
      answer: SiteSchema,
    }),
    async (request) => sites.getSite(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/site/:id/alerts',
    route(signedIn, {
      summary: "A site's alerts (`active=true`: only those still active)",
      operationId: 'listSiteAlerts',
      ...itemAlertsSchema,
    }),
    async (request) => sites.siteAlerts(ctx, authOf(request).user, request.params.id, request.query.active),
  );

  // `:id` (the site), not `:siteId`: one parameter name per path position for the router.
  r.post(
    '/api/site/:id/user/:userId',
    route(personal, {
      summary: 'Record that the caller opened a site (its recent sites)',
      params: z.object({ id: z.string().max(100), userId: z.string().max(100) }),
      answer: SiteVisitSchema,
    }),
    async (request) => sites.recordVisit(ctx, authOf(request).user, request.params.id, request.params.userId),
  );
});
