import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NotificationProfile, NotificationProfileResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationProfileQueryKey } from './get-notification-profile.ts';

/** POST updateNotificationProfile: answers the saved profile and the contacts. */
export function updateNotificationProfile(body: NotificationProfile) {
  return apiRequest('updateNotificationProfile', {
    method: 'POST',
    body,
    schema: NotificationProfileResponseSchema,
  });
}

export function useUpdateNotificationProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationProfile,
    onSuccess: (saved) => queryClient.setQueryData(notificationProfileQueryKey, saved),
  });
}
