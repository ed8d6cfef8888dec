import { z } from 'zod';
import { SiteGroupIdsSchema } from './admin-users.ts';

/**
 * API keys (issue 38): an organization's programs call the console's routes with `Authorization: Bearer <key>`.
 * A key reads `vnoc_<prefix>_<secret>`: the prefix (8 characters) is its visible id, the secret is shown once.
 * `DISPLAY` is a wall display's key (issue 37): read-only, limited to chosen dashboards.
 */
export const API_KEY_ROLES = ['READ_ONLY', 'USER', 'ADMINISTRATOR', 'DISPLAY'] as const;
export const ApiKeyRoleSchema = z.enum(API_KEY_ROLES, { error: 'Choose a role for the key.' });
export type ApiKeyRole = z.infer<typeof ApiKeyRoleSchema>;

/** `vnoc_` + 8 characters of [a-z0-9] + `_` + 43 characters of base64url. */
export const API_KEY_PATTERN = /^vnoc_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
export const API_KEY_PREFIX = 'vnoc_';

/** A wall display cycles its dashboards every this many seconds, by default. */
export const DISPLAY_CYCLE_DEFAULT_SECONDS = 60;

export const API_KEY_MESSAGES = {
  expired: 'API key expired',
  readOnly: 'This API key is read-only: it cannot change anything.',
  confined:
    "API keys cannot call this route: it belongs to a person's own sign-in, profile or support session.",
  notFound: 'No such API key.',
  expiryPast: 'Choose an expiry in the future.',
  adminGroups: 'An administrator key sees every site: leave its site groups empty.',
  foreignGroups: 'Choose site groups of your organization.',
  displayDashboards: 'Choose at least one dashboard for a display.',
  dashboardsOnlyDisplay: 'Only a display key shows chosen dashboards.',
  foreignDashboards: 'Choose dashboards shared in your organization.',
  display: 'This display can only show its dashboards.',
} as const;

const SiteGroupRefSchema = z.object({ id: z.string(), name: z.string() });

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible id: the key starts `vnoc_<prefix>_`. */
  prefix: z.string(),
  role: ApiKeyRoleSchema,
  siteGroups: z.array(SiteGroupRefSchema),
  /** A display's dashboards (issue 37) and how long each shows. */
  dashboardIds: z.array(z.number().int()),
  cycleSeconds: z.number().int(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  createdAt: z.string(),
  /** The administrator who made it. */
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Enter a name for the key.' })
    .max(100, { error: 'Use at most 100 characters.' }),
  role: ApiKeyRoleSchema,
  siteGroupIds: SiteGroupIdsSchema,
  /** Dashboards a display key shows, in order (DISPLAY only). */
  dashboardIds: z.array(z.number().int().positive()).max(50).default([]),
  cycleSeconds: z
    .number()
    .int()
    .min(5, { error: 'Show each dashboard for 5 seconds at least.' })
    .max(3600, { error: 'Show each dashboard for an hour at most.' })
    .default(DISPLAY_CYCLE_DEFAULT_SECONDS),
  /** None: the key never expires. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter a valid expiry.' }).nullable().default(null),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

/** The new key, with the one time its secret is shown. */
export const CreatedApiKeySchema = z.object({ apiKey: ApiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** GET api-keys/display: what a wall display shows (its own key's name, dashboards and cycle). */
export const DisplayInfoSchema = z.object({
  name: z.string(),
  dashboardIds: z.array(z.number().int()),
  cycleSeconds: z.number().int(),
});
export type DisplayInfo = z.infer<typeof DisplayInfoSchema>;
