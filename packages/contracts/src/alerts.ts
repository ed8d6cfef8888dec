import { z } from 'zod';
import { ActorSchema, PersonRefSchema as PersonSchema } from './actor.ts';
import {
  ALERT_CODES,
  ALERT_NOTE_MAX,
  ALERT_SEVERITIES,
  ALERT_SORT_FIELDS,
  ALERT_STATES,
  MAINTENANCE_MAX_DAYS,
  MAINTENANCE_REASON_MAX,
} from './alert-constants.ts';
import { countsSchema, dateRangeInOrder, dateRangeQuery } from './fields.ts';
import {
  commaList,
  DeviceKindSchema,
  freeText,
  optionalSortingSchema,
  PageSchema,
  PageSizeSchema,
} from './fleet.ts';
import { ChannelSchema } from './outbox.ts';

// ---- the catalogue's schemas (the catalogue itself, without zod, is alert-constants.ts) ----

export const AlertSeveritySchema = z.enum(ALERT_SEVERITIES);
export const AlertCodeSchema = z.enum(ALERT_CODES);
const TextSchema = z.object({ en: z.string(), es: z.string() });
export const AlertCodeInfoSchema = z.object({
  code: AlertCodeSchema,
  severity: AlertSeveritySchema,
  perDevice: z.boolean(),
  name: TextSchema,
  description: TextSchema,
});

// ---- alerts ----

export const AlertStateSchema = z.enum(ALERT_STATES);

/** One alert (spec part 3 "Alert": per-alert fields are ours). A dependent points at its root. */
export const AlertSchema = z.object({
  id: z.string(),
  code: AlertCodeSchema,
  severity: AlertSeveritySchema,
  status: AlertStateSchema,
  /** Null for an incident over several sites. */
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  deviceId: z.string().nullable(),
  deviceKind: DeviceKindSchema.nullable(),
  /** The device's name now (its own, or model and the end of the MAC). */
  deviceName: z.string().nullable(),
  deviceModel: z.string().nullable(),
  macAddress: z.string().nullable(),
  /** The region (US state) of a regional incident, or of the site. */
  region: z.string().nullable(),
  /** The catalogue's English name with what was measured; the console shows its own translation. */
  message: z.string(),
  /** What was measured (latency ms, bars, minutes …), for the console to show in its language. */
  details: z.record(z.string(), z.union([z.number(), z.string()])),
  raisedAt: z.string(),
  lastSeenAt: z.string(),
  clearedAt: z.string().nullable(),
  occurrences: z.number().int(),
  rootAlertId: z.string().nullable(),
  /** How many alerts are attached to this one as dependents. */
  dependents: z.number().int(),
  acknowledgedAt: z.string().nullable(),
  /** Who acknowledged it; `support` when a support person did, acting as them. */
  acknowledgedBy: ActorSchema.nullable(),
  assignee: PersonSchema.nullable(),
  /** Who last assigned it (or took the assignment away), likewise. */
  assignedBy: ActorSchema.nullable(),
  /** Raised while its site was in a maintenance window: recorded, not notified. */
  inMaintenance: z.boolean(),
  /** The ticket sent from it (issue 37): its open one, else the latest; null when none was sent. */
  ticket: z
    .object({ id: z.string(), number: z.number().int(), status: z.enum(['open', 'closed']) })
    .nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: ActorSchema,
  createdAt: z.string(),
});
export type AlertNote = z.infer<typeof AlertNoteSchema>;

/** `GET alert/{id}`: the alert, its root (for a dependent), its dependents and its notes. */
export const AlertDetailSchema = AlertSchema.extend({
  root: AlertSchema.nullable(),
  dependentAlerts: z.array(AlertSchema),
  notes: z.array(AlertNoteSchema),
});
export type AlertDetail = z.infer<typeof AlertDetailSchema>;

const SeverityCountsSchema = countsSchema([...ALERT_SEVERITIES, 'total']);
export type SeverityCounts = z.infer<typeof SeverityCountsSchema>;

/** `GET alert/counts`: root alerts by state and severity, and the caller's unseen count. */
export const AlertCountsSchema = z.object({
  active: SeverityCountsSchema,
  cleared: SeverityCountsSchema,
  /** Active root alerts raised after the caller's last seen alert. */
  unseen: z.number().int(),
  lastSeenId: z.string().nullable(),
  /** The active root alert stored last: what the console marks seen (unseen counts in that order). */
  newestId: z.string().nullable(),
});
export type AlertCounts = z.infer<typeof AlertCountsSchema>;

/** `GET alert` (and the CSV export): paged, sorted, filtered. */
export const AlertListQuerySchema = dateRangeInOrder(
  z.object({
    status: AlertStateSchema.default('active'),
    page: PageSchema.default(0),
    pageSize: PageSizeSchema.default(50),
    /** Unset: {@link defaultAlertSorting} for the status. */
    sorting: optionalSortingSchema(ALERT_SORT_FIELDS),
    code: commaList(AlertCodeSchema, 'Unknown alert code.'),
    severity: commaList(AlertSeveritySchema, 'Unknown severity.'),
    siteId: z.uuid({ error: 'Enter a valid site id.' }).optional(),
    deviceId: z.uuid({ error: 'Enter a valid device id.' }).optional(),
    groupId: z.uuid({ error: 'Enter a valid group id.' }).optional(),
    q: freeText,
    ...dateRangeQuery,
    /** Include dependents as rows of their own (default: roots only, dependents counted on their root). */
    dependents: z.enum(['true', 'false'], { error: 'dependents must be true or false.' }).default('false'),
  }),
);
export type AlertListQuery = z.infer<typeof AlertListQuerySchema>;

export const LastSeenAlertRequestSchema = z.object({
  lastSeenId: z.uuid({ error: 'Enter a valid alert id.' }),
});

export const AlertAssignRequestSchema = z.object({
  /** The person of the organization to assign; null unassigns. */
  userId: z.uuid({ error: 'Choose a person of your organization.' }).nullable(),
});

export const AlertNoteRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: 'Write a note.' })
    .max(ALERT_NOTE_MAX, { error: `A note is at most ${ALERT_NOTE_MAX} characters.` }),
});

/** People an alert may be assigned to. */
export const AssignableUserSchema = z.object({ id: z.string(), name: z.string(), username: z.string() });

// ---- maintenance windows ----

export const MaintenanceWindowSchema = z.object({
  id: z.string(),
  reason: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['scheduled', 'active', 'ended']),
  sites: z.array(z.object({ id: z.string(), name: z.string() })),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdBy: PersonSchema,
  createdAt: z.string(),
});
export type MaintenanceWindow = z.infer<typeof MaintenanceWindowSchema>;

export const MaintenanceRequestSchema = z
  .object({
    siteIds: z
      .array(z.uuid({ error: 'Enter a valid site id.' }))
      .max(500)
      .default([]),
    groupId: z.uuid({ error: 'Enter a valid group id.' }).nullable().default(null),
    startsAt: z.iso.datetime({ offset: true, error: 'Enter a valid start time.' }),
    endsAt: z.iso.datetime({ offset: true, error: 'Enter a valid end time.' }),
    reason: z
      .string()
      .trim()
      .min(1, { error: 'Give a reason.' })
      .max(MAINTENANCE_REASON_MAX, { error: `A reason is at most ${MAINTENANCE_REASON_MAX} characters.` }),
  })
  .refine((w) => w.siteIds.length > 0 || w.groupId !== null, {
    error: 'Choose sites or a group.',
    path: ['siteIds'],
  })
  .refine((w) => Date.parse(w.startsAt) < Date.parse(w.endsAt), {
    error: 'The window must end after it starts.',
    path: ['endsAt'],
  })
  .refine((w) => Date.parse(w.endsAt) - Date.parse(w.startsAt) <= MAINTENANCE_MAX_DAYS * 86_400_000, {
    error: `A window lasts at most ${MAINTENANCE_MAX_DAYS} days.`,
    path: ['endsAt'],
  });
export type MaintenanceRequest = z.infer<typeof MaintenanceRequestSchema>;

export const MaintenanceListQuerySchema = z.object({
  state: z.enum(['current', 'ended'], { error: 'state must be current or ended.' }).default('current'),
  siteId: z.uuid({ error: 'Enter a valid site id.' }).optional(),
});

// ---- notification profile (spec part 3 "Notification profile": fields are ours) ----

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const QuietHoursSchema = z.object({
  start: z.string().regex(HHMM, { error: 'Enter a time as HH:MM.' }),
  end: z.string().regex(HHMM, { error: 'Enter a time as HH:MM.' }),
  /** An IANA time zone, e.g. America/Chicago. */
  timeZone: z
    .string()
    .max(64)
    .refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'Unknown time zone.' },
    ),
});

export const NotificationProfileSchema = z.object({
  /** Channels on; each goes to the caller's verified contact for it (see `contacts`). */
  channels: z.array(ChannelSchema).max(3),
  severities: z.array(AlertSeveritySchema).max(4),
  /** Empty: every code. */
  codes: z.array(AlertCodeSchema).max(ALERT_CODES.length),
  /** Empty (both): every site the caller sees. */
  siteIds: z.array(z.uuid({ error: 'Enter a valid site id.' })).max(500),
  groupIds: z.array(z.uuid({ error: 'Enter a valid group id.' })).max(100),
  /** Nothing is sent in these hours; what fired meanwhile arrives as one digest when they end. */
  quietHours: QuietHoursSchema.nullable(),
  /** Also tell when an alert clears. */
  notifyCleared: z.boolean(),
});
export type NotificationProfile = z.infer<typeof NotificationProfileSchema>;

/** The verified destinations of each channel (read-only; null when the caller has none). */
export const NotificationContactsSchema = z.object({
  email: z.string().nullable(),
  sms: z.string().nullable(),
  voice: z.string().nullable(),
});

export const NotificationProfileResponseSchema = z.object({
  profile: NotificationProfileSchema,
  contacts: NotificationContactsSchema,
});
export type NotificationProfileResponse = z.infer<typeof NotificationProfileResponseSchema>;

export const TestNotificationRequestSchema = z.object({ method: ChannelSchema });
/** Spec part 9: "Test notification retry wait 5 min". */
export const TEST_NOTIFICATION_WAIT_MS = 5 * 60_000;
