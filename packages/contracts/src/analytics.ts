import { z } from 'zod';

/** Windows of the analytics calls (spec part 7 "analytics/network/uptime"), each ending now. */
export const ANALYTICS_DURATIONS = ['LAST_6_HOURS', 'LAST_24_HOURS', 'LAST_7_DAYS', 'LAST_30_DAYS'] as const;
export const AnalyticsDurationSchema = z.enum(ANALYTICS_DURATIONS, { error: 'Unknown duration.' });
export type AnalyticsDuration = z.infer<typeof AnalyticsDurationSchema>;

/** GET analytics/network/uptime: the base dashboard's Uptime widget defaults to LAST_6_HOURS. */
export const UptimeQuerySchema = z.object({
  duration: AnalyticsDurationSchema.default('LAST_6_HOURS'),
  /** The dashboard asking (the base dashboard is `vnoc`); accepted for the spec's call, not used for scope. */
  dashboardId: z.string().trim().max(100, { error: 'dashboardId is too long.' }).optional(),
});
export type UptimeQuery = z.infer<typeof UptimeQuerySchema>;

/**
 * The share of device-time in the window that devices in the caller's scope were `online` or
 * `onbackup` (DESIGN.md §5), in percent to 4 decimals; downtime = 100 − uptime. Time before a
 * device's first status record is left out. `devices` counts the devices with recorded time in the
 * window; when it is 0, nothing was recorded and uptime is 100 (no downtime seen).
 */
export const UptimeSchema = z.object({
  duration: AnalyticsDurationSchema,
  uptime: z.number(),
  downtime: z.number(),
  devices: z.number().int(),
});
export type Uptime = z.infer<typeof UptimeSchema>;
