import type { DeviceKind, DeviceStatus, SiteSortField } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SiteAddress, SiteContact } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { type QueryFilter, siteQueryConditions } from '../../sql/fleet-query.ts';
import type { ListRequest, RowsPage } from '../../sql/page-request.ts';
import { keptCount, pageOf, sortDirection } from '../../sql/paging.ts';
import { inSiteGroups, type Scope, siteInScope } from '../../sql/scope.ts';
import { containsPattern, macFragment, siteTextLike, sqlList } from '../../sql/text.ts';

export type SiteSummaryRow = {
  id: string;
  name: string;
  alias: string | null;
  back_office_account_id: string | null;
  account_holders: { name: string }[];
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  status: DeviceStatus;
  device_count: number;
  favorite: boolean;
  last_visited: Date | null;
};

export type SiteRow = Omit<SiteSummaryRow, 'status' | 'device_count'> & {
  contacts: SiteContact[];
  verified_address: SiteAddress | null;
  devices: { id: string; status: DeviceStatus }[];
};

/*
 * A site's status is the worst status of its edge device(s), `unknown` without one (ARCHITECTURE "Site
 * status"). It is stored: `sites.status` and its severity `sites.status_rank` (0 offline … 7 online) are
 * kept by triggers on `devices` (migration 0003), so lists filter and sort on indexed columns.
 */

/** The number of devices of the site `s`. */
const deviceCount = sql`(select count(*)::int from devices c_d where c_d.site_id = s.id)`;

function summaryColumns(userId: string): SQL {
  return sql`s.id, s.name, s.alias, s.back_office_account_id, s.account_holders, s.street, s.city,
    s.state, s.zip, s.country, s.latitude, s.longitude, s.status,
    ${deviceCount} as device_count,
    exists (select 1 from site_favorites f where f.site_id = s.id and f.user_id = ${userId}) as favorite,
    (select v.last_visited from site_visits v where v.site_id = s.id and v.user_id = ${userId}) as last_visited`;
}

/** Every site in scope, by name (GET site). */
export async function listSites(db: DbOrTx, scope: Scope): Promise<SiteSummaryRow[]> {
  const { rows } = await db.execute<SiteSummaryRow>(sql`
    select ${summaryColumns(scope.userId)} from sites s
    where ${siteInScope(scope)} order by s.name, s.id`);
  return rows;
}

export type SiteFilters = {
  status?: DeviceStatus[];
  kind?: DeviceKind[];
  groupId?: string[];
  q?: string;
  /** The filters of the query language in the search text (issue 37). */
  query?: QueryFilter;
};

/** A MAC typed with dashes, upper case or without separators, in the stored colon form. */
function filterConditions(scope: Scope, filters: SiteFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.status) where.push(sql`s.status in (${sqlList(filters.status)})`);
  if (filters.kind)
    where.push(
      sql`exists (select 1 from devices k_d where k_d.site_id = s.id and k_d.kind in (${sqlList(filters.kind)}))`,
    );
  if (filters.groupId) where.push(inSiteGroups(filters.groupId));
  if (filters.query) where.push(...siteQueryConditions(filters.query));
  if (filters.q) {
    const p = containsPattern(filters.q);
    const mac = containsPattern(macFragment(filters.q));
    // Both sides are trigram-indexed (GIN): `search_text` joins name, alias, account, address and account
    // holders (so a pattern may span two adjacent fields); the MACs are looked up once, not per site.
    where.push(sql`(${siteTextLike(p)} or s.id = any(array(
      select m_d.site_id from devices m_d
      where m_d.organization_id = ${scope.organizationId} and m_d.mac_address ilike ${mac})))`);
  }
  return where;
}

const SITE_SORT: Record<SiteSortField, SQL> = {
  name: sql`s.name`,
  alias: sql`s.alias`,
  backOfficeAccountId: sql`s.back_office_account_id`,
  city: sql`s.city`,
  state: sql`s.state`,
  zip: sql`s.zip`,
  status: sql`s.status_rank`,
  deviceCount,
};

/** The columns a page of sites may be sorted by (SITE_SORT), for collecting matches before sorting. */
const sortableColumns = sql`s.id, s.name, s.alias, s.back_office_account_id, s.city, s.state, s.zip, s.status_rank`;

export async function searchSites(
  db: DbOrTx,
  scope: Scope,
  { filters, sort, page, pageSize }: ListRequest<SiteFilters, SiteSortField>,
): Promise<RowsPage<SiteSummaryRow>> {
  const where = sql.join([siteInScope(scope), ...filterConditions(scope, filters)], sql` and `);
  const orderBy = sql`${SITE_SORT[sort.field]} ${sortDirection(sort.desc)}, s.name, s.id`;
  const limit = sql`limit ${pageSize} offset ${page * pageSize}`;
  // The page's ids first (an ordered, limited scan of an index where one fits), then the summary columns
  // and their subqueries for those ids only: the cost of a page does not grow with its offset.
  const pageOfIds = (ids: SQL) => sql`
    with p as (${ids})
    select ${summaryColumns(scope.userId)}, p.total from p join sites s on s.id = p.id
    order by ${orderBy}`;
  // The whole organization, or only a status filter: the maintained per-status site counts, no scan.
  const maintained = !scope.restricted && !filters.kind && !filters.groupId && !filters.q && !filters.query;
  const counted = maintained
    ? keptCount('org_site_status_counts', scope.organizationId, filters.status)
    : sql`select count(*)::int from sites s where ${where}`;
  const count = async () => {
    const { rows } = await db.execute<{ n: number }>(sql`select (${counted}) as n`);
    return rows[0]?.n ?? 0;
  };
  // Where the total is cheap to give with the page, one statement answers both (one round trip): free text
  // counts its matches, collected first (materialized, so the planner does not walk a sort index testing every
  // site), then sorted and paged; the maintained counts are read once beside the page. A page past the end has
  // no row to carry the total, so it is counted apart.
  const withTotal = filters.q
    ? sql`with m as materialized (select ${sortableColumns} from sites s where ${where})
      select s.id, count(*) over ()::int as total from m s order by ${orderBy} ${limit}`
    : maintained
      ? sql`select s.id, (${counted}) as total from sites s where ${where} order by ${orderBy} ${limit}`
      : undefined;
  if (withTotal) {
    const { rows } = await db.execute<SiteSummaryRow & { total: number | null }>(pageOfIds(withTotal));
    const total = rows[0]?.total ?? (page === 0 ? 0 : await count());
    return { rows: rows.map(({ total: _, ...row }) => row), total };
  }
  // Other filters: the page and its count side by side, on two connections.
  const [{ rows }, total] = await Promise.all([
    db.execute<SiteSummaryRow & { total: null }>(
      pageOfIds(
        sql`select s.id, null::int as total from sites s where ${where} order by ${orderBy} ${limit}`,
      ),
    ),
    count(),
  ]);
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

export async function listRecentSites(
  db: DbOrTx,
  scope: Scope,
  desc: boolean,
  page: number,
  pageSize: number,
): Promise<RowsPage<SiteSummaryRow>> {
  const visits = sql`site_visits rv join sites s on s.id = rv.site_id`;
  return pageOf<SiteSummaryRow>(db, {
    columns: summaryColumns(scope.userId),
    from: visits,
    where: sql`${siteInScope(scope)} and rv.user_id = ${scope.userId}`,
    orderBy: sql`rv.last_visited ${desc ? sql`desc` : sql`asc`}, s.id`,
    page,
    pageSize,
  });
}

/**
 * The scope's sites in no site group of their organization ("unassociated sites", docs/decisions/fleet.md):
 * a person restricted to groups never sees them. By name.
 */
export async function listUnassociatedSites(
  db: DbOrTx,
  scope: Scope,
  page: number,
  pageSize: number,
): Promise<RowsPage<SiteSummaryRow>> {
  return pageOf<SiteSummaryRow>(db, {
    columns: summaryColumns(scope.userId),
    from: sql`sites s`,
    where: sql`${siteInScope(scope)}
      and not exists (select 1 from site_group_sites m join site_groups g on g.id = m.site_group_id
        where m.site_id = s.id and g.organization_id = ${scope.organizationId})`,
    orderBy: sql`s.name, s.id`,
    page,
    pageSize,
  });
}

async function findSiteWhere(db: DbOrTx, scope: Scope, condition: SQL): Promise<SiteRow | undefined> {
  const { rows } = await db.execute<SiteRow>(sql`
    select s.id, s.name, s.alias, s.back_office_account_id, s.account_holders, s.street, s.city, s.state,
      s.zip, s.country, s.latitude, s.longitude, s.contacts, s.verified_address,
      exists (select 1 from site_favorites f where f.site_id = s.id and f.user_id = ${scope.userId}) as favorite,
      (select v.last_visited from site_visits v where v.site_id = s.id and v.user_id = ${scope.userId}) as last_visited,
      coalesce((select json_agg(json_build_object('id', d.id, 'status', d.status) order by d.id)
        from devices d where d.site_id = s.id), '[]'::json) as devices
    from sites s
    where ${siteInScope(scope)} and ${condition}
    limit 1`);
  return rows[0];
}

export function findSite(db: DbOrTx, scope: Scope, id: string) {
  return findSiteWhere(db, scope, sql`s.id = ${id}`);
}

export function findSiteByAccountAndMac(db: DbOrTx, scope: Scope, accountId: string, mac: string) {
  return findSiteWhere(
    db,
    scope,
    sql`s.back_office_account_id = ${accountId}
      and exists (select 1 from devices d where d.site_id = s.id and d.mac_address = ${mac})`,
  );
}

/** True when the site exists in scope. */
export async function siteExists(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select s.id from sites s where s.id = ${id} and ${siteInScope(scope)}`,
  );
  return rows.length === 1;
}

export async function upsertVisit(db: DbOrTx, userId: string, siteId: string): Promise<Date> {
  const { rows } = await db.execute<{ last_visited: Date }>(sql`
    insert into site_visits (user_id, site_id, last_visited) values (${userId}, ${siteId}, now())
    on conflict (user_id, site_id) do update set last_visited = excluded.last_visited
    returning last_visited`);
  const at = rows[0]?.last_visited;
  if (!at) throw new Error('visit upsert returned nothing');
  return at;
}

export async function setFavorite(db: DbOrTx, userId: string, siteId: string, favorite: boolean) {
  if (favorite)
    await db.execute(
      sql`insert into site_favorites (user_id, site_id) values (${userId}, ${siteId}) on conflict do nothing`,
    );
  else await db.execute(sql`delete from site_favorites where user_id = ${userId} and site_id = ${siteId}`);
}

/** A verified address to store: the geocoder's normalized address and its coordinates. */
export type VerifiedLocation = { address: SiteAddress; coordinates: { lat: number; lng: number } | null };

/**
 * PUT site/edit's write, one statement: name and alias; contacts when given; and, when given, the verified
 * address (street … country, coordinates and `verified_address`). Answers whether a row was updated.
 */
export async function updateSite(
  db: DbOrTx,
  scope: Scope,
  id: string,
  patch: { name: string; alias: string | null; contacts?: SiteContact[]; location?: VerifiedLocation },
): Promise<boolean> {
  const sets: SQL[] = [sql`name = ${patch.name}`, sql`alias = ${patch.alias}`];
  if (patch.contacts) sets.push(sql`contacts = ${JSON.stringify(patch.contacts)}::jsonb`);
  if (patch.location) {
    const { address, coordinates } = patch.location;
    sets.push(
      sql`street = ${address.street}`,
      sql`city = ${address.city}`,
      sql`state = ${address.state}`,
      sql`zip = ${address.zip}`,
      sql`country = ${address.country}`,
      sql`latitude = ${coordinates?.lat ?? null}`,
      sql`longitude = ${coordinates?.lng ?? null}`,
      sql`verified_address = ${JSON.stringify(address)}::jsonb`,
    );
  }
  const { rows } = await db.execute<{ id: string }>(
    sql`update sites s set ${sql.join(sets, sql`, `)} where s.id = ${id} and ${siteInScope(scope)} returning s.id`,
  );
  return rows.length === 1;
}
