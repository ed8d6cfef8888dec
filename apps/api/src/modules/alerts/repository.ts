import type { AlertCode, AlertSeverity, AlertSortField, AlertState } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared } from '../../plugins/db.ts';
import { alertQueryConditions, type QueryFilter } from '../../sql/fleet-query.ts';
import { deviceName, personName, personNameOf } from '../../sql/names.ts';
import type { ListRequest, RowsPage } from '../../sql/page-request.ts';
import { sortDirection } from '../../sql/paging.ts';
import { type Scope, siteInScope } from '../../sql/scope.ts';
import { containsPattern, macFragment, siteTextLike } from '../../sql/text.ts';

export type AlertRow = {
  id: string;
  seq: number;
  code: AlertCode;
  severity: AlertSeverity;
  state: AlertState;
  site_id: string | null;
  site_name: string | null;
  device_id: string | null;
  device_kind: string | null;
  device_name: string | null;
  device_model: string | null;
  mac_address: string | null;
  region: string | null;
  details: Record<string, number | string>;
  raised_at: Date | string;
  last_seen_at: Date | string;
  cleared_at: Date | string | null;
  occurrences: number;
  root_alert_id: string | null;
  dependents: number;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  acknowledged_by_support: string | null;
  acknowledged_by_support_name: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  assigned_by: string | null;
  assigned_by_name: string | null;
  assigned_by_support: string | null;
  assigned_by_support_name: string | null;
  in_maintenance: boolean;
  ticket: { id: string; number: number; status: 'open' | 'closed' } | null;
};

/** The columns of an alert row; its dependents are counted within the caller's scope. */
const columns = (
  scope: Scope,
) => sql`a.id, a.seq, a.code, a.severity, a.state, a.site_id, s.name as site_name, a.device_id,
  d.kind as device_kind, ${deviceName} as device_name, d.model as device_model, d.mac_address, coalesce(a.region, s.state) as region, a.details,
  a.raised_at, a.last_seen_at, a.cleared_at, a.occurrences, a.root_alert_id,
  (select count(*)::int from alerts x where x.root_alert_id = a.id and (a.state = 'cleared' or x.state = 'active')
     and (x.site_id is null or ${siteInScope(scope, sql`x.site_id`, sql`x.organization_id`)})) as dependents,
  a.acknowledged_at, a.acknowledged_by, ${personNameOf(sql`a.acknowledged_by`)} as acknowledged_by_name,
  a.acknowledged_by_support, ${personNameOf(sql`a.acknowledged_by_support`)} as acknowledged_by_support_name,
  a.assignee_id, ${personNameOf(sql`a.assignee_id`)} as assignee_name,
  a.assigned_by, ${personNameOf(sql`a.assigned_by`)} as assigned_by_name,
  a.assigned_by_support, ${personNameOf(sql`a.assigned_by_support`)} as assigned_by_support_name, a.in_maintenance,
  (select json_build_object('id', t.id, 'number', t.number, 'status', t.status) from tickets t
     where t.alert_id = a.id order by t.status = 'open' desc, t.created_at desc limit 1) as ticket`;
const from = sql`alerts a
  left join sites s on s.id = a.site_id
  left join devices d on d.id = a.device_id`;

/**
 * Alerts the caller sees: the organization's; for a caller restricted to site groups, those on their
 * groups' sites, and incidents over several sites with a dependent on one of them.
 */
export function alertInScope(scope: Scope): SQL {
  const org = sql`a.organization_id = ${scope.organizationId}`;
  if (!scope.restricted) return org;
  return sql`(${org} and (
    (a.site_id is not null and ${siteInScope(scope, sql`a.site_id`, sql`a.organization_id`)})
    or (a.site_id is null and exists (
      select 1 from alerts dep where dep.root_alert_id = a.id and dep.site_id is not null
        and ${siteInScope(scope, sql`dep.site_id`, sql`dep.organization_id`)}))))`;
}

/** Sites or devices a free text names beyond which they are matched in the list's own scan instead. */
export const TEXT_IDS_MAX = 2000;

/**
 * What a free text names: the organization's sites whose text matches (name, alias, account, address — the
 * fleet's trigram-indexed `search_text`) and its devices whose MAC matches, found first, so the list reads
 * their alerts through the site and device indexes; `null` when there are more than TEXT_IDS_MAX (then the
 * list's scan tests each alert, and finds a page soon since matches are many). Regional incidents match
 * by their region (the sites' text by `siteTextLike`).
 */
export type TextMatch = {
  pattern: string;
  mac: string;
  siteIds: string[] | null;
  deviceIds: string[] | null;
};

export async function matchText(
  db: DbOrTx,
  organizationId: string,
  q: string,
  max = TEXT_IDS_MAX,
): Promise<TextMatch> {
  const pattern = containsPattern(q);
  const mac = containsPattern(macFragment(q));
  // The planner costs the trigram bitmap above a scan of the whole (wide-rowed) sites table, which reads every
  // site to find a city's few hundred: at 30 000 sites 22 ms against 6 ms through the index. Told not to scan,
  // it takes the index where the text has a trigram and the organization's index where it has none.
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute<{ sites: string[] | null; devices: string[] | null }>(sql`
      select
        (select array_agg(id) from (select id from sites where organization_id = ${organizationId}
           and ${siteTextLike(pattern, sql`search_text`)} limit ${max + 1}) x) as sites,
        (select array_agg(id) from (select id from devices where organization_id = ${organizationId}
           and mac_address ilike ${mac} limit ${max + 1}) y) as devices`);
  });
  const within = (ids: string[] | null | undefined) => {
    const list = ids ?? [];
    return list.length > max ? null : list;
  };
  return { pattern, mac, siteIds: within(rows[0]?.sites), deviceIds: within(rows[0]?.devices) };
}

/**
 * What a free text matches, as disjoint alternatives (their union is the filter): the matched sites' alerts,
 * the matched devices' alerts elsewhere, and regional incidents by region (those of no matched device). Sites
 * and devices by id when matchText found them, else by their text in a subquery.
 */
function textParts(organizationId: string, m: TextMatch): SQL[] {
  const site =
    m.siteIds === null
      ? sql`a.site_id in (select x.id from sites x where x.organization_id = ${organizationId} and ${siteTextLike(m.pattern, sql`x.search_text`)})`
      : m.siteIds.length > 0
        ? sql`a.site_id = any(${sql.param(m.siteIds)}::uuid[])`
        : undefined;
  const device =
    m.deviceIds === null
      ? sql`a.device_id in (select x.id from devices x where x.organization_id = ${organizationId} and x.mac_address ilike ${m.mac})`
      : m.deviceIds.length > 0
        ? sql`a.device_id = any(${sql.param(m.deviceIds)}::uuid[])`
        : undefined;
  const not = (part: SQL | undefined) => (part ? sql` and not coalesce(${part}, false)` : sql``);
  return [
    site,
    device ? sql`${device}${not(site)}` : undefined,
    sql`a.site_id is null and a.region ilike ${m.pattern}${not(device)}`,
  ].filter((part): part is SQL => part !== undefined);
}

export type AlertFilters = {
  state: AlertState;
  codes?: AlertCode[];
  severities?: AlertSeverity[];
  siteId?: string;
  deviceId?: string;
  groupId?: string;
  text?: TextMatch;
  /** The filters of the query language in the search text (issue 37). */
  query?: QueryFilter;
  from?: string;
  to?: string;
  dependents: boolean;
};

/** The filters' condition (scope included). */
export function alertWhere(scope: Scope, f: AlertFilters): SQL {
  const inGroup = (site: SQL) =>
    sql`exists (select 1 from site_group_sites g where g.site_id = ${site} and g.site_group_id = ${f.groupId})`;
  const conditions: (SQL | undefined)[] = [
    alertInScope(scope),
    sql`a.state = ${f.state}`,
    f.dependents ? undefined : sql`a.root_alert_id is null`,
    f.codes ? sql`a.code = any(${sql.param(f.codes)}::text[])` : undefined,
    f.severities ? sql`a.severity = any(${sql.param(f.severities)}::text[])` : undefined,
    f.siteId
      ? // The site's alerts and the incidents with a dependent there, both found through the site index.
        sql`a.id in (select x.id from alerts x where x.site_id = ${f.siteId}
          union all select x.root_alert_id from alerts x where x.site_id = ${f.siteId} and x.root_alert_id is not null)`
      : undefined,
    f.deviceId ? sql`a.device_id = ${f.deviceId}` : undefined,
    f.groupId
      ? sql`(${inGroup(sql`a.site_id`)} or (a.site_id is null and exists (
          select 1 from alerts dep where dep.root_alert_id = a.id and ${inGroup(sql`dep.site_id`)})))`
      : undefined,
    f.text ? sql`(${sql.join(textParts(scope.organizationId, f.text), sql` or `)})` : undefined,
    ...(f.query ? alertQueryConditions(f.query) : []),
    f.from ? sql`a.raised_at >= ${new Date(f.from).toISOString()}` : undefined,
    f.to ? sql`a.raised_at <= ${new Date(f.to).toISOString()}` : undefined,
  ];
  return sql.join(
    conditions.filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
}

const SEVERITY_ORDER = sql`case a.severity when 'critical' then 0 when 'major' then 1 when 'minor' then 2 else 3 end`;
const SORT: Record<Exclude<AlertSortField, 'priority'>, SQL> = {
  raisedAt: sql`a.raised_at`,
  lastSeenAt: sql`a.last_seen_at`,
  clearedAt: sql`a.cleared_at`,
  // Ascending = worst first.
  severity: SEVERITY_ORDER,
  code: sql`a.code`,
  siteName: sql`lower(s.name)`,
  occurrences: sql`a.occurrences`,
};

/**
 * The list's order, with the page's tie-breaker. `priority` (ascending): unacknowledged first, then worst
 * severity, then newest (issue 37); descending is its reverse.
 */
function orderOf({ field, desc }: { field: AlertSortField; desc: boolean }): SQL {
  const dir = sortDirection(desc);
  const by =
    field === 'priority'
      ? sql`(a.acknowledged_at is not null) ${dir}, ${SEVERITY_ORDER} ${dir}, a.raised_at ${sortDirection(!desc)}`
      : sql`${SORT[field]} ${dir}`;
  return sql`${by}, a.seq desc nulls last`;
}

/** Totals are counted up to this many; a list longer than that says so and no more (a count of a million rows costs). */
export const COUNT_CAP = 10_000;

/**
 * What a page's ids are picked from: the alerts alone (an index-only scan of the sort's index), with the
 * sites only to sort by site name.
 */
const listFrom = (field: AlertSortField) =>
  field === 'siteName' ? sql`alerts a left join sites s on s.id = a.site_id` : sql`alerts a`;

/**
 * One page of the filtered list and its total (counted up to COUNT_CAP). The page's ids are picked first, with
 * the total in the same statement (sorted and offset over the filter's tables only), then only those rows get
 * their columns and counts.
 */
export async function listAlerts(
  db: DbOrTx,
  scope: Scope,
  { filters, sort, page, pageSize }: ListRequest<AlertFilters, AlertSortField>,
): Promise<RowsPage<AlertRow>> {
  const where = alertWhere(scope, filters);
  const order = orderOf(sort);
  const { rows: picked } = await db.execute<{ ids: string[]; total: number }>(sql`
    select array(select a.id from ${listFrom(sort.field)} where ${where} order by ${order}
      limit ${pageSize} offset ${page * pageSize}) as ids, ${totalOf(scope, filters, where)}::int as total`);
  const ids = picked[0]?.ids ?? [];
  const total = picked[0]?.total ?? 0;
  if (ids.length === 0) return { rows: [], total };
  // The rows' columns by id: the same statement for every page, so prepared (planning it cost as much as running).
  const rows = await executePrepared<AlertRow>(
    db,
    sql`select ${columns(scope)} from ${from} where a.id = any(${sql.param(ids)}::uuid[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/**
 * The list's total, as an SQL expression: from the maintained `org_alert_counts` (exact) when the caller sees
 * the whole organization and filters by nothing but state, severity and code, as the Alerts screen opens and
 * its chips filter; else counted up to COUNT_CAP.
 */
function totalOf(scope: Scope, f: AlertFilters, where: SQL): SQL {
  const kept =
    !scope.restricted &&
    !f.dependents &&
    !f.siteId &&
    !f.deviceId &&
    !f.groupId &&
    !f.text &&
    !f.query &&
    !f.from &&
    !f.to;
  if (kept) {
    return sql`(select coalesce(sum(n), 0) from org_alert_counts
      where organization_id = ${scope.organizationId} and state = ${f.state}
        ${f.severities ? sql`and severity = any(${sql.param(f.severities)}::text[])` : sql``}
        ${f.codes ? sql`and code = any(${sql.param(f.codes)}::text[])` : sql``})`;
  }
  const capped = (condition: SQL) =>
    sql`(select count(*) from (select 1 from alerts a where ${condition} limit ${COUNT_CAP}) x)`;
  const text = f.text;
  if (!text || text.siteIds === null || text.deviceIds === null) return capped(where);
  // Free text by ids: its alternatives counted apart (they are disjoint), so the matched sites' roots are
  // counted from an index alone instead of a bitmap of all their alerts read row by row.
  const parts = textParts(scope.organizationId, text);
  const rest = alertWhere(scope, { ...f, text: undefined });
  return sql`least(${sql.join(
    parts.map((part) => capped(sql`${rest} and ${part}`)),
    sql` + `,
  )}, ${COUNT_CAP})`;
}

/** Up to `limit` rows of the filtered list in its order, for the CSV export. */
export async function alertsForExport(
  db: DbOrTx,
  scope: Scope,
  filters: AlertFilters,
  sort: { field: AlertSortField; desc: boolean },
  limit: number,
): Promise<AlertRow[]> {
  const { rows } = await db.execute<AlertRow>(sql`
    select ${columns(scope)} from ${from} where ${alertWhere(scope, filters)}
    order by ${orderOf(sort)} limit ${limit}`);
  return rows;
}

export async function findAlert(db: DbOrTx, scope: Scope, id: string): Promise<AlertRow | undefined> {
  const { rows } = await db.execute<AlertRow>(
    sql`select ${columns(scope)} from ${from} where a.id = ${id} and ${alertInScope(scope)}`,
  );
  return rows[0];
}

/** The alerts attached to a root (those the caller sees), worst and newest first. */
export async function dependentsOf(db: DbOrTx, scope: Scope, rootId: string): Promise<AlertRow[]> {
  const { rows } = await db.execute<AlertRow>(sql`
    select ${columns(scope)} from ${from} where a.root_alert_id = ${rootId} and ${alertInScope(scope)}
    order by ${SEVERITY_ORDER}, a.raised_at desc, a.seq desc nulls last limit 500`);
  return rows;
}

/** A site's or a device's alerts: the active ones, or the latest 100. */
export async function alertsOf(
  db: DbOrTx,
  scope: Scope,
  on: { siteId: string } | { deviceId: string },
  activeOnly: boolean,
): Promise<AlertRow[]> {
  const which = 'siteId' in on ? sql`a.site_id = ${on.siteId}` : sql`a.device_id = ${on.deviceId}`;
  const { rows } = await db.execute<AlertRow>(sql`
    select ${columns(scope)} from ${from}
    where ${which} and ${alertInScope(scope)} ${activeOnly ? sql`and a.state = 'active'` : sql``}
    order by (a.state = 'active') desc, ${SEVERITY_ORDER}, a.raised_at desc, a.seq desc nulls last limit 100`);
  return rows;
}

export type SeverityCountRow = { state: AlertState; severity: AlertSeverity; n: number };

/**
 * Root alerts by state and severity: from the maintained `org_alert_counts` for a caller who sees the whole
 * organization, counted for one restricted to site groups.
 */
export async function countAlerts(db: DbOrTx, scope: Scope): Promise<SeverityCountRow[]> {
  if (!scope.restricted) {
    const { rows } = await db.execute<SeverityCountRow>(sql`
      select state, severity, sum(n)::int as n from org_alert_counts where organization_id = ${scope.organizationId}
      group by state, severity having sum(n) > 0`);
    return rows;
  }
  const { rows } = await db.execute<SeverityCountRow>(sql`
    select a.state, a.severity, count(*)::int as n from alerts a
    where ${alertInScope(scope)} and a.root_alert_id is null
    group by a.state, a.severity`);
  return rows;
}

/** Active roots stored after the caller's last seen alert, that alert's id, and the last stored active root. */
export async function unseen(
  db: DbOrTx,
  scope: Scope,
): Promise<{ unseen: number; lastSeenId: string | null; newestId: string | null }> {
  const { rows } = await db.execute<{
    unseen: number;
    last_seen_id: string | null;
    newest_id: string | null;
  }>(sql`
    select (select count(*)::int from alerts a
            where ${alertInScope(scope)} and a.state = 'active' and a.root_alert_id is null
              and a.seq > coalesce((select seq from alert_seen where user_id = ${scope.userId}), 0)) as unseen,
           (select alert_id from alert_seen where user_id = ${scope.userId}) as last_seen_id,
           (select a.id from alerts a where ${alertInScope(scope)} and a.state = 'active' and a.root_alert_id is null
            order by a.seq desc limit 1) as newest_id`);
  const row = rows[0];
  return {
    unseen: row?.unseen ?? 0,
    lastSeenId: row?.last_seen_id ?? null,
    newestId: row?.newest_id ?? null,
  };
}

/** Marks alerts up to this one seen; never moves the mark backwards. */
export async function markSeen(db: DbOrTx, userId: string, alertId: string, seq: number): Promise<void> {
  await db.execute(sql`
    insert into alert_seen (user_id, alert_id, seq) values (${userId}, ${alertId}, ${seq})
    on conflict (user_id) do update set alert_id = excluded.alert_id, seq = excluded.seq, updated_at = now()
    where alert_seen.seq < excluded.seq`);
}

/** Worst active severity and the count of active alerts per site of the scope. */
export async function siteSeverities(db: DbOrTx, scope: Scope) {
  const { rows } = await db.execute<{ site_id: string; rank: number; n: number }>(sql`
    select a.site_id, min(${SEVERITY_ORDER})::int as rank, count(*)::int as n from alerts a
    where ${alertInScope(scope)} and a.state = 'active' and a.site_id is not null
    group by a.site_id`);
  return rows;
}

/** Who acts: the person, and the support person acting as them (null when they act themselves). */
export type ActedBy = { userId: string; supportId: string | null };

/**
 * Sets who acknowledged an alert of the scope and when (`at`, the app's clock; once); answers whether the alert
 * is in scope.
 */
export async function acknowledge(
  db: DbOrTx,
  scope: Scope,
  id: string,
  by: ActedBy,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update alerts a set acknowledged_at = coalesce(a.acknowledged_at, ${at.toISOString()}::timestamptz),
      acknowledged_by_support = case when a.acknowledged_by is null then ${by.supportId}::uuid
        else a.acknowledged_by_support end,
      acknowledged_by = coalesce(a.acknowledged_by, ${by.userId})
    where a.id = ${id} and ${alertInScope(scope)} returning a.id`);
  return rows.length > 0;
}

export async function assign(
  db: DbOrTx,
  scope: Scope,
  id: string,
  assigneeId: string | null,
  by: ActedBy,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update alerts a set assignee_id = ${assigneeId}, assigned_by = ${by.userId},
      assigned_by_support = ${by.supportId}
    where a.id = ${id} and ${alertInScope(scope)} returning a.id`);
  return rows.length > 0;
}

export type NoteRow = {
  id: string;
  text: string;
  author_id: string;
  author_name: string;
  author_support: string | null;
  author_support_name: string | null;
  created_at: Date | string;
};

export async function insertNote(db: DbOrTx, alertId: string, by: ActedBy, text: string): Promise<void> {
  await db.execute(
    sql`insert into alert_notes (alert_id, author_id, author_support, text)
      values (${alertId}, ${by.userId}, ${by.supportId}, ${text})`,
  );
}

export async function notesOf(db: DbOrTx, alertId: string): Promise<NoteRow[]> {
  const { rows } = await db.execute<NoteRow>(sql`
    select n.id, n.text, n.author_id, ${personName()} as author_name,
      n.author_support, ${personNameOf(sql`n.author_support`)} as author_support_name, n.created_at
    from alert_notes n join users u on u.id = n.author_id left join contacts c on c.user_id = u.id
    where n.alert_id = ${alertId} order by n.created_at, n.id`);
  return rows;
}

/** People of the organization who may act on alerts (administrators and users), by name. */
export async function assignees(db: DbOrTx, organizationId: string) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    username: string;
    role: 'ADMINISTRATOR' | 'USER';
  }>(sql`
    select u.id, ${personName()} as name, u.username, u.role from users u left join contacts c on c.user_id = u.id
    where u.organization_id = ${organizationId} and u.role in ('ADMINISTRATOR', 'USER')
    order by lower(${personName()}), u.username`);
  return rows;
}
