import { useMutation } from '@tanstack/react-query';
import { type FeedbackBody, type FeedbackSent, FeedbackSentSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST feedback: a note about the console for the provider, with the path it was written on. */
export function sendFeedback(body: FeedbackBody): Promise<FeedbackSent> {
  return apiRequest('feedback', { method: 'POST', body, schema: FeedbackSentSchema });
}

/** Sends a note; the form says how it went (toasts), so failures are left to it. */
export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
