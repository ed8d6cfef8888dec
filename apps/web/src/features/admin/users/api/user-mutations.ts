import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUser,
  AdminUserSchema,
  type CreateUserRequest,
  type EditUserRequest,
} from '@vnoc/contracts';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminUsersQueryKey } from './get-users.ts';

/** POST userProfile/user: creates the person and emails them an invitation link. */
export function createUser(body: CreateUserRequest): Promise<AdminUser> {
  return apiRequest('userProfile/user', { method: 'POST', body, schema: AdminUserSchema });
}

/** PUT userProfile/edit (204). */
export async function editUser(body: EditUserRequest): Promise<void> {
  await apiRequest('userProfile/edit', { method: 'PUT', body });
}

export type UserAction = 'approve' | 'reject' | 'mfa/reset' | 'invitation';

/** POST userProfile/user/{id}/approve | reject | mfa/reset | invitation (204). */
export async function runUserAction(id: string, action: UserAction): Promise<void> {
  await apiRequest(`userProfile/user/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

/** A mutation on people: refreshes the list after success; the caller shows success and failure. */
export function useUserMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
