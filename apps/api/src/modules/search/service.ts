import {
  AlertListQuerySchema,
  DeviceSearchQuerySchema,
  type GlobalSearchQuery,
  type GlobalSearchResult,
  type QueryTarget,
  queryApplies,
  SiteSearchQuerySchema,
  TicketListQuerySchema,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { readQuery } from '../../sql/fleet-query.ts';
import { scopeOf } from '../../sql/scope.ts';
import { listAlerts } from '../alerts/service.ts';
import { searchDevices } from '../devices/service.ts';
import { searchSites } from '../sites/service.ts';
import { listTickets } from '../tickets/service.ts';
import { alertHit, deviceHit, siteHit, ticketHit } from './present.ts';
import * as repo from './repository.ts';

/**
 * GET /api/search (issue 37): the query in every list that takes it — the sites, devices, active alerts and
 * tickets of the caller's scope, `limit` of each — through each list's own search, so a group shows the first
 * rows its list's "see all" shows. A group whose list a key does not filter (severity: on the sites) is empty;
 * a query that cannot be read is a 400 with its message.
 */
export async function globalSearch(
  ctx: AppContext,
  user: UserWithOrg,
  { q, limit }: GlobalSearchQuery,
): Promise<GlobalSearchResult> {
  const read = readQuery(q, undefined, ctx.now());
  const applies = (target: QueryTarget) => read !== undefined && queryApplies(read.query, target);
  const page = { q, page: 0, pageSize: limit };
  const [sites, devices, alerts, tickets] = await Promise.all([
    applies('sites') ? searchSites(ctx, user, SiteSearchQuerySchema.parse(page)) : undefined,
    applies('devices') ? searchDevices(ctx, user, DeviceSearchQuerySchema.parse(page)) : undefined,
    applies('alerts') ? listAlerts(ctx, user, AlertListQuerySchema.parse(page)) : undefined,
    applies('tickets') ? listTickets(ctx, user, TicketListQuerySchema.parse(page)) : undefined,
  ]);
  return {
    sites: sites?.content.map(siteHit) ?? [],
    devices: devices?.content.map(deviceHit) ?? [],
    alerts: alerts?.content.map(alertHit) ?? [],
    tickets: tickets?.content.map(ticketHit) ?? [],
  };
}

/** GET /api/search/vocabulary: the models, site groups and states the suggestions offer. */
export async function queryVocabulary(ctx: AppContext, user: UserWithOrg) {
  return repo.vocabulary(ctx.db, await scopeOf(ctx.db, user));
}
