import type { DeviceKind, DeviceStatus, SiteSortField } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SiteAddress, SiteContact } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import {
  containsPattern,
  inSiteGroups,
  pageOf,
  type Scope,
  siteInScope,
  sortDirection,
  sqlList,
} from './scope.ts';

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

/** Severity of a status, worst first: a site shows the worst status of its edge device(s). */
const STATUS_RANK = sql.raw(`case e_d.status
  when 'offline' then 0 when 'rebooting' then 1 when 'error' then 2 when 'onbackup' then 3
  when 'pending' then 4 when 'uninstalled' then 5 when 'unknown' then 6 else 7 end`);

/** The site's status, from its worst edge device (`e`), `unknown` without one. */
const siteStatus = sql`coalesce(e.status, 'unknown')`;
const siteStatusRank = sql.raw(`(case coalesce(e.status, 'unknown')
  when 'offline' then 0 when 'rebooting' then 1 when 'error' then 2 when 'onbackup' then 3
  when 'pending' then 4 when 'uninstalled' then 5 when 'unknown' then 6 else 7 end)`);

const edgeJoin = sql`left join lateral (
  select e_d.status from devices e_d
  where e_d.site_id = s.id and e_d.kind in ('firewall', '5g')
  order by ${STATUS_RANK} limit 1) e on true`;

function summaryColumns(userId: string): SQL {
  return sql`s.id, s.name, s.alias, s.back_office_account_id, s.account_holders, s.street, s.city,
    s.state, s.zip, s.country, s.latitude, s.longitude,
    ${siteStatus} as status,
    (select count(*)::int from devices c_d where c_d.site_id = s.id) as device_count,
    exists (select 1 from site_favorites f where f.site_id = s.id and f.user_id = ${userId}) as favorite,
    (select v.last_visited from site_visits v where v.site_id = s.id and v.user_id = ${userId}) as last_visited`;
}

/** Every site in scope, by name (GET site). */
export async function listSites(db: DbOrTx, scope: Scope): Promise<SiteSummaryRow[]> {
  const { rows } = await db.execute<SiteSummaryRow>(sql`
    select ${summaryColumns(scope.userId)} from sites s ${edgeJoin}
    where ${siteInScope(scope)} order by s.name, s.id`);
  return rows;
}

export type SiteFilters = {
  status?: DeviceStatus[];
  kind?: DeviceKind[];
  groupId?: string[];
  q?: string;
};

/** A MAC typed with dashes, upper case or without separators, in the stored colon form. */
function macFragment(q: string): string {
  const lower = q.toLowerCase().replaceAll('-', ':');
  return /^[0-9a-f]{12}$/.test(lower) ? lower.replace(/(..)(?!$)/g, '$1:') : lower;
}

function filterConditions(filters: SiteFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.status) where.push(sql`${siteStatus} in (${sqlList(filters.status)})`);
  if (filters.kind)
    where.push(
      sql`exists (select 1 from devices k_d where k_d.site_id = s.id and k_d.kind in (${sqlList(filters.kind)}))`,
    );
  if (filters.groupId) where.push(inSiteGroups(filters.groupId));
  if (filters.q) {
    const p = containsPattern(filters.q);
    const mac = containsPattern(macFragment(filters.q));
    // Sequential ILIKE over one organization's sites: fine at demo size; see ARCHITECTURE for 100k.
    where.push(sql`(s.name ilike ${p} or s.alias ilike ${p} or s.back_office_account_id ilike ${p}
      or concat_ws(' ', s.street, s.city, s.state, s.zip, s.country) ilike ${p}
      or exists (select 1 from jsonb_array_elements(s.account_holders) h where h->>'name' ilike ${p})
      or exists (select 1 from devices m_d where m_d.site_id = s.id and m_d.mac_address ilike ${mac}))`);
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
  status: siteStatusRank,
  deviceCount: sql`device_count`,
};

export async function searchSites(
  db: DbOrTx,
  scope: Scope,
  filters: SiteFilters,
  sort: { field: SiteSortField; desc: boolean },
  page: number,
  pageSize: number,
): Promise<{ rows: SiteSummaryRow[]; total: number }> {
  return pageOf<SiteSummaryRow>(db, {
    columns: summaryColumns(scope.userId),
    from: sql`sites s ${edgeJoin}`,
    where: sql.join([siteInScope(scope), ...filterConditions(filters)], sql` and `),
    orderBy: sql`${SITE_SORT[sort.field]} ${sortDirection(sort.desc)}, s.name, s.id`,
    page,
    pageSize,
  });
}

export async function listRecentSites(
  db: DbOrTx,
  scope: Scope,
  desc: boolean,
  page: number,
  pageSize: number,
): Promise<{ rows: SiteSummaryRow[]; total: number }> {
  const visits = sql`site_visits rv join sites s on s.id = rv.site_id`;
  return pageOf<SiteSummaryRow>(db, {
    columns: summaryColumns(scope.userId),
    from: sql`${visits} ${edgeJoin}`,
    // The edge device decides no row's presence: the count leaves its join out.
    countFrom: visits,
    where: sql`${siteInScope(scope)} and rv.user_id = ${scope.userId}`,
    orderBy: sql`rv.last_visited ${desc ? sql`desc` : sql`asc`}, s.id`,
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

export async function updateSite(
  db: DbOrTx,
  id: string,
  patch: { name: string; alias: string | null; contacts?: SiteContact[] },
): Promise<void> {
  const contacts = patch.contacts ? sql`, contacts = ${JSON.stringify(patch.contacts)}::jsonb` : sql``;
  await db.execute(
    sql`update sites set name = ${patch.name}, alias = ${patch.alias} ${contacts} where id = ${id}`,
  );
}
