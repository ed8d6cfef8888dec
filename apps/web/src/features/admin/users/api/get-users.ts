import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminUserPage, AdminUserPageSchema, type UserStatus } from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';

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
export function getUsers(params: AdminUserListParams, signal?: AbortSignal): Promise<AdminUserPage> {
  return apiRequest('userProfile/users', {
    query: { ...params },
    schema: AdminUserPageSchema,
    signal,
  });
}

export function getUsersQueryOptions(params: AdminUserListParams) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(params.organizationId),
  });
}

export function useUsers(params: AdminUserListParams) {
  return useQuery(getUsersQueryOptions(params));
}
