import type { OutboxMessage } from '@vnoc/contracts';
import { desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../db/schema.ts';
import type { Db } from '../plugins/db.ts';
import type { Message } from './message.ts';

export async function insertOutboxMessage(db: Db, message: Message): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: message.channel,
    to: message.to,
    subject: message.subject ?? null,
    body: message.body,
    code: message.code ?? null,
  });
}

/** Messages sent to one address or number, newest first. */
export async function listOutboxMessages(db: Db, to: string, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.to,
    subject: r.subject,
    body: r.body,
    code: r.code,
    createdAt: r.createdAt.toISOString(),
  }));
}
