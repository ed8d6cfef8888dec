import type { Actor } from '@vnoc/contracts';
import type { TFunction } from 'i18next';

/**
 * Who did something, as people read it (issue 37): "Sam Support (vNOC support) for Uriel Operator" when a
 * support person did it acting as the person, else the person's name. Any namespace's `t` will do.
 */
export function actorName(t: TFunction, actor: Pick<Actor, 'name'> & { support?: Actor['support'] }): string {
  if (!actor.support) return actor.name;
  return t('actor.bySupport', { ns: 'translation', support: actor.support.name, user: actor.name });
}
