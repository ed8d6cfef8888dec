import { type Actor, actorName as actorPhrase } from '@vnoc/contracts';
import { currentLanguage } from './i18n.ts';

/**
 * Who did something, as people read it (issue 37): "Sam Support (vNOC support) for Uriel Operator" when a
 * support person did it acting as the person, "API key Billing export" when done with an API key (issue 38),
 * else the person's name — the contracts' wording, the same as the server's CSV and emails, in the console's
 * language.
 */
export function actorName(
  actor: Pick<Actor, 'name'> & { support?: Pick<Actor, 'name'> | null; apiKey?: Pick<Actor, 'name'> | null },
): string {
  return actorPhrase(actor, currentLanguage());
}
