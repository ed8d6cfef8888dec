/*
 * The session token's claims, built with zod/mini (same core and parsing as the classic zod of the other contracts,
 * without its per-schema methods): the web app reads a stored token's claims before its first render, and with
 * this module it fetches and evaluates zod's core and these few schemas there, not every contracts schema and
 * classic zod (issue 39). The API signs and checks tokens with the same definition.
 */
import * as z from 'zod/mini';

export const RoleSchema = z.enum(['ADMINISTRATOR', 'USER', 'READ_ONLY', 'SUPPORT']);
export type Role = z.infer<typeof RoleSchema>;

export const EntitlementSchema = z.enum(['diagnostics', 'port-control', 'cellular-billing', 'analytics']);
export type Entitlement = z.infer<typeof EntitlementSchema>;

/** JWT claims exactly as spec part 3, plus role, entitlements and the standard jti/iat. */
export const ClaimsSchema = z.object({
  sub: z.string(),
  exp: z.int(),
  iat: z.optional(z.int()),
  jti: z.optional(z.string()),
  isMfaEnrolled: z.boolean(),
  isMfaAppEnrolled: z.boolean(),
  isMfaMobileEnrolled: z.boolean(),
  isMfaVoiceEnrolled: z.boolean(),
  userSmsNumber: z.nullable(z.string()),
  userVoiceNumber: z.nullable(z.string()),
  isCredExpired: z.boolean(),
  isMfaValidated: z.boolean(),
  isEmailValidated: z.boolean(),
  role: RoleSchema,
  entitlements: z._default(z.array(EntitlementSchema), []),
  /** Username of the support person acting as this user (impersonation). */
  impersonatedBy: z.optional(z.string()),
  /**
   * The impersonation's record (the exchanged access code's jti), which links to the support person's own
   * session: signing out of that session, or the record being gone, ends the impersonation.
   */
  impersonatorSession: z.optional(z.string()),
  /** When the impersonation ends, in seconds since the epoch: no session token of it outlives this. */
  impersonationEnds: z.optional(z.int()),
  /** When the sign-in ends at the latest (12 h after it began), in seconds since the epoch: renewals stop there. */
  sessionEnds: z.optional(z.int()),
  /**
   * When the person last proved themselves again in this session (POST access/reauthenticate), in seconds
   * since the epoch: a password or factor change needs it within the last few minutes (issue 34).
   */
  reauthenticatedAt: z.optional(z.int()),
});
export type Claims = z.infer<typeof ClaimsSchema>;
