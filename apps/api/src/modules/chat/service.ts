import { createHash } from 'node:crypto';
import {
  CHAT_TOKEN_SECONDS,
  type ChatConversation,
  type ChatConversationsQuery,
  type ChatMessage,
  type ChatThread,
  type ChatToken,
  type Paged,
} from '@vnoc/contracts';
import { SignJWT } from 'jose';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { type Language, languageOf } from '../../notifications/profile.ts';
import { insertNotification, skipWaiting } from '../../notifications/queue.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import { pageOfRows } from '../../sql/paging.ts';
import { isUuid } from '../../sql/text.ts';
import { findContact, findLanguage, findUserById } from '../accounts/index.ts';
import { fullName, presentConversation, presentMessage } from './present.ts';
import {
  type ConversationRow,
  closeConversation,
  findConversation,
  insertConversation,
  insertMessage,
  listConversations,
  listMessages,
  markRead,
  personReadAt,
  type Reader,
} from './repository.ts';

/**
 * How long an answer of the support team may stay unread before its person is emailed (they are away from
 * the console); reading the conversation first drops the email.
 */
export const CHAT_AWAY_EMAIL_MS = 10 * 60_000;

/** The away email, in the person's language; `url`: where the console is opened (`consoleUrl`). */
export function awayEmailText(language: Language, url: string): { subject: string; body: string } {
  const open = `\n\n${url}`;
  return language === 'es'
    ? {
        subject: 'vNOC: el equipo de soporte le ha respondido',
        body: `El equipo de soporte ha respondido a su conversación en vNOC. Abra la consola y el chat de soporte para leer la respuesta.${open}`,
      }
    : {
        subject: 'vNOC: the support team answered you',
        body: `The support team answered your conversation in vNOC. Open the console and its support chat to read the answer.${open}`,
      };
}

/** The start of a conversation's away email keys (the rest names the person's last reading). */
const awayEmailKey = (conversationId: string) => `chat:${conversationId}:`;

/**
 * Queues the away email for an answer of the support team: sent after CHAT_AWAY_EMAIL_MS unless the person
 * reads the conversation first. One per unread stretch: its key names the person's last reading, so further
 * answers before they read add nothing.
 */
async function queueAwayEmail(ctx: AppContext, row: ConversationRow, at: Date): Promise<void> {
  const person = await findUserById(ctx.db, row.user_id);
  if (person?.status !== 'active') return;
  const readAt = await personReadAt(ctx.db, row.id);
  const text = awayEmailText(languageOf(await findLanguage(ctx.db, person.id)), consoleUrl(ctx.config));
  await insertNotification(ctx.db, {
    organizationId: row.organization_id,
    userId: person.id,
    alertId: null,
    kind: 'chat',
    channel: 'email',
    destination: person.username,
    subject: text.subject,
    body: text.body,
    idempotencyKey: `${awayEmailKey(row.id)}${readAt ?? 'never'}`,
    notBefore: new Date(at.getTime() + CHAT_AWAY_EMAIL_MS),
    createdAt: at,
  });
}

/** Messages a person or a support agent may send per minute; conversations a person may start per hour. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
export const CHAT_CONVERSATIONS_PER_HOUR = 10;
/** A thread answers its newest messages, at most this many. */
export const CHAT_THREAD_MESSAGES = 500;

/**
 * The key that signs chat tokens: the Intercom messenger security secret when Intercom is configured,
 * else one derived from the API's secret (vNOC's own chat).
 */
function chatKey(ctx: AppContext): Uint8Array {
  const secret =
    ctx.config.intercom?.secret ??
    createHash('sha256')
      .update(`chat:${ctx.config.jwtSecret ?? ''}`)
      .digest('hex');
  return new TextEncoder().encode(secret);
}

/** GET userProfile/intercomjwt: who the chat widget is talking to, signed (Intercom's messenger security claims). */
export async function chatToken(ctx: AppContext, auth: AuthContext): Promise<ChatToken> {
  const { user } = auth;
  const contact = await findContact(ctx.db, user.id);
  const iat = Math.floor(ctx.now().getTime() / 1000);
  const exp = iat + CHAT_TOKEN_SECONDS;
  const token = await new SignJWT({
    user_id: user.id,
    email: user.username,
    name: fullName(contact?.firstName ?? null, contact?.lastName ?? null) || user.username,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(chatKey(ctx));
  return {
    token,
    expiresAt: new Date(exp * 1000).toISOString(),
    intercomAppId: ctx.config.intercom?.appId ?? null,
  };
}

/** The caller's side: SUPPORT staff read every customer's conversations; anyone else only their own. */
function readerOf(auth: AuthContext): Reader {
  return auth.user.role === 'SUPPORT' ? { side: 'support' } : { side: 'user', userId: auth.user.id };
}

export async function conversations(
  ctx: AppContext,
  auth: AuthContext,
  query: ChatConversationsQuery,
): Promise<Paged<ChatConversation>> {
  const reader = readerOf(auth);
  return pageOfRows(
    query,
    (page) => listConversations(ctx.db, reader, { ...query, ...page }),
    presentConversation,
  );
}

/** A conversation the caller may see, or 404 (another person's looks like a missing one). */
async function visibleConversation(ctx: AppContext, reader: Reader, id: string): Promise<ConversationRow> {
  const row = isUuid(id) ? await findConversation(ctx.db, reader, id) : undefined;
  if (!row) throw Errors.notFound();
  return row;
}

export async function thread(ctx: AppContext, auth: AuthContext, id: string): Promise<ChatThread> {
  const reader = readerOf(auth);
  const row = await visibleConversation(ctx, reader, id);
  const messages = await listMessages(ctx.db, row.id, CHAT_THREAD_MESSAGES);
  return { conversation: presentConversation(row), messages: messages.map(presentMessage) };
}

function tell(ctx: AppContext, row: Pick<ConversationRow, 'id' | 'organization_id' | 'user_id'>, by: Reader) {
  ctx.events.publish(row.organization_id, {
    type: 'chat.updated',
    conversationId: row.id,
    userId: row.user_id,
    by: by.side,
    at: ctx.now().toISOString(),
  });
}

/** A person starts a conversation with its first message. */
export async function startConversation(
  ctx: AppContext,
  auth: AuthContext,
  body: string,
): Promise<ChatThread> {
  const { user } = auth;
  await ctx.limiter.hit(`chat-start:${user.id}`, CHAT_CONVERSATIONS_PER_HOUR, 60 * 60_000);
  await ctx.limiter.hit(`chat:${user.id}`, CHAT_MESSAGES_PER_MINUTE, 60_000);
  const at = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const conversationId = await insertConversation(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      at,
    });
    await insertMessage(tx, readerOf(auth), { conversationId, authorId: user.id, body, at });
    return conversationId;
  });
  tell(ctx, { id, organization_id: user.organizationId, user_id: user.id }, readerOf(auth));
  return thread(ctx, auth, id);
}

/** A message from either side; a closed conversation opens again. */
export async function sendMessage(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: string,
): Promise<ChatMessage> {
  const reader = readerOf(auth);
  const row = await visibleConversation(ctx, reader, id);
  await ctx.limiter.hit(`chat:${auth.user.id}`, CHAT_MESSAGES_PER_MINUTE, 60_000);
  const at = ctx.now();
  const messageId = await ctx.db.transaction((tx) =>
    insertMessage(tx, reader, { conversationId: row.id, authorId: auth.user.id, body, at }),
  );
  if (!messageId) throw Errors.notFound();
  tell(ctx, row, reader);
  if (reader.side === 'support') await queueAwayEmail(ctx, row, at);
  const contact = await findContact(ctx.db, auth.user.id);
  return presentMessage({
    id: messageId,
    conversation_id: row.id,
    from_support: reader.side === 'support',
    body,
    created_at: at,
    first_name: contact?.firstName ?? null,
    last_name: contact?.lastName ?? null,
    username: auth.user.username,
  });
}

export async function read(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  const reader = readerOf(auth);
  const row = await visibleConversation(ctx, reader, id);
  await markRead(ctx.db, reader, row.id, ctx.now());
  if (reader.side === 'user')
    await skipWaiting(ctx.db, reader.userId, awayEmailKey(row.id), 'read in the console');
  tell(ctx, row, reader);
}

export async function close(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  const reader = readerOf(auth);
  const row = await visibleConversation(ctx, reader, id);
  if (await closeConversation(ctx.db, reader, row.id, ctx.now())) tell(ctx, row, reader);
}
