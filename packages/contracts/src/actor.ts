import { z } from 'zod';

/** A person a record names: id and display name. */
export const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

/**
 * Who did something recorded (an acknowledgement, an assignment, a note, a ticket): the person, and the
 * provider's support person when it was done in a support session acting as them (issue 37), so it reads
 * as support's act, never as the customer's own.
 */
export const ActorSchema = PersonRefSchema.extend({ support: PersonRefSchema.nullable() });
export type Actor = z.infer<typeof ActorSchema>;
