import { z } from 'zod';
import { requiredText } from './fields.ts';
import { AddressSchema, CoordinatesSchema } from './fleet.ts';

/** Optional text: trimmed, and empty, null or missing all mean null. */
const optionalText = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .max(max, { error })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const US = /^(us|usa|united states( of america)?)$/i;

/**
 * An address to verify or geocode (POST site/verifyAddress, site/geocode): the city is required; a US
 * ZIP code is 5 digits or ZIP+4; the country defaults to US. Parses to an `Address`.
 */
export const AddressInputSchema = z
  .object({
    street: optionalText(200, 'The street is at most 200 characters.'),
    city: requiredText(100, 'Enter the city.', 'The city'),
    state: optionalText(50, 'The state is at most 50 characters.'),
    zip: optionalText(10, 'Enter a valid ZIP code.'),
    country: z
      .string({ error: 'Enter the country.' })
      .trim()
      .max(56, { error: 'The country is at most 56 characters.' })
      .optional()
      .transform((v) => v || 'US'),
  })
  .superRefine((address, issue) => {
    if (address.zip && US.test(address.country) && !/^\d{5}(-?\d{4})?$/.test(address.zip))
      issue.addIssue({ code: 'custom', path: ['zip'], message: 'Enter a valid ZIP code.' });
  });
export type AddressInput = z.input<typeof AddressInputSchema>;

/** POST site/verifyAddress: the normalized address, whether it is a known place, and what else it may be. */
export const VerifyAddressResponseSchema = z.object({
  verified: z.boolean(),
  address: AddressSchema,
  coordinates: CoordinatesSchema.nullable(),
  /** Known addresses the input may have meant (empty when verified and unambiguous). */
  suggestions: z.array(AddressSchema),
});
export type VerifyAddressResponse = z.infer<typeof VerifyAddressResponseSchema>;

export const GeocodeRequestSchema = z.object({ address: AddressInputSchema });
export type GeocodeRequest = z.input<typeof GeocodeRequestSchema>;

/** POST site/geocode: where the address is, or nulls when no place matches. */
export const GeocodeResponseSchema = z.object({
  coordinates: CoordinatesSchema.nullable(),
  displayName: z.string().nullable(),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;
