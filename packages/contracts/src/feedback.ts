import { z } from 'zod';
import { requiredText } from './fields.ts';
import { PagedSchema, pagingQuery } from './fleet.ts';

/**
 * The main layout's feedback (spec part 2: "Main layout … with menu, feedback, …"): a person of a customer
 * organization sends the provider a note about the console; the provider's SUPPORT staff read them all.
 */

/** A note is 1 to 2 000 characters (after trimming). */
export const FEEDBACK_MESSAGE_MAX = 2_000;

export const FeedbackBodySchema = z.object({
  message: requiredText(FEEDBACK_MESSAGE_MAX, 'Write your feedback.', 'Feedback'),
  /** The console path the person was on when they wrote it (the layout fills it in). */
  page: z
    .string()
    .trim()
    .max(300, { error: 'A page is at most 300 characters.' })
    .regex(/^\//, { error: 'A page is a path of the console.' })
    .optional(),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FeedbackSentSchema = z.object({ id: z.string(), createdAt: z.string() });
export type FeedbackSent = z.infer<typeof FeedbackSentSchema>;

export const FeedbackSchema = z.object({
  id: z.string(),
  message: z.string(),
  page: z.string().nullable(),
  createdAt: z.string(),
  /** Who sent it (null once that account is gone), and their organization. */
  person: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackQuerySchema = z.object({ ...pagingQuery });
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;

export const FeedbackPageSchema = PagedSchema(FeedbackSchema);
