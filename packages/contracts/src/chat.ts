import { z } from 'zod';
import { requiredText } from './fields.ts';
import { freeText, PagedSchema, pagingQuery } from './fleet.ts';

/**
 * The support chat (spec parts 1, 4, 7, 9; docs/decisions/support-chat.md): an Intercom
 * messenger when an Intercom app is configured, otherwise vNOC's own chat, stored in PostgreSQL and
 * answered by the provider's SUPPORT staff from their inbox.
 */

/** How long a chat token (`GET userProfile/intercomjwt`) is valid. */
export const CHAT_TOKEN_SECONDS = 60 * 60;
/** A message is 1 to 4 000 characters (after trimming). */
export const CHAT_MESSAGE_MAX = 4_000;

/**
 * Issue 37 point 14: who answers the chat and when, said in the chat panel. vNOC's support staff answer on
 * working days (Monday `1` to Friday `5`) between `opens` and `closes` in `timeZone`; within those hours a first
 * answer comes within `replyHours`. Outside them a message waits for the next working day, and the person is
 * emailed the answer if they are away (`CHAT_AWAY_EMAIL_MS` in the API).
 */
export const SUPPORT_CHAT_HOURS = {
  firstDay: 1,
  lastDay: 5,
  opens: '08:00',
  closes: '18:00',
  timeZone: 'America/Chicago',
  replyHours: 2,
} as const;

/** GET userProfile/intercomjwt: the signed token that identifies the user to the chat widget. */
export const ChatTokenSchema = z.object({
  /** HS256 JWT: `user_id`, `email`, `name`, `exp` (Intercom's messenger security claims). */
  token: z.string(),
  expiresAt: z.string(),
  /** The Intercom app the console boots; null: the widget opens vNOC's own support chat. */
  intercomAppId: z.string().nullable(),
});
export type ChatToken = z.infer<typeof ChatTokenSchema>;

export const ChatMessageBodySchema = z.object({
  body: requiredText(CHAT_MESSAGE_MAX, 'Type a message.', 'A message'),
});
export type ChatMessageBody = z.infer<typeof ChatMessageBodySchema>;

export const ChatAuthorSchema = z.enum(['user', 'support']);
export type ChatAuthor = z.infer<typeof ChatAuthorSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** Which side wrote it: the customer's person, or the provider's support staff. */
  author: ChatAuthorSchema,
  /** The writer's name (first and last, else email); null when that account no longer exists. */
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatStatusSchema = z.enum(['open', 'closed']);
export type ChatStatus = z.infer<typeof ChatStatusSchema>;

export const ChatConversationSchema = z.object({
  id: z.string(),
  status: ChatStatusSchema,
  /** The person who asked, and their organization (the support inbox shows both). */
  person: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** Normalized by the spec part 5 rule; null when there is none or it does not normalize. */
    phone: z.string().nullable(),
  }),
  organization: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  /** The newest message, for the list. */
  lastMessage: z.object({ author: ChatAuthorSchema, body: z.string() }).nullable(),
  /** Messages from the other side the caller has not read yet. */
  unread: z.number().int(),
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

export const ChatConversationsQuerySchema = z.object({
  /** Support inbox only: open (default) or closed conversations. */
  status: ChatStatusSchema.catch('open').default('open'),
  /** Support inbox only: person, email or organization contains. */
  q: freeText,
  ...pagingQuery,
});
export type ChatConversationsQuery = z.infer<typeof ChatConversationsQuerySchema>;

export const ChatConversationsPageSchema = PagedSchema(ChatConversationSchema);

export const ChatThreadSchema = z.object({
  conversation: ChatConversationSchema,
  /** Oldest first. */
  messages: z.array(ChatMessageSchema),
});
export type ChatThread = z.infer<typeof ChatThreadSchema>;
