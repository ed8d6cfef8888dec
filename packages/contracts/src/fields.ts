import { z } from 'zod';

/** Optional free text up to `max` characters; blank is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** An optional E.164 phone number (+ and up to 15 digits); blank is stored as null. */
export const optionalPhone = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, { error: 'Enter a valid phone number.' })
      .nullable(),
  )
  .nullable()
  .optional();

/** An optional email address, lower-cased; blank is stored as null. */
export const optionalEmail = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .pipe(z.email({ error: 'Enter a valid email address.' }).max(254).nullable())
  .nullable()
  .optional();

/** Required text, trimmed: `missing` when absent or blank; past `max` characters, "<what> is at most <max> characters." */
export const requiredText = (max: number, missing: string, what: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${what} is at most ${max} characters.` });

/** An object of whole-number counts, one per key, in the keys' order: "how many of each". */
export function countsSchema<const K extends string>(keys: readonly K[]) {
  return z.object(
    Object.fromEntries(keys.map((key) => [key, z.number().int()])) as { [P in K]: z.ZodNumber },
  );
}

/** An optional date in a query string: any text `Date.parse` reads. */
const queryDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: message })
    .optional();

/** A list's optional date range, as query fields; `dateRangeInOrder` checks its order. */
export const dateRangeQuery = {
  from: queryDate('Enter a valid start date.'),
  to: queryDate('Enter a valid end date.'),
};

/** Refuses a query whose `from` (dateRangeQuery) is after its `to`, on `from`. */
export const dateRangeInOrder = <S extends z.ZodType<{ from?: string; to?: string }>>(query: S) =>
  query.refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    error: 'The start of the date range must be before its end.',
    path: ['from'],
  });

/** A whole number from `min` to `max` in a query string; `message` for anything else. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
