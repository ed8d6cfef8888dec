import { z } from 'zod';
import { RoleSchema } from './claims.ts';
import { freeText, PagedSchema, pagingQuery } from './fleet.ts';

/** GET support/people: the provider's SUPPORT staff find a customer's person across organizations. */
export const SupportPeopleQuerySchema = z.object({
  q: freeText,
  ...pagingQuery,
});
export type SupportPeopleQuery = z.infer<typeof SupportPeopleQuerySchema>;

export const SupportPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
  status: z.enum(['active', 'pending', 'deactivated']),
  organization: z.object({
    id: z.string(),
    name: z.string(),
    /** Off: the organization does not let support staff act as its people. */
    supportAccess: z.boolean(),
  }),
  lastSignInAt: z.string().nullable(),
});
export type SupportPerson = z.infer<typeof SupportPersonSchema>;

export const SupportPeoplePageSchema = PagedSchema(SupportPersonSchema);
