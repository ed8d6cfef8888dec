import { z } from 'zod';

/** One field problem in a 400 answer; the client shows the first item's message. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** Every error answer: a stable id, a readable message, and for 400 the list of field problems. */
export const ErrorBodySchema = z.object({
  id: z.string(),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export { type ErrorId, ErrorIds } from './error-ids.ts';
