import { z } from 'zod';

/**
 * Product analytics (spec part 1 "Optional product analytics", part 7 "An analytics proxy exists under /mp"):
 * the console posts batches of events to `POST /api/mp/track`; the server stamps who and when.
 */

/** The events the console sends. Other names must match PRODUCT_EVENT_NAME_PATTERN. */
export const PRODUCT_EVENT_NAMES = [
  'page.viewed',
  'site.viewed',
  'device.viewed',
  'device.diagnosticFinished',
  'search.filtered',
  'signIn.completed',
] as const;
export type ProductEventName = (typeof PRODUCT_EVENT_NAMES)[number];

/** A bounded name for events of other Mixpanel-compatible clients ("Page View", "$mp_web_page_view"). */
export const PRODUCT_EVENT_NAME_PATTERN = /^\$?[A-Za-z][A-Za-z0-9 _.:-]{0,63}$/;
const PROPERTY_NAME_PATTERN = /^\$?[A-Za-z][A-Za-z0-9 _.:-]{0,63}$/;

export const PRODUCT_EVENT_LIMITS = {
  eventsPerBatch: 50,
  propertiesPerEvent: 40,
  stringLength: 512,
  listLength: 20,
  listItemLength: 200,
  /** The properties of one event as JSON text. */
  propertiesJsonLength: 4096,
} as const;

const L = PRODUCT_EVENT_LIMITS;

export const ProductEventNameSchema = z.union([
  z.enum(PRODUCT_EVENT_NAMES),
  z.string().regex(PRODUCT_EVENT_NAME_PATTERN, { message: 'Unknown event name.' }),
]);

const ScalarSchema = z.union([z.string().max(L.stringLength), z.number().finite(), z.boolean(), z.null()]);
const ListItemSchema = z.union([z.string().max(L.listItemLength), z.number().finite(), z.boolean()]);
export const ProductPropertyValueSchema = z.union([ScalarSchema, z.array(ListItemSchema).max(L.listLength)]);
export type ProductPropertyValue = z.infer<typeof ProductPropertyValueSchema>;

export const ProductPropertiesSchema = z
  .record(
    z.string().regex(PROPERTY_NAME_PATTERN, { message: 'Invalid property name.' }),
    ProductPropertyValueSchema,
  )
  .refine((p) => Object.keys(p).length <= L.propertiesPerEvent, {
    message: `At most ${L.propertiesPerEvent} properties per event.`,
  })
  .refine((p) => JSON.stringify(p).length <= L.propertiesJsonLength, {
    message: `An event's properties take at most ${L.propertiesJsonLength} characters.`,
  });
export type ProductProperties = z.infer<typeof ProductPropertiesSchema>;

/** The console's analytics session (kept 30 minutes after the last activity, spec parts 4 and 9). */
export const ProductSessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'Invalid session id.' });

export const ProductEventSchema = z.object({
  name: ProductEventNameSchema,
  sessionId: ProductSessionIdSchema.optional(),
  properties: ProductPropertiesSchema.default({}),
});
export type ProductEvent = z.input<typeof ProductEventSchema>;

/** An event as a Mixpanel-compatible client posts it to `/track` (its `token`, `distinct_id`, `time` are ignored). */
export const MixpanelEventSchema = z.object({
  event: ProductEventNameSchema,
  properties: ProductPropertiesSchema.default({}),
});

/**
 * POST mp/track: the console's batch `{ events }`, or a Mixpanel-compatible JSON array of `{ event, properties }`.
 */
export const ProductTrackRequestSchema = z.union([
  z.object({ events: z.array(ProductEventSchema).min(1).max(L.eventsPerBatch) }),
  z.array(MixpanelEventSchema).min(1).max(L.eventsPerBatch),
]);
export type ProductTrackRequest = z.input<typeof ProductTrackRequestSchema>;

/** How many events were kept (0 when the user opted out). */
export const ProductTrackResponseSchema = z.object({ accepted: z.number().int() });
export type ProductTrackResponse = z.infer<typeof ProductTrackResponseSchema>;
