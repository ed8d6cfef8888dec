import { z } from 'zod';

export const ChannelSchema = z.enum(['email', 'sms', 'voice']);
export type Channel = z.infer<typeof ChannelSchema>;

export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: ChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxQuerySchema = z.object({ to: z.string().trim().min(1).max(254) });
export const OutboxResponseSchema = z.array(OutboxMessageSchema);
