import { z } from 'zod';
import { EmailSchema } from './auth.ts';

/** Spec part 3 "Single sign-on app list entry": isThisApp and sortOrder, with the app's name and address. */
export const SsoAppSchema = z.object({
  name: z.string().min(1).max(100),
  url: z.string().min(1).max(2000),
  isThisApp: z.boolean(),
  sortOrder: z.number().int(),
});
export type SsoApp = z.infer<typeof SsoAppSchema>;

/** The body of GET /api/ps/access/okta: the apps of the single sign-on (the token is in the Authorization header). */
export const SsoAppListSchema = z.array(SsoAppSchema);

/** GET /api/sso/tile?email=: which identity-provider tile the login screen shows for an address. */
export const SsoTileQuerySchema = z.object({ email: EmailSchema });

/**
 * An organization's identity-provider tile: its name, and what the browser needs to begin the sign-in
 * (issuer and client id are public by nature: they travel in the authorization request).
 */
export const SsoTileSchema = z.object({
  organization: z.string(),
  issuer: z.url(),
  clientId: z.string().min(1),
});
export type SsoTile = z.infer<typeof SsoTileSchema>;

/** No tile (null) when the address's organization has no single sign-on, or no organization owns it. */
export const SsoTileResponseSchema = z.object({ tile: SsoTileSchema.nullable() });
export type SsoTileResponse = z.infer<typeof SsoTileResponseSchema>;
