import { z } from 'zod';
import { PersonRefSchema } from './actor.ts';
import { AlertCodeSchema, AlertSeveritySchema } from './alerts.ts';
import { JOB_ACTIONS } from './diagnostic-constants.ts';
import { JobStateSchema } from './diagnostics.ts';
import { dateRangeInOrder, dateRangeQuery } from './fields.ts';
import { DeviceStatusSchema } from './fleet.ts';
import { TicketStatusSchema } from './tickets.ts';
import { TIMELINE_EVENT_TYPES } from './timeline-constants.ts';

/** GET site/{id}/timeline, GET device/{id}/timeline: `from`/`to` are times (any text `Date.parse` reads). */
export const TimelineQuerySchema = dateRangeInOrder(z.object({ ...dateRangeQuery }));
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;

/**
 * A span of one status, clipped to the range. A site's is the worst status of its edge devices (as its list
 * status); time no device recorded is no interval at all, shown as "No data", never as any status.
 */
export const TimelineIntervalSchema = z.object({
  status: DeviceStatusSchema,
  from: z.string(),
  to: z.string(),
  /** The span still goes on (its end is the range's end or now). */
  ongoing: z.boolean(),
});
export type TimelineInterval = z.infer<typeof TimelineIntervalSchema>;

const DeviceRefSchema = z.object({ id: z.string(), name: z.string() });

export const TimelineAlertSchema = z.object({
  type: z.literal('alert'),
  id: z.string(),
  at: z.string(),
  clearedAt: z.string().nullable(),
  code: AlertCodeSchema,
  severity: AlertSeveritySchema,
  device: DeviceRefSchema.nullable(),
});

export const TimelineDiagnosticSchema = z.object({
  type: z.literal('diagnostic'),
  id: z.string(),
  at: z.string(),
  finishedAt: z.string().nullable(),
  action: z.enum(JOB_ACTIONS),
  state: JobStateSchema,
  device: DeviceRefSchema,
});

export const TimelineTicketSchema = z.object({
  type: z.literal('ticket'),
  id: z.string(),
  at: z.string(),
  number: z.number().int(),
  subject: z.string(),
  status: TicketStatusSchema,
  device: DeviceRefSchema,
});

/** An act of the provider's support staff while acting as one of the organization's people (the activity log's). */
export const TimelineSupportSchema = z.object({
  type: z.literal('support'),
  id: z.string(),
  at: z.string(),
  /** The activity log's action (`alert.acknowledge`, `device.troubleshooting.reboot`, …). */
  action: z.string(),
  support: PersonRefSchema,
  /** The person support acted as. */
  person: PersonRefSchema.nullable(),
});

/** A configuration version the device recorded (its transactions). */
export const TimelineConfigSchema = z.object({
  type: z.literal('config'),
  id: z.string(),
  at: z.string(),
  versionName: z.string(),
  internalChange: z.boolean(),
  device: DeviceRefSchema,
});

export const TimelineEventSchema = z.discriminatedUnion('type', [
  TimelineAlertSchema,
  TimelineDiagnosticSchema,
  TimelineTicketSchema,
  TimelineSupportSchema,
  TimelineConfigSchema,
]);
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export type TimelineEventType = TimelineEvent['type'];

/**
 * One UTC day's availability, by the SLA report's rule (time up, on primary or backup, of the time recorded by
 * installed edge devices; a device's own for a device): `percent` null when nothing was recorded that day (not
 * rolled up yet, not installed), which is "No data", not 0 % or 100 %.
 */
export const TimelineDaySchema = z.object({
  day: z.string(),
  percent: z.number().nullable(),
  secondsObserved: z.number(),
  secondsDown: z.number(),
  secondsOnBackup: z.number(),
});
export type TimelineDay = z.infer<typeof TimelineDaySchema>;

export const TimelineSchema = z.object({
  from: z.string(),
  to: z.string(),
  intervals: z.array(TimelineIntervalSchema),
  events: z.array(TimelineEventSchema),
  /** The UTC days the range meets, oldest first. */
  availability: z.array(TimelineDaySchema),
  /** Support acts are shown to the organization's administrators and to support staff only: false for others. */
  supportShown: z.boolean(),
  /** Types of which more than TIMELINE_EVENTS_MAX events fell in the range (the newest are kept). */
  truncated: z.array(z.enum(TIMELINE_EVENT_TYPES)),
});
export type Timeline = z.infer<typeof TimelineSchema>;
