import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../plugins/db.ts';
import { sqlList } from './text.ts';

/**
 * How many of an organization's sites or devices there are, of some statuses or all: a read of the counts that
 * triggers keep (migration 0003), for totals with no other filter and a caller who sees the whole organization.
 */
export function keptCount(
  counts: 'org_site_status_counts' | 'org_device_status_counts',
  organizationId: string,
  statuses?: readonly string[],
): SQL {
  return sql`select coalesce(sum(c.n), 0)::int from ${sql.raw(counts)} c
    where c.organization_id = ${organizationId}
    ${statuses ? sql`and c.status in (${sqlList(statuses)})` : sql``}`;
}

/** Tie-breaking `asc`/`desc` from a `field-dir` sorting value. */
export function parseSorting<F extends string>(sorting: string): { field: F; desc: boolean } {
  const dash = sorting.lastIndexOf('-');
  return { field: sorting.slice(0, dash) as F, desc: sorting.slice(dash + 1) === 'desc' };
}

export function paged<T>(content: T[], total: number, page: number, pageSize: number) {
  return { content, page, pageSize, totalElements: total, totalPages: Math.ceil(total / pageSize) };
}

/** A repository's page (its rows and the count of every match) presented, with the paging figures of `query`. */
export function presentPage<R, T>(
  found: { rows: R[]; total: number },
  query: { page: number; pageSize: number },
  present: (row: R) => T,
) {
  return paged(found.rows.map(present), found.total, query.page, query.pageSize);
}

/**
 * A page of rows that each carry the total of matches (`count(*) over ()`): past the last page there are
 * no rows to carry it, so the first page is asked for the total.
 */
export async function pageOfRows<R extends { total: number }, T>(
  query: { page: number; pageSize: number },
  load: (query: { page: number; pageSize: number }) => Promise<R[]>,
  present: (row: R) => T,
) {
  const rows = await load(query);
  const total =
    rows[0]?.total ?? (query.page > 0 ? ((await load({ page: 0, pageSize: 1 }))[0]?.total ?? 0) : 0);
  return presentPage({ rows, total }, query, present);
}

/** `desc`/`asc` with nulls last, for a sortable column. */
export const sortDirection = (desc: boolean): SQL => (desc ? sql`desc nulls last` : sql`asc nulls last`);

/**
 * One page of `select columns from … where … order by …` and the count of every row it matches
 * (counted over `countFrom`, by default the same `from`; or read by `counted`, a statement answering `n`,
 * where the total is kept). With `key` (a unique column of `from`), the page's keys are found first and the
 * columns computed for those rows only: a sort over thousands of matches then carries two columns, not every
 * column and expression of the page.
 */
export async function pageOf<Row extends Record<string, unknown>>(
  db: DbOrTx,
  query: {
    columns: SQL;
    from: SQL;
    countFrom?: SQL;
    counted?: SQL;
    where: SQL;
    orderBy: SQL;
    page: number;
    pageSize: number;
    key?: SQL;
  },
): Promise<{ rows: Row[]; total: number }> {
  const { columns, from, countFrom = from, where, orderBy, page, pageSize, key } = query;
  const limit = sql`limit ${pageSize} offset ${page * pageSize}`;
  const [result, counted] = await Promise.all([
    db.execute<Row>(
      key
        ? sql`
      with p as (select ${key} as page_key from ${from} where ${where} order by ${orderBy} ${limit})
      select ${columns} from p join (${from}) on ${key} = p.page_key
      order by ${orderBy}`
        : sql`
      select ${columns} from ${from}
      where ${where}
      order by ${orderBy}
      ${limit}`,
    ),
    db.execute<{ n: number }>(
      query.counted ?? sql`select count(*)::int as n from ${countFrom} where ${where}`,
    ),
  ]);
  return { rows: result.rows as Row[], total: counted.rows[0]?.n ?? 0 };
}
