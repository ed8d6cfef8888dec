import { z } from 'zod';
import { optionalEmail, optionalPhone, optionalText } from './fields.ts';
// Its own module: fleet.ts ← geocoding.ts already, so the address input cannot be imported into fleet.ts.
import { AddressInputSchema } from './geocoding.ts';

export const EditSiteContactSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter the contact name.' }).max(100),
  phone: optionalPhone,
  email: optionalEmail,
  role: optionalText(100),
});

/**
 * PUT site/edit (ADMINISTRATOR). `address`, when present, is verified by the server's geocoder, which
 * also decides the coordinates (a client's coordinates are never taken); missing keeps the address.
 */
export const EditSiteRequestSchema = z.object({
  id: z.uuid({ error: 'Enter a valid site id.' }),
  name: z.string().trim().min(1, { error: 'Enter the site name.' }).max(100),
  alias: optionalText(100),
  contacts: z.array(EditSiteContactSchema).max(20).optional(),
  address: AddressInputSchema.optional(),
});
export type EditSiteRequest = z.input<typeof EditSiteRequestSchema>;
