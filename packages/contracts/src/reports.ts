import { z } from 'zod';
import type { Entitlement } from './claims.ts';
import { wholeNumber } from './fields.ts';
import { freeText, PagedSchema } from './fleet.ts';
import { MAX_PAGE_SIZE } from './fleet-constants.ts';
import { REPORT_IDS, type ReportId } from './report-constants.ts';

/**
 * Reports (spec part 2 "Report captions", part 3 "Cellular billing report row" and "Online analytics row";
 * issue 9). All read the daily rollups: one sample per device per UTC day; a day is there once it is over.
 */
export const ReportIdSchema = z.enum(REPORT_IDS, { error: 'Unknown report.' });

type Text = { en: string; es: string };
export type ReportInfo = {
  id: ReportId;
  /** The organization needs this feature to open the report (else it is not listed, and 403). */
  entitlement: Entitlement | null;
  title: Text;
  description: Text;
  /** Shown above the table (spec part 2 "Report captions"). */
  caption: Text;
};

const DAILY_CAPTION: Text = {
  en: 'Daily samples over the selected range, one sample per day per device.',
  es: 'Muestras diarias en el rango seleccionado, una muestra por día y por dispositivo.',
};

/** The reports, in the order /reports lists them. The web translates by id; en and es are here for email and PDF. */
export const REPORT_CATALOGUE: readonly ReportInfo[] = [
  {
    id: 'online-analytics',
    entitlement: null,
    title: { en: 'Online analytics', es: 'Análisis de conectividad' },
    description: {
      en: 'Time online, on primary, on backup and offline per device and day, with outage and failover counts and WAN traffic.',
      es: 'Tiempo en línea, en enlace principal, en respaldo y fuera de línea por dispositivo y día, con cortes, conmutaciones y tráfico WAN.',
    },
    caption: DAILY_CAPTION,
  },
  {
    id: 'cellular-billing',
    entitlement: 'cellular-billing',
    title: { en: 'Cellular billing', es: 'Facturación celular' },
    description: {
      en: 'Backup (LTE) data usage per device and day, as reported by the wireless carrier.',
      es: 'Uso de datos de respaldo (LTE) por dispositivo y día, según lo informa el operador inalámbrico.',
    },
    caption: {
      en: `${DAILY_CAPTION.en} Backup usage is shown as reported by the wireless carrier, a day after it happened.`,
      es: `${DAILY_CAPTION.es} El uso de respaldo se muestra tal como lo informa el operador inalámbrico, un día después.`,
    },
  },
  {
    id: 'sla',
    entitlement: null,
    title: { en: 'Site availability (SLA)', es: 'Disponibilidad de sitios (SLA)' },
    description: {
      en: 'Availability of each site against a target, worst first: time on backup counts as available but is shown apart from downtime.',
      es: 'Disponibilidad de cada sitio frente a un objetivo, los peores primero: el tiempo en respaldo cuenta como disponible, separado del tiempo caído.',
    },
    caption: {
      en: "From the daily samples of each site's edge devices over the selected range.",
      es: 'A partir de las muestras diarias de los equipos de borde de cada sitio en el rango seleccionado.',
    },
  },
];

export const ReportInfoSchema = z.object({
  id: ReportIdSchema,
  entitlement: z.string().nullable(),
  title: z.object({ en: z.string(), es: z.string() }),
  description: z.object({ en: z.string(), es: z.string() }),
  caption: z.object({ en: z.string(), es: z.string() }),
});

export const REPORT_DEFAULT_SORTING: Readonly<Record<ReportId, string>> = {
  'cellular-billing': 'date-desc',
  'online-analytics': 'date-desc',
  sla: 'availability-asc',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOnly = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => DATE.test(v) && new Date(`${v}T00:00:00.000Z`).toISOString().slice(0, 10) === v, {
      error: message,
    });

/**
 * The filters of a report (also what a subscription stores): one site, one site group, device models (a
 * comma list), free text over the site's name, alias, account and address and the device's MAC, and the
 * SLA report's target.
 */
export const ReportFiltersSchema = z.object({
  siteId: z.uuid({ error: 'Enter a valid site id.' }).optional(),
  groupId: z.uuid({ error: 'Enter a valid group id.' }).optional(),
  model: z.string().trim().max(2000, { error: 'Too many models.' }).optional(),
  q: freeText,
  target: z.coerce
    .number({ error: 'The target must be a percentage between 50 and 100.' })
    .min(50, { error: 'The target must be a percentage between 50 and 100.' })
    .max(100, { error: 'The target must be a percentage between 50 and 100.' })
    .optional(),
});
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

/**
 * `GET reports/{id}` and its exports. `from` and `to` are UTC days (YYYY-MM-DD), both included; default the
 * last 7 complete days. Reversed, longer than 13 months or ending after today → 400. Paging and sorting are
 * refused with 400 when invalid (the sort fields depend on the report).
 */
export const ReportQuerySchema = ReportFiltersSchema.extend({
  from: dateOnly('Enter the start date as YYYY-MM-DD.').optional(),
  to: dateOnly('Enter the end date as YYYY-MM-DD.').optional(),
  page: wholeNumber('page must be a whole number of at least 0.', 0, 1_000_000).default(0),
  pageSize: wholeNumber(`pageSize must be between 1 and ${MAX_PAGE_SIZE}.`, 1, MAX_PAGE_SIZE).default(50),
  sorting: z.string().trim().max(60, { error: 'Unknown sorting.' }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  error: 'The start of the date range must be on or before its end.',
  path: ['from'],
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportParamsSchema = z.object({ id: z.string().max(100) });

/** Where a row's device and site are (the billing-style identifying columns). */
const identity = {
  /** `deviceId:date` (per device and day) or the site id (SLA). */
  id: z.string(),
  deviceId: z.string(),
  siteId: z.string(),
  macAddress: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  /** YYYY-MM-DD (UTC day). */
  date: z.string(),
  siteName: z.string(),
  /** Street address. */
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
};

/** Spec part 3 "Cellular billing report row": one per device with a modem (firewall or 5G) per day. */
export const CellularBillingRowSchema = z.object({
  ...identity,
  /** Backup (LTE) bytes as the carrier reported them; null until reported (and on days without backup). */
  usage_backup: z.number().nullable(),
  /** When the carrier reported the figure (ISO 8601); null until then. */
  lastUpdated: z.string().nullable(),
});
export type CellularBillingRow = z.infer<typeof CellularBillingRowSchema>;

const uptimeColumns = {
  percentOffline: z.number(),
  secondsOffline: z.number().int(),
  offlineEvents: z.number().int(),
  percentOnBackup: z.number(),
  secondsOnBackup: z.number().int(),
  backupEvents: z.number().int(),
  percentOnPrimary: z.number(),
  secondsOnPrimary: z.number().int(),
  percentOnline: z.number(),
  secondsOnline: z.number().int(),
  wanBytesReceived: z.number(),
  wanBytesTransmitted: z.number(),
};

/**
 * Spec part 3 "Online analytics row", one per device per day. Offline time is every status but online and
 * on backup (rebooting, pending…). secondsOnline = secondsOnPrimary + secondsOnBackup; secondsOnline +
 * secondsOffline = the day's recorded seconds; percentOnPrimary + percentOnBackup = percentOnline and
 * percentOnline + percentOffline = 100 exactly (4 decimals).
 */
export const OnlineAnalyticsRowSchema = z.object({ ...identity, ...uptimeColumns });
export type OnlineAnalyticsRow = z.infer<typeof OnlineAnalyticsRowSchema>;

/** The shares of recorded time of the SLA report, in percent (4 decimals). */
const slaShares = {
  /** Up (primary or backup). */
  availability: z.number(),
  percentOnPrimary: z.number(),
  percentOnBackup: z.number(),
  /** 100 − availability. */
  percentDown: z.number(),
};

const slaColumns = {
  /** Edge devices (firewall, 5G) of the site with samples in the range. */
  devices: z.number().int(),
  /** Device-seconds recorded over the range. */
  secondsObserved: z.number().int(),
  secondsOnPrimary: z.number().int(),
  secondsOnBackup: z.number().int(),
  /** Offline, rebooting, pending… */
  secondsDown: z.number().int(),
  ...slaShares,
  downEvents: z.number().int(),
  backupEvents: z.number().int(),
  target: z.number(),
  /** availability ≥ target. */
  met: z.boolean(),
};

/** The site columns of an SLA row are those of the other reports' rows. */
const { siteName, address, city, state, zip, country } = identity;

/** A site's availability over the range (its edge devices' samples). */
export const SlaRowSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  siteName,
  address,
  city,
  state,
  zip,
  country,
  ...slaColumns,
});
export type SlaRow = z.infer<typeof SlaRowSchema>;

export const CellularBillingTotalsSchema = z.object({
  rows: z.number().int(),
  devices: z.number().int(),
  /** Sum of the reported usage, bytes. */
  usage_backup: z.number(),
  /** Device-days the carrier reported. */
  reportedRows: z.number().int(),
  /** Device-days with time on backup whose figure the carrier has not reported yet. */
  awaitingRows: z.number().int(),
});
export const OnlineAnalyticsTotalsSchema = z.object({
  rows: z.number().int(),
  devices: z.number().int(),
  ...uptimeColumns,
});
export const SlaTotalsSchema = z.object({
  sites: z.number().int(),
  sitesMeetingTarget: z.number().int(),
  target: z.number(),
  ...slaShares,
  secondsDown: z.number().int(),
  secondsOnBackup: z.number().int(),
  downEvents: z.number().int(),
  backupEvents: z.number().int(),
});

export const CellularBillingPointSchema = z.object({
  date: z.string(),
  usage_backup: z.number(),
  /** Devices with time on backup that day. */
  devicesOnBackup: z.number().int(),
});
/** A day of the online analytics chart: the rows' uptime columns but the seconds. */
export const OnlineAnalyticsPointSchema = z
  .object({ date: z.string(), ...uptimeColumns })
  .omit({ secondsOffline: true, secondsOnBackup: true, secondsOnPrimary: true, secondsOnline: true });
export const SlaPointSchema = z.object({
  date: z.string(),
  availability: z.number(),
  percentOnBackup: z.number(),
  percentDown: z.number(),
});

function reportPage<
  Id extends ReportId,
  Row extends z.ZodType,
  Totals extends z.ZodType,
  Point extends z.ZodType,
>(id: Id, row: Row, totals: Totals, point: Point) {
  return z.object({
    report: z.literal(id),
    from: z.string(),
    to: z.string(),
    sorting: z.string(),
    ...PagedSchema(row).shape,
    /** Over the whole filtered set, not only this page. */
    totals,
    /** The chart above the table: one point per day of the range that has samples. */
    summary: z.object({ series: z.array(point) }),
  });
}

export const CellularBillingPageSchema = reportPage(
  'cellular-billing',
  CellularBillingRowSchema,
  CellularBillingTotalsSchema,
  CellularBillingPointSchema,
);
export const OnlineAnalyticsPageSchema = reportPage(
  'online-analytics',
  OnlineAnalyticsRowSchema,
  OnlineAnalyticsTotalsSchema,
  OnlineAnalyticsPointSchema,
);
export const SlaPageSchema = reportPage('sla', SlaRowSchema, SlaTotalsSchema, SlaPointSchema);

export const ReportPageSchema = z.discriminatedUnion('report', [
  CellularBillingPageSchema,
  OnlineAnalyticsPageSchema,
  SlaPageSchema,
]);
export type CellularBillingPage = z.infer<typeof CellularBillingPageSchema>;
export type OnlineAnalyticsPage = z.infer<typeof OnlineAnalyticsPageSchema>;
export type SlaPage = z.infer<typeof SlaPageSchema>;
export type ReportPage = z.infer<typeof ReportPageSchema>;

// ---- scheduled reports ----

export const ReportFrequencySchema = z.enum(['weekly', 'monthly'], { error: 'Choose weekly or monthly.' });
export type ReportFrequency = z.infer<typeof ReportFrequencySchema>;

/**
 * `POST reports/subscriptions`. Weekly: sent Mondays 06:00 UTC with the 7 days before; monthly: on the 1st
 * 06:00 UTC with the previous calendar month. CSV and PDF attached, to the user's sign-in email.
 */
export const ReportSubscriptionRequestSchema = z.object({
  report: ReportIdSchema,
  frequency: ReportFrequencySchema,
  filters: ReportFiltersSchema.strict().default({}),
});
export type ReportSubscriptionRequest = z.infer<typeof ReportSubscriptionRequestSchema>;

export const ReportSubscriptionSchema = z.object({
  id: z.string(),
  report: ReportIdSchema,
  frequency: ReportFrequencySchema,
  filters: ReportFiltersSchema,
  /** ISO 8601. */
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportSubscription = z.infer<typeof ReportSubscriptionSchema>;
