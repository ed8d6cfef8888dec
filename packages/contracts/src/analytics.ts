import { z } from 'zod';
import { wholeNumber } from './fields.ts';
import { DeviceKindSchema, DeviceStatusSchema, PagedSchema } from './fleet.ts';

/** Windows of the analytics calls (spec part 7 "analytics/network/uptime"; issue 9), each ending now. */
export const ANALYTICS_DURATIONS = [
  'LAST_HOUR',
  'LAST_6_HOURS',
  'LAST_24_HOURS',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
] as const;
export const AnalyticsDurationSchema = z.enum(ANALYTICS_DURATIONS, { error: 'Unknown duration.' });
export type AnalyticsDuration = z.infer<typeof AnalyticsDurationSchema>;

/** Length of each window in seconds. */
export const DURATION_SECONDS: Readonly<Record<AnalyticsDuration, number>> = {
  LAST_HOUR: 3600,
  LAST_6_HOURS: 6 * 3600,
  LAST_24_HOURS: 24 * 3600,
  LAST_7_DAYS: 7 * 86400,
  LAST_30_DAYS: 30 * 86400,
};

/** Bucket size of the trend widgets per window, in seconds (about 12 to 120 points). */
export const TREND_BUCKET_SECONDS: Readonly<Record<AnalyticsDuration, number>> = {
  LAST_HOUR: 5 * 60,
  LAST_6_HOURS: 15 * 60,
  LAST_24_HOURS: 3600,
  LAST_7_DAYS: 6 * 3600,
  LAST_30_DAYS: 86400,
};

/**
 * The dashboard asking: 'vnoc' (the base dashboard) or a dashboard id the caller can see. Absent means
 * the caller's whole scope (as 'vnoc'). A dashboard's groupIds narrow every widget to those site groups.
 */
export const AnalyticsDashboardIdSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter a dashboard id.' })
  .max(20, { error: 'Enter a valid dashboard id.' });

/** The query every analytics call takes. */
export const AnalyticsQuerySchema = z.object({
  duration: AnalyticsDurationSchema.default('LAST_6_HOURS'),
  dashboardId: AnalyticsDashboardIdSchema.optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** GET analytics/network/uptime: the base dashboard's Uptime widget defaults to LAST_6_HOURS. */
export const UptimeQuerySchema = AnalyticsQuerySchema;
export type UptimeQuery = AnalyticsQuery;

/**
 * The share of device-time in the window that devices in the scope were `online` or `onbackup`
 *, in percent to 4 decimals; downtime = 100 − uptime. Time before a device's first
 * status record is left out. `devices` counts the devices with recorded time in the window; when it is
 * 0, nothing was recorded and uptime is 100 (no downtime seen).
 */
export const UptimeSchema = z.object({
  duration: AnalyticsDurationSchema,
  uptime: z.number(),
  downtime: z.number(),
  devices: z.number().int(),
});
export type Uptime = z.infer<typeof UptimeSchema>;

// ---- GET analytics/widget/vanList/{id} ----

export const VAN_LIST_MAX_PAGE_SIZE = 100;

/** `{id}` in the path is the dashboard id ('vnoc' or a visible dashboard). */
export const VanListParamsSchema = z.object({ id: AnalyticsDashboardIdSchema });

export const VanListQuerySchema = z.object({
  /** Accepted like every analytics call; the list is the current fleet and does not depend on it. */
  duration: AnalyticsDurationSchema.default('LAST_6_HOURS'),
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 0.' })
    .int({ error: 'page must be a whole number of at least 0.' })
    .min(0, { error: 'page must be a whole number of at least 0.' })
    .default(0),
  pageSize: wholeNumber(
    `pageSize must be between 1 and ${VAN_LIST_MAX_PAGE_SIZE}.`,
    1,
    VAN_LIST_MAX_PAGE_SIZE,
  ).default(25),
});
export type VanListQuery = z.infer<typeof VanListQuerySchema>;

/** A device ("van") of the dashboard's scope. */
export const VanSchema = z.object({
  id: z.string(),
  macAddress: z.string(),
  /** The van type. */
  kind: DeviceKindSchema,
  manufacturer: z.string(),
  model: z.string(),
  status: DeviceStatusSchema,
  siteId: z.string(),
  siteName: z.string(),
});
export type Van = z.infer<typeof VanSchema>;

/** Ordered by site name, then MAC address. */
export const VanListSchema = z.object({
  dashboardId: z.string(),
  ...PagedSchema(VanSchema).shape,
  /** Vans per type in the whole scope (not only this page). */
  types: z.array(z.object({ kind: DeviceKindSchema, count: z.number().int() })),
});
export type VanList = z.infer<typeof VanListSchema>;

// ---- GET analytics/sites/usage/top/usage ----

export const TOP_USAGE_MAX_LIMIT = 50;

export const TopUsageQuerySchema = AnalyticsQuerySchema.extend({
  limit: wholeNumber(`limit must be between 1 and ${TOP_USAGE_MAX_LIMIT}.`, 1, TOP_USAGE_MAX_LIMIT).default(
    10,
  ),
});
export type TopUsageQuery = z.infer<typeof TopUsageQuerySchema>;

export const SiteUsageSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  bytesReceived: z.number(),
  bytesTransmitted: z.number(),
  /** Received + transmitted. */
  bytesTotal: z.number(),
});
export type SiteUsage = z.infer<typeof SiteUsageSchema>;

/**
 * Top sites by WAN bytes. Bytes are kept per device per UTC day (device_daily_stats), so the
 * answer covers the whole UTC days the window touches: `from` is the start of the first such day and
 * `to` the end of the last (documented in ARCHITECTURE.md "Analytics calls").
 */
export const TopUsageSchema = z.object({
  duration: AnalyticsDurationSchema,
  from: z.string(),
  to: z.string(),
  sites: z.array(SiteUsageSchema),
});
export type TopUsage = z.infer<typeof TopUsageSchema>;

// ---- GET analytics/widget/vanTroubledSites/{id} ----

export const TROUBLED_SITES_MAX_LIMIT = 50;

export const TroubledSitesQuerySchema = z.object({
  duration: AnalyticsDurationSchema.default('LAST_24_HOURS'),
  limit: TopUsageQuerySchema.shape.limit,
});
export type TroubledSitesQuery = z.infer<typeof TroubledSitesQuerySchema>;

/** A site with trouble in the window: time and periods offline / on backup of its devices. */
export const TroubledSiteSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  status: DeviceStatusSchema,
  secondsOffline: z.number().int(),
  secondsOnBackup: z.number().int(),
  /** Offline periods that started in the window. */
  offlineEvents: z.number().int(),
  /** Backup (failover) periods that started in the window. */
  backupEvents: z.number().int(),
});
export type TroubledSite = z.infer<typeof TroubledSiteSchema>;

/** Worst first: most seconds offline + on backup, then most events, then name; sites without trouble left out. */
export const TroubledSitesSchema = z.object({
  duration: AnalyticsDurationSchema,
  dashboardId: z.string(),
  sites: z.array(TroubledSiteSchema),
});
export type TroubledSites = z.infer<typeof TroubledSitesSchema>;

// ---- trends: GET analytics/trend/wanLatency, analytics/trend/cellularHealth, analytics/trend/failovers ----

export const WanLatencyPointSchema = z.object({
  /** Start of the bucket (ISO 8601). */
  t: z.string(),
  /** Average / 95th percentile WAN ping in ms of the samples in the bucket; null without samples. */
  avgLatencyMs: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
  samples: z.number().int(),
});
export const WanLatencyTrendSchema = z.object({
  duration: AnalyticsDurationSchema,
  bucketSeconds: z.number().int(),
  /** Every bucket of the window, oldest first (empty buckets have samples 0). */
  points: z.array(WanLatencyPointSchema),
});
export type WanLatencyTrend = z.infer<typeof WanLatencyTrendSchema>;

export const FailoverPointSchema = z.object({ t: z.string(), failovers: z.number().int() });
export const FailoversTrendSchema = z.object({
  duration: AnalyticsDurationSchema,
  bucketSeconds: z.number().int(),
  /** Every bucket of the window, oldest first: on-backup periods that started in it. */
  points: z.array(FailoverPointSchema),
  total: z.number().int(),
});
export type FailoversTrend = z.infer<typeof FailoversTrendSchema>;

/**
 * Cellular health: only the current modem reading of each device is stored (devices.modem_signal_statistics);
 * there is no history yet, so `historyAvailable` is false and `points` is empty, and `current` gives the
 * scope's present averages. A UI shows the current reading and says the history is not recorded.
 */
export const CellularHealthTrendSchema = z.object({
  duration: AnalyticsDurationSchema,
  historyAvailable: z.boolean(),
  points: z.array(
    z.object({
      t: z.string(),
      avgRsrp: z.number().nullable(),
      avgSinr: z.number().nullable(),
      devices: z.number().int(),
    }),
  ),
  current: z.object({
    at: z.string(),
    /** Devices of the scope with a modem reading. */
    devices: z.number().int(),
    avgRsrp: z.number().nullable(),
    minRsrp: z.number().nullable(),
    avgSinr: z.number().nullable(),
    minSinr: z.number().nullable(),
  }),
});
export type CellularHealthTrend = z.infer<typeof CellularHealthTrendSchema>;
