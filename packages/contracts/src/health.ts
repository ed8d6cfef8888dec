import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['embedded', 'external']),
  delivery: z.enum(['outbox', 'live']),
});
export type Health = z.infer<typeof HealthSchema>;
