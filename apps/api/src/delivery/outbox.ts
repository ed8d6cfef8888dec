import type { OutboxMessage } from '@vnoc/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { outboxAttachments, outboxMessages } from '../db/schema.ts';
import type { Db } from '../plugins/db.ts';
import type { Attachment, Message } from './message.ts';

export async function insertOutboxMessage(db: Db, message: Message): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outboxMessages)
      .values({
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? null,
        body: message.body,
        code: message.code ?? null,
      })
      .returning({ id: outboxMessages.id });
    if (row && message.attachments?.length)
      await tx.insert(outboxAttachments).values(
        message.attachments.map((a, index) => ({
          messageId: row.id,
          index,
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      );
  });
}

/** One attachment of an outbox message (index in its list), or undefined when there is none. */
export async function outboxAttachment(
  db: Db,
  messageId: string,
  index: number,
): Promise<Attachment | undefined> {
  const [row] = await db
    .select({
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
      content: outboxAttachments.content,
    })
    .from(outboxAttachments)
    .where(and(eq(outboxAttachments.messageId, messageId), eq(outboxAttachments.index, index)));
  return row;
}

/** Messages sent to one address or number, newest first. */
export async function listOutboxMessages(db: Db, to: string, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  // The files' names and sizes, not their content.
  const listed =
    rows.length === 0
      ? []
      : await db
          .select({
            messageId: outboxAttachments.messageId,
            index: outboxAttachments.index,
            filename: outboxAttachments.filename,
            contentType: outboxAttachments.contentType,
            size: sql<number>`octet_length(${outboxAttachments.content})::int`,
          })
          .from(outboxAttachments)
          .where(
            inArray(
              outboxAttachments.messageId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(outboxAttachments.messageId), asc(outboxAttachments.index));
  const files = new Map<string, typeof listed>();
  for (const f of listed) files.set(f.messageId, [...(files.get(f.messageId) ?? []), f]);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.to,
    subject: r.subject,
    body: r.body,
    code: r.code,
    createdAt: r.createdAt.toISOString(),
    attachments: (files.get(r.id) ?? []).map((a) => ({
      index: a.index,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      url: `/api/dev/outbox/${r.id}/attachments/${a.index}`,
    })),
  }));
}
