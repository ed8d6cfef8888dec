import { ADMIN_USER_SORT_FIELDS, USER_STATUSES, type UserStatus } from '@vnoc/contracts';
import {
  readTableParams,
  sortParam,
  type TableParams,
} from '../../../../components/data-table/table-params.ts';
import type { AdminUserListParams } from '../api/get-users.ts';

/** Administration → Users state in the address bar: paging, sorting, search text and status filter. */
export interface UsersListState {
  table: TableParams;
  q: string;
  status: UserStatus | null;
}

export function readUsersListState(params: URLSearchParams): UsersListState {
  const status = params.get('status');
  return {
    table: readTableParams(params, ADMIN_USER_SORT_FIELDS),
    q: (params.get('q') ?? '').slice(0, 200),
    status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : null,
  };
}

/** GET userProfile/users parameters for the state. */
export function usersListRequest(organizationId: string, state: UsersListState): AdminUserListParams {
  return {
    organizationId,
    page: state.table.page,
    pageSize: state.table.pageSize,
    sorting: sortParam(state.table.sort),
    q: state.q || undefined,
    status: state.status ?? undefined,
  };
}
