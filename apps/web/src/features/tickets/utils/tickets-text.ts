import type { TFunction } from 'i18next';
import type en from '../../../locales/en/tickets.json';

/** The i18next namespace of the tickets screens (locales/<lang>/tickets.json). */
export const TICKETS_NS = 'tickets';

type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

/** A key of tickets.json: the pure rules return these, so a misspelt key fails type-checking. */
export type TicketsKey = LeafKeys<typeof en>;

/** Text a pure rule hands to the screen: as is (host names, figures), or a key with its values. */
export type Phrase = string | { key: TicketsKey; values?: Record<string, string | number> };

/** The phrase in the language of `t`. */
export function phraseText(t: TFunction, phrase: Phrase): string {
  return typeof phrase === 'string' ? phrase : t(phrase.key, { ...phrase.values, ns: TICKETS_NS });
}
