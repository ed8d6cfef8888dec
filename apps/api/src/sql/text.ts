import { type SQL, sql } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths are not validated as 400: a malformed id is simply not found. */
export const isUuid = (value: string) => UUID.test(value);

/** `a, b, c` as bound parameters, for `in (…)`. */
export const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A PostgreSQL array of `type` from these values, bound as one JSON parameter (an empty list included). */
export const sqlArray = (values: readonly (string | number)[], type: 'text' | 'uuid' | 'int'): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::${sql.raw(type)}[]`;

/** A MAC address as typed (any case, dashes, or 12 bare hex digits) in the stored form `aa:bb:…`. */
export function macFragment(q: string): string {
  const lower = q.toLowerCase().replaceAll('-', ':');
  return /^[0-9a-f]{12}$/.test(lower) ? lower.replace(/(..)(?!$)/g, '$1:') : lower;
}

/** An ILIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An ILIKE pattern matching text that begins with `text` (`model:MX6` finds MX67 and MX68). */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A site's text (`search_text`: name, alias, account, address and account holders, trigram-indexed) matches a
 * containsPattern. The column is stored lower-cased, so it is matched with LIKE against the pattern lower-cased
 * by the same `lower()`: the rows ILIKE finds, at about half its cost per row checked.
 */
export const siteTextLike = (pattern: string, column: SQL = sql`s.search_text`): SQL =>
  sql`${column} like lower(${pattern})`;
