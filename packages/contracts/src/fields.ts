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
