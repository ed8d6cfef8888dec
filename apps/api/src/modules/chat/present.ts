import { type ChatConversation, type ChatMessage, normalizePhone } from '@vnoc/contracts';
import type { ConversationRow, MessageRow } from './repository.ts';

/** First and last name as far as they are known; empty when neither is. */
export const fullName = (first: string | null, last: string | null): string =>
  [first, last].filter((part) => part?.trim()).join(' ');

export function presentConversation(row: ConversationRow): ChatConversation {
  return {
    id: row.id,
    status: row.status,
    person: {
      id: row.user_id,
      name: fullName(row.first_name, row.last_name) || row.username,
      email: row.username,
      phone: normalizePhone(row.mobile_number) ?? normalizePhone(row.office_number),
    },
    organization: { id: row.organization_id, name: row.organization_name },
    createdAt: new Date(row.created_at).toISOString(),
    lastMessageAt: new Date(row.last_message_at).toISOString(),
    lastMessage:
      row.last_body === null
        ? null
        : { author: row.last_from_support ? 'support' : 'user', body: row.last_body },
    unread: row.unread,
  };
}

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    author: row.from_support ? 'support' : 'user',
    authorName: row.username === null ? null : fullName(row.first_name, row.last_name) || row.username,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
