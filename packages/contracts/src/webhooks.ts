import { z } from 'zod';
import { requiredText } from './fields.ts';

/**
 * Signed webhooks per organization (issue 38, points 3 and 4): destinations an administrator registers, the events
 * each one is sent, and the delivery log. Bodies are signed as the Standard Webhooks specification says.
 */
export const WEBHOOK_EVENTS = [
  'alert.raised',
  'alert.acknowledged',
  'alert.cleared',
  'incident.opened',
  'incident.resolved',
  'device.status',
  'ticket.updated',
  'diagnostic.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The format a destination speaks: each tool's own (Slack blocks, a Teams Adaptive Card, …) or vNOC's JSON. */
export const WEBHOOK_PRESETS = ['generic', 'slack', 'teams', 'pagerduty', 'servicenow'] as const;
export type WebhookPreset = (typeof WEBHOOK_PRESETS)[number];

export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_URL_MAX = 2000;
/** The first bytes of a destination's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_BYTES = 512;
/** "Send test" to one destination: at most this many a minute (a test posts to someone else's service at once). */
export const WEBHOOK_TESTS_PER_MINUTE = 5;

/** What a destination needs besides its URL, by preset: PagerDuty's routing key, ServiceNow's account. */
export const WebhookSettingsSchema = z.object({
  /** PagerDuty Events API v2: the integration's routing key. */
  routingKey: z.string().trim().max(64, { error: 'A routing key is at most 64 characters.' }).optional(),
  /** ServiceNow Table API: the account incidents are created and updated with (basic authentication). */
  username: z.string().trim().max(200, { error: 'A user name is at most 200 characters.' }).optional(),
  password: z.string().max(200, { error: 'A password is at most 200 characters.' }).optional(),
});
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;

const WebhookFieldsSchema = z.object({
  name: requiredText(WEBHOOK_NAME_MAX, 'Enter a name.', 'A name'),
  preset: z.enum(WEBHOOK_PRESETS, { error: 'Choose a format.' }),
  url: requiredText(WEBHOOK_URL_MAX, 'Enter the address to send to.', 'An address'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Choose events from the list.' }))
    .min(1, { error: 'Choose at least one event.' })
    .max(WEBHOOK_EVENTS.length),
  /** Only events of these sites and of the sites of these groups; both empty: every site. */
  siteIds: z
    .array(z.uuid({ error: 'Enter a valid site id.' }))
    .max(500)
    .default([]),
  groupIds: z
    .array(z.uuid({ error: 'Enter a valid group id.' }))
    .max(100)
    .default([]),
  settings: WebhookSettingsSchema.default({}),
});

function presetNeeds(w: { preset: WebhookPreset; settings: WebhookSettings }, ctx: z.RefinementCtx) {
  if (w.preset === 'pagerduty' && !w.settings.routingKey)
    ctx.addIssue({
      code: 'custom',
      path: ['settings', 'routingKey'],
      message: 'Enter the PagerDuty routing key.',
    });
  if (w.preset === 'servicenow' && (!w.settings.username || !w.settings.password))
    ctx.addIssue({
      code: 'custom',
      path: ['settings', 'username'],
      message: 'Enter the ServiceNow user name and password.',
    });
}

export const WebhookCreateSchema = WebhookFieldsSchema.superRefine(presetNeeds);
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;

/**
 * A change to a destination: the fields sent replace the stored ones. Settings left out (or a password left
 * empty) keep the stored ones, so the console never has to show a stored password or key.
 */
export const WebhookUpdateSchema = WebhookFieldsSchema.partial();
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>;

export const WEBHOOK_STATUSES = ['active', 'failing', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WebhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  preset: z.enum(WEBHOOK_PRESETS),
  url: z.string(),
  /** The URL's host, for the list. */
  host: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  siteIds: z.array(z.string()),
  /** The chosen sites' names, to show them. */
  sites: z.array(z.object({ id: z.string(), name: z.string() })),
  groupIds: z.array(z.string()),
  /** Which settings are stored (never their values, but the ServiceNow user name). */
  settings: z.object({ routingKey: z.boolean(), username: z.string().nullable(), password: z.boolean() }),
  status: z.enum(WEBHOOK_STATUSES),
  /** Since when every delivery failed; null while the latest succeeded. */
  failingSince: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /** Until when the secret before the latest rotation still signs too (the overlap); null without one. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** A destination just created, or its secret just rotated: the signing secret, shown this once. */
export const WebhookWithSecretSchema = z.object({ webhook: WebhookSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  createdAt: z.string(),
  /** The latest try. */
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The latest answer's status code; null when none came (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  /** The first bytes of the latest answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** What "Send test" got back from the destination. */
export const WebhookTestResultSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  body: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof WebhookTestResultSchema>;

export const WebhookRotateSchema = z.object({
  /** How long the secret being replaced still signs alongside the new one: 0 to 7 days, default 24 hours. */
  overlapHours: z
    .number()
    .int()
    .min(0, { error: 'The overlap is 0 to 168 hours.' })
    .max(168, { error: 'The overlap is 0 to 168 hours.' })
    .default(24),
});
export type WebhookRotate = z.infer<typeof WebhookRotateSchema>;
