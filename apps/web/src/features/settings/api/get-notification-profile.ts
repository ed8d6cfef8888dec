import { queryOptions, useQuery } from '@tanstack/react-query';
import { type NotificationProfileResponse, NotificationProfileResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const notificationProfileQueryKey = ['notificationProfile'] as const;

/** GET notificationProfile: the caller's profile (the defaults until saved) and verified contacts. */
export function getNotificationProfile(signal?: AbortSignal): Promise<NotificationProfileResponse> {
  return apiRequest('notificationProfile', { schema: NotificationProfileResponseSchema, signal });
}

export function getNotificationProfileQueryOptions() {
  return queryOptions({
    queryKey: notificationProfileQueryKey,
    queryFn: ({ signal }) => getNotificationProfile(signal),
  });
}

export function useNotificationProfile() {
  return useQuery(getNotificationProfileQueryOptions());
}
