import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUserPageSchema, type UserStatus } from '@vnoc/contracts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';

export const adminUsersQueryKey = ['admin-users'] as const;

/** GET userProfile/users parameters: the organization, paging, `field-asc|desc` sorting, search, status. */
export interface AdminUserListParams {
  organizationId: string;
  page: number;
  pageSize: number;
  sorting?: string;
  q?: string;
  status?: UserStatus;
}

/** GET userProfile/users: one page of the organization's people. */
export function getUsersQueryOptions(params: AdminUserListParams) {
  return queryOptions({
    ...pageQueryOptions([...adminUsersQueryKey, params], 'userProfile/users', {
      query: { ...params },
      schema: AdminUserPageSchema,
    }),
    enabled: Boolean(params.organizationId),
  });
}

export function useUsers(params: AdminUserListParams) {
  return useQuery(getUsersQueryOptions(params));
}
