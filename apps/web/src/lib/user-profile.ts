import { useQuery } from '@tanstack/react-query';
import { type User, UserSchema } from '@vnoc/contracts';
import { apiRequest } from './api-client.ts';
import { authStore, useAuth } from './auth-store.ts';
import { isFullSession } from './session.ts';

export const userProfileQueryKey = ['userProfile'] as const;

/** GET userProfile: fetches the signed-in user and stores it (authStore.setUser). */
export async function getUserProfile(signal?: AbortSignal): Promise<User> {
  const user = await apiRequest('userProfile', {
    schema: import.meta.env.DEV ? UserSchema : undefined,
    signal,
  });
  authStore.setUser(user);
  return user;
}

/** The signed-in user, fetched once a full session exists; starts from the stored user. */
export function useUserProfile() {
  const { claims, user, jwt } = useAuth();
  return useQuery({
    queryKey: userProfileQueryKey,
    queryFn: ({ signal }) => getUserProfile(signal),
    enabled: jwt !== null && isFullSession(claims),
    initialData: user ?? undefined,
    // The stored user is shown at once but refreshed from the server on mount.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}
