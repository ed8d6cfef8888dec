import type {
  Address,
  Alert,
  EditSiteRequestSchema,
  Favorite,
  GeocodeResponse,
  RecentSitesQuery,
  Site,
  SiteSearchQuery,
  SiteSummary,
  SiteVisit,
  UnassociatedSitesQuery,
  VerifyAddressResponse,
} from '@vnoc/contracts';
import type { z } from 'zod';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { Geocoder } from '../../geocoding/index.ts';
import { iso } from '../../http/iso.ts';
import { searchText } from '../../sql/fleet-query.ts';
import { scopedList, scopedPage } from '../../sql/page-request.ts';
import { scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { alertsOf } from '../alerts/service.ts';
import { presentRecentSite, presentSite, presentSiteSummary } from './present.ts';
import * as repo from './repository.ts';

/** GET site?userId: only the caller's own id is answered; any other is not found. */
export async function listSites(ctx: AppContext, user: UserWithOrg, userId: string): Promise<SiteSummary[]> {
  if (userId !== user.id) throw Errors.notFound();
  const scope = await scopeOf(ctx.db, user);
  return (await repo.listSites(ctx.db, scope)).map(presentSiteSummary);
}

export async function getSite(ctx: AppContext, user: UserWithOrg, id: string): Promise<Site> {
  if (!isUuid(id)) throw Errors.notFound();
  const row = await repo.findSite(ctx.db, await scopeOf(ctx.db, user), id);
  if (!row) throw Errors.notFound();
  return presentSite(row);
}

/** GET site/{id}/alerts: the site's alerts (its devices' and its own), the active ones with `active=true`. */
export async function siteAlerts(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  active: 'true' | 'false' | undefined,
): Promise<Alert[]> {
  return alertsOf(ctx, await requireSite(ctx, user, id), { siteId: id }, active);
}

export async function findByAccountAndMac(
  ctx: AppContext,
  user: UserWithOrg,
  accountId: string,
  mac: string,
): Promise<Site> {
  const row = await repo.findSiteByAccountAndMac(ctx.db, await scopeOf(ctx.db, user), accountId, mac);
  if (!row) throw Errors.notFound();
  return presentSite(row);
}

async function requireSite(ctx: AppContext, user: UserWithOrg, id: string) {
  const scope = await scopeOf(ctx.db, user);
  if (!isUuid(id) || !(await repo.siteExists(ctx.db, scope, id))) throw Errors.notFound();
  return scope;
}

/** POST site/{siteId}/user/{userId}: records that the caller opened the site. */
export async function recordVisit(
  ctx: AppContext,
  user: UserWithOrg,
  siteId: string,
  userId: string,
): Promise<SiteVisit> {
  if (userId !== user.id) throw Errors.notFound();
  await requireSite(ctx, user, siteId);
  const at = await repo.upsertVisit(ctx.db, user.id, siteId);
  return { siteId, userId, lastVisited: iso(at) ?? '' };
}

/** The sites the caller opened lately; sorting is by lastVisited (schema), desc unless it asks for asc. */
export const recentSites = scopedPage(
  (db, scope, query: RecentSitesQuery) =>
    repo.listRecentSites(db, scope, !query.sorting.endsWith('-asc'), query.page, query.pageSize),
  presentRecentSite,
);

/** The administrator's organization's sites in no site group, to be put in one (Settings → Groups). */
export const unassociatedSites = scopedPage(
  (db, scope, query: UnassociatedSitesQuery) =>
    repo.listUnassociatedSites(db, scope, query.page, query.pageSize),
  presentSiteSummary,
);

export async function setFavorite(
  ctx: AppContext,
  user: UserWithOrg,
  siteId: string,
  favorite: boolean,
): Promise<Favorite> {
  await requireSite(ctx, user, siteId);
  await repo.setFavorite(ctx.db, user.id, siteId, favorite);
  return { siteId, favorite };
}

/** The sites of the caller's scope that match the search, one page in the asked order. */
export const searchSites = scopedList(
  repo.searchSites,
  ({ status, kind, groupId, q }: SiteSearchQuery, ctx) => ({
    status,
    kind,
    groupId,
    ...searchText(q, 'sites', ctx),
  }),
  presentSiteSummary,
);

export const ADDRESS_NOT_VERIFIED = 'Address could not be verified.';

/**
 * PUT site/edit (ADMINISTRATOR; the route checks the role). A given address is verified here through the
 * configured geocoder, which also supplies the coordinates: verified → the normalized address, its
 * coordinates and the verified address are stored with the rest; not verified → 400 and nothing written.
 */
export async function editSite(
  ctx: AppContext,
  geocoder: Geocoder,
  user: UserWithOrg,
  body: z.output<typeof EditSiteRequestSchema>,
): Promise<Site> {
  const scope = await requireSite(ctx, user, body.id);
  let location: repo.VerifiedLocation | undefined;
  if (body.address) {
    const verification = await geocoder.verify(body.address);
    if (!verification.verified) throw Errors.invalidInput(ADDRESS_NOT_VERIFIED, 'address');
    location = { address: verification.address, coordinates: verification.coordinates };
  }
  const updated = await repo.updateSite(ctx.db, scope, body.id, {
    name: body.name,
    alias: body.alias ?? null,
    contacts: body.contacts?.map((c) => ({
      name: c.name,
      phone: c.phone ?? null,
      email: c.email ?? null,
      role: c.role ?? null,
    })),
    location,
  });
  if (!updated) throw Errors.notFound();
  return getSite(ctx, user, body.id);
}

/** POST site/verifyAddress: normalizes and checks an address; saves nothing (PUT site/edit saves). */
export async function verifyAddress(geocoder: Geocoder, address: Address): Promise<VerifyAddressResponse> {
  return geocoder.verify(address);
}

/** POST site/geocode: where an address is, or nulls when no place matches; saves nothing. */
export async function geocodeAddress(geocoder: Geocoder, address: Address): Promise<GeocodeResponse> {
  const hit = await geocoder.geocode(address);
  if (!hit) return { coordinates: null, displayName: null };
  return { coordinates: { lat: hit.lat, lng: hit.lng }, displayName: hit.displayName };
}
