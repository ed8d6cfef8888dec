import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ParamPatch, patchParams, sortParam, type TableParams, type TableSort } from './table-params.ts';

/** A list's state read from the address bar, and `update` to patch it there, so reload and back keep it. */
export function useListParams<S>(read: (params: URLSearchParams) => S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  // Kept while the address stays, so a memoised filter bar given it is not drawn again by a live refresh.
  const update = useCallback(
    (patch: ParamPatch) => setParams(patchParams(params, patch)),
    [setParams, params],
  );
  return { params, setParams, state, update };
}

/** DataTable's paging and sorting props for a list whose table params live in the address bar. */
export function urlPagingProps(table: TableParams, update: (patch: ParamPatch) => void) {
  return {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    onSortChange: (sort: TableSort | null) => update({ sort: sortParam(sort) }),
    onPageChange: (page: number) => update({ page: page + 1 }),
    onPageSizeChange: (size: number) => update({ size }),
  };
}

/** DataTable's loading, refreshing and error props for the query behind the page. */
export function queryStateProps(query: {
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    loading: query.isLoading,
    fetching: query.isFetching && !query.isLoading,
    error: query.error ?? undefined,
    onRetry: () => void query.refetch(),
  };
}

/**
 * DataTable's props for one page of a server list whose paging and sorting live in the address bar: the
 * page's rows and total, paging and sorting, and the query's loading and error states.
 */
export function serverListProps<T>(
  table: TableParams,
  update: (patch: ParamPatch) => void,
  query: Parameters<typeof queryStateProps>[0] & { data?: { content: T[]; totalElements: number } },
) {
  return {
    data: query.data?.content,
    total: query.data?.totalElements ?? 0,
    ...urlPagingProps(table, update),
    ...queryStateProps(query),
  };
}

type QueryState = Parameters<typeof queryStateProps>[0];

/**
 * All of DataTable's data props for a server page (`{ content, totalElements }`) asked with the address bar's table
 * params: its rows and total, paging and sorting, loading and error.
 */
export function serverPageProps<T>(
  query: QueryState & { data: { content: T[]; totalElements: number } | undefined },
  table: TableParams,
  update: (patch: ParamPatch) => void,
) {
  return {
    data: query.data?.content,
    total: query.data?.totalElements ?? 0,
    ...urlPagingProps(table, update),
    ...queryStateProps(query),
  };
}
