import { ALERT_SEVERITIES, type AlertSeverity } from './alert-constants.ts';
import { DEVICE_KINDS, DEVICE_STATUSES, type DeviceKind, type DeviceStatus } from './fleet-constants.ts';

/*
 * The fleet query language (issue 37): free-text terms and `key:value` filters, as in
 * `status:offline state:TX model:MX67 since:24h "New York"`. One language for the header search, the Sites,
 * All Devices and Alerts lists and their saved searches. Keys are English tokens in every language; a value
 * with spaces is quoted ("New York"); a value may list alternatives with commas (status:offline,error). Parsing
 * is pure: the API applies the result in SQL, the console suggests keys and values from the same tables.
 */

export const QUERY_KEYS = [
  'status',
  'state',
  'model',
  'kind',
  'site',
  'mac',
  'serial',
  'severity',
  'since',
  'group',
  'ack',
] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

/** What a query searches: the header search's result groups and the lists that take the language. */
export const QUERY_TARGETS = ['sites', 'devices', 'alerts', 'tickets'] as const;
export type QueryTarget = (typeof QUERY_TARGETS)[number];

const EVERY_TARGET = QUERY_TARGETS;

/**
 * What each key filters. `status` is a device status (a site's worst edge status; an alert's or a ticket's
 * device); `state` the site's US state (its region for a regional incident); `serial` is the device's hardware
 * id, which in this fleet is its MAC address; `since` a recent time (a device last heard from, an alert raised,
 * a ticket sent); `ack` and `severity` are the alerts' own.
 */
export const KEY_TARGETS: Record<QueryKey, readonly QueryTarget[]> = {
  status: ['sites', 'devices', 'alerts', 'tickets'],
  state: EVERY_TARGET,
  model: EVERY_TARGET,
  kind: EVERY_TARGET,
  site: EVERY_TARGET,
  mac: EVERY_TARGET,
  serial: EVERY_TARGET,
  severity: ['alerts'],
  since: ['devices', 'alerts', 'tickets'],
  group: EVERY_TARGET,
  ack: ['alerts'],
};

/** The ready values of `since` the suggestions offer (any number of m, h or d is accepted). */
export const SINCE_EXAMPLES = ['30m', '1h', '24h', '7d', '30d'] as const;
const SINCE_PATTERN = /^(\d{1,4})([mhd])$/;
const MINUTES_PER: Record<string, number> = { m: 1, h: 60, d: 1440 };
/** `since` reaches back a year at most. */
export const MAX_SINCE_MINUTES = 366 * 1440;
const ACK_VALUES = ['yes', 'no'] as const;
const MAX_VALUE_LENGTH = 100;

/** A parsed query: the free text (terms joined by one space) and the filters given, each a list of alternatives. */
export interface FleetQuery {
  text: string;
  status?: DeviceStatus[];
  state?: string[];
  model?: string[];
  kind?: DeviceKind[];
  site?: string[];
  /** `mac:` and `serial:` values, as typed. */
  mac?: string[];
  severity?: AlertSeverity[];
  sinceMinutes?: number;
  group?: string[];
  ack?: boolean;
  /** The keys the query used, in order of first use. */
  keys: QueryKey[];
}

export type QueryErrorCode =
  | 'unknown_key'
  | 'empty_value'
  | 'bad_value'
  | 'unclosed_quote'
  | 'not_applicable';

/** Why a query could not be read, and where (`position`: 0-based character index of the offending token). */
export interface QueryError {
  code: QueryErrorCode;
  position: number;
  key?: string;
  value?: string;
  /** The values or keys accepted there. */
  allowed?: readonly string[];
  target?: QueryTarget;
}

export type QueryParse = { ok: true; query: FleetQuery } | { ok: false; error: QueryError };

interface Token {
  position: number;
  key?: string;
  value: string;
  quoted: boolean;
}

/** A MAC or a fragment of one (`00:18:0a`, `aa:bb`): text, not a key. */
const MAC_LIKE = /^[0-9a-f]{1,2}(:[0-9a-f]{0,2})+$/i;
const KEY_PREFIX = /^([A-Za-z]+):/;

type Lex = { ok: true; tokens: Token[] } | { ok: false; error: QueryError };

function lex(input: string): Lex {
  const tokens: Token[] = [];
  let i = 0;
  const readValue = (from: number): { value: string; quoted: boolean; end: number } | QueryError => {
    if (input[from] === '"') {
      const close = input.indexOf('"', from + 1);
      if (close === -1) return { code: 'unclosed_quote', position: from };
      return { value: input.slice(from + 1, close), quoted: true, end: close + 1 };
    }
    let end = from;
    while (end < input.length && !/\s/.test(input[end] as string)) end += 1;
    return { value: input.slice(from, end), quoted: false, end };
  };
  while (i < input.length) {
    if (/\s/.test(input[i] as string)) {
      i += 1;
      continue;
    }
    const start = i;
    const rest = input.slice(i);
    const keyMatch = KEY_PREFIX.exec(rest);
    const word = /^\S*/.exec(rest)?.[0] ?? '';
    if (keyMatch && !MAC_LIKE.test(word)) {
      const key = (keyMatch[1] as string).toLowerCase();
      const read = readValue(i + keyMatch[0].length);
      if ('code' in read) return { ok: false, error: read };
      tokens.push({ position: start, key, value: read.value, quoted: read.quoted });
      i = read.end;
      continue;
    }
    const read = readValue(i);
    if ('code' in read) return { ok: false, error: read };
    tokens.push({ position: start, value: read.value, quoted: read.quoted });
    i = read.end;
  }
  return { ok: true, tokens };
}

const isKey = (key: string): key is QueryKey => (QUERY_KEYS as readonly string[]).includes(key);

function alternatives(token: Token): string[] {
  const parts = token.quoted ? [token.value.trim()] : token.value.split(',').map((p) => p.trim());
  return parts.filter(Boolean);
}

function oneOf<T extends string>(
  token: Token,
  key: QueryKey,
  allowed: readonly T[],
): { values: T[] } | { error: QueryError } {
  const values: T[] = [];
  for (const raw of alternatives(token)) {
    const value = raw.toLowerCase();
    if (!(allowed as readonly string[]).includes(value))
      return { error: { code: 'bad_value', position: token.position, key, value: raw, allowed } };
    values.push(value as T);
  }
  return { values };
}

const badValue = (token: Token, key: QueryKey, allowed: readonly string[]): QueryParse => ({
  ok: false,
  error: { code: 'bad_value', position: token.position, key, value: token.value, allowed },
});

/**
 * Reads a query. With `target`, a key that does not filter that list (severity: on the sites) is refused;
 * without, every key is read (the header search leaves a group out instead).
 */
export function parseFleetQuery(input: string, target?: QueryTarget): QueryParse {
  const lexed = lex(input);
  if (!lexed.ok) return lexed;
  const query: FleetQuery = { text: '', keys: [] };
  const text: string[] = [];
  const add = <K extends 'status' | 'state' | 'model' | 'kind' | 'site' | 'mac' | 'severity' | 'group'>(
    field: K,
    values: NonNullable<FleetQuery[K]>,
  ) => {
    query[field] = [
      ...new Set([...((query[field] as string[] | undefined) ?? []), ...values]),
    ] as FleetQuery[K];
  };
  for (const token of lexed.tokens) {
    if (token.key === undefined) {
      if (token.value.trim()) text.push(token.value.trim());
      continue;
    }
    const key = token.key;
    if (!isKey(key))
      return {
        ok: false,
        error: { code: 'unknown_key', position: token.position, key, allowed: QUERY_KEYS },
      };
    if (target && !KEY_TARGETS[key].includes(target))
      return { ok: false, error: { code: 'not_applicable', position: token.position, key, target } };
    const values = alternatives(token);
    if (values.length === 0)
      return { ok: false, error: { code: 'empty_value', position: token.position, key } };
    const long = values.find((v) => v.length > MAX_VALUE_LENGTH);
    if (long !== undefined)
      return {
        ok: false,
        error: { code: 'bad_value', position: token.position, key, value: long.slice(0, 20) },
      };
    if (!query.keys.includes(key)) query.keys.push(key);
    switch (key) {
      case 'status':
      case 'kind':
      case 'severity': {
        const allowed = { status: DEVICE_STATUSES, kind: DEVICE_KINDS, severity: ALERT_SEVERITIES }[key];
        const read = oneOf(token, key, allowed as readonly string[]);
        if ('error' in read) return { ok: false, error: read.error };
        add(key, read.values as never);
        break;
      }
      case 'since': {
        const match = SINCE_PATTERN.exec(token.value.toLowerCase());
        const minutes = match ? Number(match[1]) * (MINUTES_PER[match[2] as string] as number) : 0;
        if (!match || minutes < 1 || minutes > MAX_SINCE_MINUTES) return badValue(token, key, SINCE_EXAMPLES);
        query.sinceMinutes = minutes;
        break;
      }
      case 'ack': {
        const read = oneOf(token, key, [...ACK_VALUES, 'true', 'false']);
        if ('error' in read || read.values.length !== 1) return badValue(token, key, ACK_VALUES);
        query.ack = read.values[0] === 'yes' || read.values[0] === 'true';
        break;
      }
      case 'serial':
        add('mac', values);
        break;
      default:
        add(key, values);
    }
  }
  query.text = text.join(' ');
  return { ok: true, query };
}

/** The query has a filter (a key), not only free text. */
export const hasFilters = (query: FleetQuery) => query.keys.length > 0;

/** The query's keys all filter `target` (the header search leaves the other groups out). */
export const queryApplies = (query: FleetQuery, target: QueryTarget) =>
  query.keys.every((key) => KEY_TARGETS[key].includes(target));

const TARGET_NAMES: Record<'en' | 'es', Record<QueryTarget, string>> = {
  en: { sites: 'sites', devices: 'devices', alerts: 'alerts', tickets: 'tickets' },
  es: { sites: 'sitios', devices: 'dispositivos', alerts: 'alertas', tickets: 'tickets' },
};

/** The error in words, English or Spanish, with its 1-based character position. */
export function queryErrorMessage(error: QueryError, lang: 'en' | 'es' = 'en'): string {
  const at = error.position + 1;
  const allowed = error.allowed?.join(', ') ?? '';
  const es = lang === 'es';
  switch (error.code) {
    case 'unknown_key':
      return es
        ? `Clave desconocida «${error.key}» en el carácter ${at}. Claves: ${allowed}.`
        : `Unknown key "${error.key}" at character ${at}. Keys: ${allowed}.`;
    case 'empty_value':
      return es
        ? `Falta un valor tras «${error.key}:» en el carácter ${at}.`
        : `Give a value after "${error.key}:" at character ${at}.`;
    case 'bad_value':
      return es
        ? `Valor no válido «${error.value}» para «${error.key}» en el carácter ${at}.${allowed ? ` Valores: ${allowed}.` : ''}`
        : `"${error.value}" is not a valid ${error.key} at character ${at}.${allowed ? ` Values: ${allowed}.` : ''}`;
    case 'unclosed_quote':
      return es
        ? `Cierre las comillas abiertas en el carácter ${at}.`
        : `Close the quote opened at character ${at}.`;
    case 'not_applicable': {
      const target = TARGET_NAMES[lang][error.target ?? 'sites'];
      return es
        ? `«${error.key}:» no filtra ${target} (carácter ${at}).`
        : `"${error.key}:" does not filter ${target} (character ${at}).`;
    }
  }
}

// ---- suggestions ----

/** Values the server knows for the free keys (models, groups, states of the caller's fleet). */
export interface QueryVocabulary {
  models?: readonly string[];
  groups?: readonly string[];
  states?: readonly string[];
}

export interface QuerySuggestion {
  kind: 'key' | 'value';
  /** What replaces the word at the cursor (`status:`, `status:offline `). */
  insert: string;
  /** What the list shows (`status:`, `offline`). */
  label: string;
  key: QueryKey;
}

export interface QuerySuggestions {
  /** The word being typed: the part of the text the chosen suggestion replaces. */
  from: number;
  to: number;
  items: QuerySuggestion[];
}

const MAX_SUGGESTIONS = 8;

function valuesOf(key: QueryKey, vocabulary: QueryVocabulary): readonly string[] {
  switch (key) {
    case 'status':
      return DEVICE_STATUSES;
    case 'kind':
      return DEVICE_KINDS;
    case 'severity':
      return ALERT_SEVERITIES;
    case 'since':
      return SINCE_EXAMPLES;
    case 'ack':
      return ACK_VALUES;
    case 'model':
      return vocabulary.models ?? [];
    case 'group':
      return vocabulary.groups ?? [];
    case 'state':
      return vocabulary.states ?? [];
    default:
      return [];
  }
}

const quoteIfNeeded = (value: string) => (/[\s,"]/.test(value) ? `"${value.replaceAll('"', '')}"` : value);

/**
 * Suggestions for the word at `cursor`: keys that start with it, or, after `key:`, the key's known values
 * that start with what follows (statuses, kinds and severities from the contracts, models, groups and states
 * from the server). With `target`, only keys that filter it.
 */
export function suggestQuery(
  input: string,
  cursor: number,
  vocabulary: QueryVocabulary = {},
  target?: QueryTarget,
): QuerySuggestions {
  const end = Math.max(0, Math.min(cursor, input.length));
  let from = end;
  while (from > 0 && !/\s/.test(input[from - 1] as string)) from -= 1;
  let to = end;
  while (to < input.length && !/\s/.test(input[to] as string)) to += 1;
  const word = input.slice(from, end);
  const keyMatch = KEY_PREFIX.exec(word);
  const keys = QUERY_KEYS.filter((k) => !target || KEY_TARGETS[k].includes(target));
  if (keyMatch) {
    const key = (keyMatch[1] as string).toLowerCase();
    if (!isKey(key) || !keys.includes(key)) return { from, to, items: [] };
    const typed = word.slice(keyMatch[0].length).replace(/^"/, '');
    const last = typed.split(',').pop() ?? '';
    const earlier = typed.slice(0, typed.length - last.length);
    const items = valuesOf(key, vocabulary)
      .filter((v) => v.toLowerCase().startsWith(last.toLowerCase()) && v.toLowerCase() !== last.toLowerCase())
      .slice(0, MAX_SUGGESTIONS)
      .map((v) => ({
        kind: 'value' as const,
        key,
        label: v,
        insert: `${key}:${earlier ? `${earlier}${v}` : quoteIfNeeded(v)} `,
      }));
    return { from, to, items };
  }
  if (word.includes(':') || word.startsWith('"')) return { from, to, items: [] };
  const items = keys
    .filter((k) => k.startsWith(word.toLowerCase()))
    .slice(0, word ? MAX_SUGGESTIONS : QUERY_KEYS.length)
    .map((k) => ({ kind: 'key' as const, key: k, label: `${k}:`, insert: `${k}:` }));
  return { from, to, items };
}

/** The text with a suggestion put in place of the word it was made for, and the cursor after it. */
export function applySuggestion(
  input: string,
  suggestions: Pick<QuerySuggestions, 'from' | 'to'>,
  suggestion: Pick<QuerySuggestion, 'insert'>,
): { text: string; cursor: number } {
  const before = input.slice(0, suggestions.from);
  const after = input.slice(suggestions.to);
  const rest = suggestion.insert.endsWith(' ') && after.startsWith(' ') ? after.slice(1) : after;
  const text = `${before}${suggestion.insert}${rest}`;
  return { text, cursor: before.length + suggestion.insert.length };
}

/** Results per group of the header search (GET /api/search, its schemas in global-search.ts): 8 unless asked, 20 at most. */
export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 20;
