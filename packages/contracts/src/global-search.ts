import { z } from 'zod';
import { AlertSeveritySchema } from './alerts.ts';
import { DeviceKindSchema, DeviceStatusSchema } from './fleet.ts';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './fleet-query.ts';

/*
 * GET /api/search, the header search, and its vocabulary: the schemas apart from the query language they
 * search with (fleet-query.ts, without zod, which the lists' search fields read on their first load; issue 39).
 */

export const GlobalSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, { error: 'Type something to search for.' })
    .max(200, { error: 'Search text is at most 200 characters.' }),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).catch(SEARCH_LIMIT_DEFAULT),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuerySchema>;

export const SearchSiteHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  status: DeviceStatusSchema,
});
export const SearchDeviceHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  macAddress: z.string(),
  kind: DeviceKindSchema,
  status: DeviceStatusSchema,
  site: z.object({ id: z.string(), name: z.string() }),
});
export const SearchAlertHitSchema = z.object({
  id: z.string(),
  code: z.string(),
  severity: AlertSeveritySchema,
  /** The alert's title in English (the console words it from the code). */
  message: z.string(),
  siteName: z.string().nullable(),
  raisedAt: z.string(),
  acknowledged: z.boolean(),
});
export const SearchTicketHitSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  status: z.string(),
  siteName: z.string(),
});

/** The header search's answer: a group per kind of result, each `limit` rows at most (empty where a key does not filter it). */
export const GlobalSearchResultSchema = z.object({
  sites: z.array(SearchSiteHitSchema),
  devices: z.array(SearchDeviceHitSchema),
  alerts: z.array(SearchAlertHitSchema),
  tickets: z.array(SearchTicketHitSchema),
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>;
export type SearchSiteHit = z.infer<typeof SearchSiteHitSchema>;
export type SearchDeviceHit = z.infer<typeof SearchDeviceHitSchema>;
export type SearchAlertHit = z.infer<typeof SearchAlertHitSchema>;
export type SearchTicketHit = z.infer<typeof SearchTicketHitSchema>;

/** GET /api/search/vocabulary: the caller's models, site groups and states, for the suggestions. */
export const QueryVocabularySchema = z.object({
  models: z.array(z.string()),
  groups: z.array(z.string()),
  states: z.array(z.string()),
});
