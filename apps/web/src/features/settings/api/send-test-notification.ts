import { useMutation } from '@tanstack/react-query';
import { type Channel, OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST test-notification: a test message to the verified contact of one method (423 within 5 minutes). */
export function sendTestNotification(method: Channel) {
  return apiRequest('test-notification', { method: 'POST', body: { method }, schema: OkSchema });
}

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
