import { describe, expect, it, vi } from 'vitest';
import { serverListProps } from './server-list.ts';

const table = { page: 2, pageSize: 25, sort: { id: 'name', desc: true } };

describe('serverListProps', () => {
  it('gives the page rows and total, and writes paging and sorting to the address bar (one-based page)', () => {
    const update = vi.fn();
    const query = {
      data: { content: [{ id: 'a' }], totalElements: 51 },
      isLoading: false,
      isFetching: true,
      error: null,
      refetch: vi.fn(),
    };
    const props = serverListProps(table, update, query);
    expect(props).toMatchObject({ data: [{ id: 'a' }], total: 51, page: 2, pageSize: 25, fetching: true });
    expect(props.error).toBeUndefined();
    props.onPageChange(3);
    props.onSortChange(null);
    props.onPageSizeChange(100);
    expect(update.mock.calls).toEqual([[{ page: 4 }], [{ sort: undefined }], [{ size: 100 }]]);
    props.onRetry();
    expect(query.refetch).toHaveBeenCalled();
  });

  it('has no rows and a total of 0 while the first page loads', () => {
    const props = serverListProps(table, vi.fn(), {
      isLoading: true,
      isFetching: true,
      error: null,
      refetch: vi.fn(),
    });
    expect(props).toMatchObject({ data: undefined, total: 0, loading: true, fetching: false });
  });
});
