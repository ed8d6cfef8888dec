import type { ChatStatus } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { containsPattern } from '../../sql/text.ts';

export type ConversationRow = {
  id: string;
  status: ChatStatus;
  organization_id: string;
  organization_name: string;
  user_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  office_number: string | null;
  created_at: Date;
  last_message_at: Date;
  last_from_support: boolean | null;
  last_body: string | null;
  unread: number;
  total: number;
};

export type MessageRow = {
  id: string;
  conversation_id: string;
  from_support: boolean;
  body: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
};

/** Whose side reads: the person's (their own conversations) or the provider's support staff (any). */
export type Reader = { side: 'user'; userId: string } | { side: 'support' };

/**
 * The conversation columns with the person, their organization, the newest message and the reader's
 * unread count (messages of the other side newer than the reader's side last read).
 */
const conversationColumns = (reader: Reader) => sql`
  c.id, c.status, c.organization_id, o.name as organization_name, c.user_id, u.username,
  ct.first_name, ct.last_name, ct.mobile_number, ct.office_number, c.created_at, c.last_message_at,
  last.from_support as last_from_support, last.body as last_body,
  (select count(*)::int from chat_messages m
    where m.conversation_id = c.id
      and m.from_support = ${reader.side === 'user'}
      and m.created_at > coalesce(${reader.side === 'user' ? sql`c.user_read_at` : sql`c.support_read_at`}, '-infinity'))
    as unread`;

const conversationJoins = sql`
  join organizations o on o.id = c.organization_id
  join users u on u.id = c.user_id
  left join contacts ct on ct.user_id = c.user_id
  left join lateral (
    select m.from_support, left(m.body, 200) as body from chat_messages m
     where m.conversation_id = c.id order by m.id desc limit 1
  ) last on true`;

/** The reader's page of conversations: a person's own (any status), or the support inbox by status and text. */
export async function listConversations(
  db: DbOrTx,
  reader: Reader,
  query: { status: ChatStatus; q?: string | undefined; page: number; pageSize: number },
): Promise<ConversationRow[]> {
  const pattern = reader.side === 'support' && query.q ? containsPattern(query.q.toLowerCase()) : null;
  const where =
    reader.side === 'user'
      ? sql`c.user_id = ${reader.userId}`
      : sql`c.status = ${query.status}
            and (${pattern}::text is null
                 or u.username ilike ${pattern}
                 or o.name ilike ${pattern}
                 or (coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, '')) ilike ${pattern})`;
  const { rows } = await db.execute<ConversationRow>(sql`
    select ${conversationColumns(reader)}, count(*) over ()::int as total
      from chat_conversations c ${conversationJoins}
     where ${where}
     order by c.last_message_at desc, c.id
     limit ${query.pageSize} offset ${query.page * query.pageSize}`);
  return rows;
}

/** One conversation the reader may see (their own, or any for support); undefined otherwise. */
export async function findConversation(
  db: DbOrTx,
  reader: Reader,
  id: string,
): Promise<ConversationRow | undefined> {
  const own = reader.side === 'user' ? sql`and c.user_id = ${reader.userId}` : sql``;
  const { rows } = await db.execute<ConversationRow>(sql`
    select ${conversationColumns(reader)}, 1 as total
      from chat_conversations c ${conversationJoins}
     where c.id = ${id} ${own}`);
  return rows[0];
}

/** A conversation's newest messages (at most `limit`), oldest first, with their authors' names. */
export async function listMessages(db: DbOrTx, conversationId: string, limit: number): Promise<MessageRow[]> {
  const { rows } = await db.execute<MessageRow>(sql`
    select * from (
      select m.id::text, m.conversation_id, m.from_support, m.body, m.created_at,
             ct.first_name, ct.last_name, u.username
        from chat_messages m
        left join users u on u.id = m.author_id
        left join contacts ct on ct.user_id = m.author_id
       where m.conversation_id = ${conversationId}
       order by m.id desc limit ${limit}) newest
     order by id::bigint`);
  return rows;
}

export async function insertConversation(
  db: DbOrTx,
  values: { organizationId: string; userId: string; at: Date },
): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into chat_conversations (organization_id, user_id, created_at, last_message_at, user_read_at)
    values (${values.organizationId}, ${values.userId}, ${values.at}, ${values.at}, ${values.at})
    returning id`);
  return (rows[0] as { id: string }).id;
}

/**
 * Adds a message and brings its conversation forward (reopened if it was closed); the writer's side has
 * read everything up to it. Scoped in SQL like the read (a person writes only in their own); undefined
 * when the conversation is not the writer's to write in.
 */
export async function insertMessage(
  db: DbOrTx,
  reader: Reader,
  values: { conversationId: string; authorId: string; body: string; at: Date },
): Promise<string | undefined> {
  const fromSupport = reader.side === 'support';
  const readColumn = fromSupport ? sql`support_read_at` : sql`user_read_at`;
  const { rows: updated } = await db.execute<{ id: string }>(sql`
    update chat_conversations
       set last_message_at = ${values.at}, status = 'open', closed_at = null, ${readColumn} = ${values.at}
     where id = ${values.conversationId} ${ownedBy(reader)}
    returning id`);
  if (updated.length === 0) return undefined;
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into chat_messages (conversation_id, author_id, from_support, body, created_at)
    values (${values.conversationId}, ${values.authorId}, ${fromSupport}, ${values.body}, ${values.at})
    returning id::text`);
  return rows[0]?.id;
}

/** `and user_id = …` for a person (their own conversations); nothing for support staff. */
const ownedBy = (reader: Reader) => (reader.side === 'user' ? sql`and user_id = ${reader.userId}` : sql``);

/** The reader's side has read the conversation up to now. */
export async function markRead(db: DbOrTx, reader: Reader, id: string, at: Date): Promise<void> {
  const column = reader.side === 'user' ? sql`user_read_at` : sql`support_read_at`;
  await db.execute(sql`update chat_conversations set ${column} = ${at} where id = ${id} ${ownedBy(reader)}`);
}

/** Closes an open conversation; false when it was closed already. */
export async function closeConversation(db: DbOrTx, reader: Reader, id: string, at: Date): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update chat_conversations set status = 'closed', closed_at = ${at}
     where id = ${id} and status = 'open' ${ownedBy(reader)}
    returning id`);
  return rows.length > 0;
}

/** Up to when the person has read the support staff's messages of a conversation, as text (null: never). */
export async function personReadAt(db: DbOrTx, conversationId: string): Promise<string | null> {
  const { rows } = await db.execute<{ read_at: string | null }>(
    sql`select user_read_at::text as read_at from chat_conversations where id = ${conversationId}`,
  );
  return rows[0]?.read_at ?? null;
}
