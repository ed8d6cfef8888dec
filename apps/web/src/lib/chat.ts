import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChatConversationsPageSchema,
  ChatMessageSchema,
  type ChatStatus,
  ChatThreadSchema,
} from '@vnoc/contracts';
import { apiRequest, apiSend } from './api-client.ts';
import { liveRefetchInterval } from './live.ts';

// The support chat's requests: the customer's chat panel (features/chat) and support's inbox (features/support)
// both read and answer conversations through these.

/** Query keys: `chat.updated` live events refresh ['chat', 'conversations'] and ['chat', 'conversation', id]. */
export const chatKeys = {
  conversations: (params: ConversationsParams) => ['chat', 'conversations', params] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
};

export interface ConversationsParams {
  /** The support inbox's filter; a person's own list ignores it. */
  status?: ChatStatus;
  q?: string;
  page: number;
  pageSize: number;
}

/** GET chat/conversations: the caller's own conversations, or (SUPPORT) the inbox. */
export function useConversations(params: ConversationsParams, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: chatKeys.conversations(params),
      queryFn: ({ signal }) =>
        apiRequest('chat/conversations', {
          query: {
            status: params.status,
            q: params.q || undefined,
            page: params.page,
            pageSize: params.pageSize,
          },
          schema: import.meta.env.DEV ? ChatConversationsPageSchema : undefined,
          signal,
        }),
      placeholderData: keepPreviousData,
      enabled,
      refetchInterval: () => liveRefetchInterval(),
    }),
  );
}

/** GET chat/conversations/{id}: the conversation and its messages, oldest first. */
export function useConversation(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: chatKeys.conversation(id ?? ''),
      queryFn: ({ signal }) =>
        apiRequest(`chat/conversations/${id}`, {
          schema: import.meta.env.DEV ? ChatThreadSchema : undefined,
          signal,
        }),
      enabled: id !== null,
      refetchInterval: () => liveRefetchInterval(),
    }),
  );
}

function useInvalidateChat() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['chat'] });
}

/** POST chat/conversations {body}: a person starts a conversation. */
export function useStartConversation() {
  const invalidate = useInvalidateChat();
  return useMutation({
    mutationFn: (body: string) =>
      apiSend('POST', 'chat/conversations', { body }, import.meta.env.DEV ? ChatThreadSchema : undefined),
    onSuccess: invalidate,
  });
}

/** POST chat/conversations/{id}/messages {body}. */
export function useSendMessage(id: string) {
  const invalidate = useInvalidateChat();
  return useMutation({
    mutationFn: (body: string) =>
      apiSend(
        'POST',
        `chat/conversations/${id}/messages`,
        { body },
        import.meta.env.DEV ? ChatMessageSchema : undefined,
      ),
    onSuccess: invalidate,
  });
}

/** POST chat/conversations/{id}/read or …/close. */
export function useConversationAction(action: 'read' | 'close') {
  const invalidate = useInvalidateChat();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`chat/conversations/${id}/${action}`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
