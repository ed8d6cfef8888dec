import {
  type FleetQuery,
  hasFilters,
  parseFleetQuery,
  type QueryTarget,
  queryErrorMessage,
} from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { Errors } from '../errors.ts';
import { containsPattern, macFragment, prefixPattern, siteTextLike, sqlList } from './text.ts';

/*
 * The fleet query language in SQL (issue 37; the parser is the contracts' `parseFleetQuery`). The header
 * search and the Sites, All Devices and Alerts lists turn a query's filters into conditions here, on the table
 * aliases they use; the free text stays with each list's own text match. Scope is the caller's business: these
 * conditions only narrow a statement already scoped by `sql/scope.ts`.
 */

/** A query's filters with the time `since:` counts back from. */
export type QueryFilter = { query: FleetQuery; now: Date };

/**
 * The query text read for `target`, or nothing for an empty text: 400 with the parser's message (its
 * position included) on a query that cannot be read.
 */
export function readQuery(q: string | undefined, target: QueryTarget | undefined, now: Date) {
  if (!q?.trim()) return undefined;
  const parsed = parseFleetQuery(q, target);
  if (!parsed.ok) throw Errors.invalidInput(queryErrorMessage(parsed.error), 'q');
  return { query: parsed.query, now } satisfies QueryFilter;
}

/**
 * A list's search box in the query language: its free text (for the list's own text match) and its filters,
 * none when it has no `key:` (so a plain text keeps every fast path it had).
 */
export function searchText(
  q: string | undefined,
  target: QueryTarget,
  ctx: { now: () => Date },
): { q?: string; query?: QueryFilter } {
  const read = readQuery(q, target, ctx.now());
  if (!read) return {};
  return { q: read.query.text || undefined, ...(hasFilters(read.query) && { query: read }) };
}

const anyOf = (parts: SQL[]): SQL =>
  parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` or `)})`;
const lowered = (values: readonly string[]) => sql.param(values.map((v) => v.toLowerCase()));
const col = (alias: string, column: string) => sql.raw(`${alias}.${column}`);
const sinceOf = ({ query, now }: QueryFilter) =>
  query.sinceMinutes === undefined
    ? undefined
    : new Date(now.getTime() - query.sinceMinutes * 60_000).toISOString();

/** `state:`, `site:` and `group:` on the site `s` (an alias of `sites`); `status:` too with `status`. */
function siteParts({ query }: QueryFilter, s: string, status: boolean): SQL[] {
  const parts: SQL[] = [];
  if (status && query.status) parts.push(sql`${col(s, 'status')} in (${sqlList(query.status)})`);
  if (query.state) parts.push(sql`lower(${col(s, 'state')}) = any(${lowered(query.state)}::text[])`);
  if (query.site)
    parts.push(anyOf(query.site.map((v) => siteTextLike(containsPattern(v), col(s, 'search_text')))));
  if (query.group)
    parts.push(sql`exists (select 1 from site_group_sites q_g join site_groups q_sg on q_sg.id = q_g.site_group_id
      where q_g.site_id = ${col(s, 'id')} and lower(q_sg.name) = any(${lowered(query.group)}::text[]))`);
  return parts;
}

/** `model:` (its beginning), `kind:`, `mac:`/`serial:` on the device `d`; `status:` and `since:` too when asked. */
function deviceParts(filter: QueryFilter, d: string, own: { status: boolean; since: boolean }): SQL[] {
  const { query } = filter;
  const parts: SQL[] = [];
  if (own.status && query.status) parts.push(sql`${col(d, 'status')} in (${sqlList(query.status)})`);
  if (query.model)
    parts.push(anyOf(query.model.map((v) => sql`${col(d, 'model')} ilike ${prefixPattern(v)}`)));
  if (query.kind) parts.push(sql`${col(d, 'kind')} in (${sqlList(query.kind)})`);
  if (query.mac)
    parts.push(
      anyOf(query.mac.map((v) => sql`${col(d, 'mac_address')} ilike ${containsPattern(macFragment(v))}`)),
    );
  const since = own.since ? sinceOf(filter) : undefined;
  if (since) parts.push(sql`${col(d, 'last_update')} >= ${since}`);
  return parts;
}

const deviceKeys = (query: FleetQuery) => Boolean(query.model || query.kind || query.mac);

/** The conditions of a sites list (`s`): its own status and place, and a device of the site for the device keys. */
export function siteQueryConditions(filter: QueryFilter): SQL[] {
  const parts = siteParts(filter, 's', true);
  if (deviceKeys(filter.query))
    parts.push(
      sql`exists (select 1 from devices q_d where q_d.site_id = s.id and ${sql.join(
        deviceParts(filter, 'q_d', { status: false, since: false }),
        sql` and `,
      )})`,
    );
  return parts;
}

/** The conditions of a devices list (`d`, its site joined as `s`). */
export function deviceQueryConditions(filter: QueryFilter): SQL[] {
  return [...deviceParts(filter, 'd', { status: true, since: true }), ...siteParts(filter, 's', false)];
}

/**
 * The conditions on a row with a device and a site (an alert `a`, a ticket `t`): the device's keys and status
 * on its device (or, with no device, the status on its site), the place on its site; `state:` also matches a
 * regional incident's region (no site).
 */
function itemConditions(filter: QueryFilter, row: string, regional: boolean): SQL[] {
  const { query } = filter;
  const parts: SQL[] = [];
  const device = deviceParts(filter, 'q_d', { status: true, since: false });
  if (device.length > 0) {
    const ownStatus = query.status
      ? sql` or (${col(row, 'device_id')} is null and exists (select 1 from sites q_ss
      where q_ss.id = ${col(row, 'site_id')} and q_ss.status in (${sqlList(query.status)})))`
      : sql``;
    const onDevice = sql`exists (select 1 from devices q_d where q_d.id = ${col(row, 'device_id')} and ${sql.join(device, sql` and `)})`;
    parts.push(deviceKeys(query) || !query.status ? onDevice : sql`(${onDevice}${ownStatus})`);
  }
  const site = siteParts(filter, 'q_s', false);
  if (site.length > 0) {
    const onSite = sql`exists (select 1 from sites q_s where q_s.id = ${col(row, 'site_id')} and ${sql.join(site, sql` and `)})`;
    const region =
      regional && query.state && !query.site && !query.group
        ? sql` or (${col(row, 'site_id')} is null and lower(${col(row, 'region')}) = any(${lowered(query.state)}::text[]))`
        : sql``;
    parts.push(sql`(${onSite}${region})`);
  }
  return parts;
}

/** The conditions of an alerts list (`a`): severity, acknowledgement, raised since, and its device and site. */
export function alertQueryConditions(filter: QueryFilter): SQL[] {
  const { query } = filter;
  const parts = itemConditions(filter, 'a', true);
  if (query.severity) parts.push(sql`a.severity in (${sqlList(query.severity)})`);
  if (query.ack !== undefined)
    parts.push(query.ack ? sql`a.acknowledged_at is not null` : sql`a.acknowledged_at is null`);
  const since = sinceOf(filter);
  if (since) parts.push(sql`a.raised_at >= ${since}`);
  return parts;
}

/** The conditions of a tickets search (`t`): sent since, and its device and site. */
export function ticketQueryConditions(filter: QueryFilter): SQL[] {
  const parts = itemConditions(filter, 't', false);
  const since = sinceOf(filter);
  if (since) parts.push(sql`t.created_at >= ${since}`);
  return parts;
}
