import type { Actor, PersonRef } from './actor.ts';

/* Without zod (issue 39): the console's lists name who did something on their first load. */

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
