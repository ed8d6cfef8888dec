import type { Paged } from '@vnoc/contracts';
import type { UserWithOrg } from '../auth/session-user.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../plugins/db.ts';
import { parseSorting, presentPage } from './paging.ts';
import { type Scope, scopeOf } from './scope.ts';

/** What a sortable list asks its repository for: the order (a field and its direction) and the page. */
export type PageRequest<F extends string> = {
  sort: { field: F; desc: boolean };
  page: number;
  pageSize: number;
};

/** A repository's answer to a PageRequest: the page's rows and the count of every match. */
export type RowsPage<Row> = { rows: Row[]; total: number };

/** A list query's order (`field-dir`) and page. */
export type ListQuery<F extends string> = {
  sorting: `${F}-${'asc' | 'desc'}`;
  page: number;
  pageSize: number;
};

/** What a list asks its repository for: the matches of `filters`, one page of them in an order. */
export type ListRequest<Filters, F extends string> = PageRequest<F> & { filters: Filters };

/** A repository's search of a scope. */
export type ScopedSearch<Filters, F extends string, Row> = (
  db: DbOrTx,
  scope: Scope,
  request: ListRequest<Filters, F>,
) => Promise<RowsPage<Row>>;

/**
 * One page of a sortable list, for a list query's `sorting`, `page` and `pageSize`: asked of `search` as one
 * PageRequest, its rows presented, answered with the paging figures.
 */
export async function pageFor<F extends string, Row, T>(
  query: ListQuery<F>,
  search: (request: PageRequest<F>) => Promise<RowsPage<Row>>,
  present: (row: Row) => T,
): Promise<Paged<T>> {
  const { page, pageSize } = query;
  return presentPage(await search({ sort: parseSorting<F>(query.sorting), page, pageSize }), query, present);
}

/**
 * A service's page of the caller's scope in an order the repository keeps (recent sites, sites in no group): the
 * scope, the repository's page for the query, each row presented.
 */
export function scopedPage<Q extends { page: number; pageSize: number }, Row, T>(
  load: (db: DbOrTx, scope: Scope, query: Q) => Promise<RowsPage<Row>>,
  present: (row: Row) => T,
) {
  return async (ctx: AppContext, user: UserWithOrg, query: Q): Promise<Paged<T>> =>
    presentPage(await load(ctx.db, await scopeOf(ctx.db, user), query), query, present);
}

/**
 * A service's list of the caller's scope (sites, devices, tickets): the scope, the list query's filters
 * (`filtersOf`), one page of the repository's `search` in the query's order, each row presented.
 */
export function scopedList<Q extends ListQuery<F>, Filters, F extends string, Row, T>(
  search: ScopedSearch<Filters, F, Row>,
  filtersOf: (query: Q, ctx: AppContext) => Filters,
  present: (row: Row) => T,
) {
  return async (ctx: AppContext, user: UserWithOrg, query: Q): Promise<Paged<T>> => {
    const scope = await scopeOf(ctx.db, user);
    const filters = filtersOf(query, ctx);
    return pageFor(query, (request) => search(ctx.db, scope, { filters, ...request }), present);
  };
}
