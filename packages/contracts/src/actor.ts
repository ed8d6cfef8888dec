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

/**
 * "Sam Support (vNOC support) for Uriel Operator", "API key Billing export" (an act made with an organization's
 * API key, issue 38), or the person's own name (the server's texts: CSV, emails; the console's too).
 */
export function actorName(
  actor: Pick<Actor, 'name'> & {
    support?: Pick<PersonRef, 'name'> | null;
    apiKey?: Pick<PersonRef, 'name'> | null;
  },
  language: 'en' | 'es' = 'en',
): string {
  if (actor.apiKey)
    return language === 'es' ? `Clave de API ${actor.apiKey.name}` : `API key ${actor.apiKey.name}`;
  if (!actor.support) return actor.name;
  return language === 'es'
    ? `${actor.support.name} (soporte de vNOC) en nombre de ${actor.name}`
    : `${actor.support.name} (vNOC support) for ${actor.name}`;
}
