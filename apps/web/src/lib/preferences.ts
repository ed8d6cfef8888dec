import { type User, UserPreferenceSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { authStore } from './auth-store.ts';
import { queryClient } from './query-client.ts';
import { userProfileQueryKey } from './user-profile.ts';

/**
 * POST userProfile/updateUserPreferences for one preference; stores the user's new list (auth store
 * and the userProfile query, so the preference sync applies the saved value).
 */
export async function savePreference(name: 'language' | 'theme', value: string): Promise<User | null> {
  const list = await apiRequest('userProfile/updateUserPreferences', {
    method: 'POST',
    body: [{ name, value }],
    schema: import.meta.env.DEV ? z.array(UserPreferenceSchema) : undefined,
  });
  const user = queryClient.getQueryData<User>(userProfileQueryKey) ?? authStore.get().user;
  if (!user) return null;
  const next = { ...user, userPreferences: list };
  authStore.setUser(next);
  queryClient.setQueryData(userProfileQueryKey, next);
  return next;
}
