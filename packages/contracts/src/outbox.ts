import { z } from 'zod';

export const ChannelSchema = z.enum(['email', 'sms', 'voice']);
export type Channel = z.infer<typeof ChannelSchema>;

/** A file sent with a message (a scheduled report's CSV and PDF); `url` downloads it. */
export const OutboxAttachmentSchema = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type OutboxAttachment = z.infer<typeof OutboxAttachmentSchema>;

export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: ChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
  /** Kept by the process that sent them (in memory), so empty after a restart. */
  attachments: z.array(OutboxAttachmentSchema).default([]),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxQuerySchema = z.object({ to: z.string().trim().min(1).max(254) });
export const OutboxResponseSchema = z.array(OutboxMessageSchema);
export const OutboxAttachmentParamsSchema = z.object({
  id: z.string().max(100),
  index: z.coerce.number().int().min(0).max(100),
});
