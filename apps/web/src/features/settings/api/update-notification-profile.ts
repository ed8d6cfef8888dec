import { type NotificationProfile, NotificationProfileResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/mutation.ts';
import { notificationProfileQueryKey } from './get-notification-profile.ts';

/** POST updateNotificationProfile: answers the saved profile and the contacts. */
export function updateNotificationProfile(body: NotificationProfile) {
  return apiRequest('updateNotificationProfile', {
    method: 'POST',
    body,
    schema: NotificationProfileResponseSchema,
  });
}

/** The answer is the profile's fresh copy, written to its cache; a failure is the form's to show. */
export function useUpdateNotificationProfile() {
  return useCacheMutation(updateNotificationProfile, {
    answers: () => notificationProfileQueryKey,
    errors: 'caller',
  });
}
