import { z } from 'zod';
import { DIAGNOSTIC_ACTIONS } from './diagnostic-constants.ts';
import { countsSchema } from './fields.ts';
import {
  DEFAULT_PAGE_SIZE,
  DEVICE_KINDS,
  DEVICE_NAME_MAX,
  DEVICE_SORT_FIELDS,
  DEVICE_STATUSES,
  DURATIONS,
  MAX_PAGE_SIZE,
  PADDED_PORTS,
  SITE_SORT_FIELDS,
  UNUSED_PORT_TYPE,
} from './fleet-constants.ts';

export const DeviceStatusSchema = z.enum(DEVICE_STATUSES);

/** How a device reaches vNOC: the simulator (the demo fleet), vNOC's agent over MQTT, OpenWrt's OpenWISP agent over HTTP. */
export const DEVICE_DRIVERS = ['simulator', 'agent', 'openwisp'] as const;
/** A troubleshooting call's name (diagnostics.ts has its requests and results; it imports this from here). */
export const DiagnosticActionSchema = z.enum(DIAGNOSTIC_ACTIONS, { error: 'Unknown action.' });
export const DeviceDriverSchema = z.enum(DEVICE_DRIVERS, { error: 'Choose how the device connects.' });
export type DeviceDriver = z.infer<typeof DeviceDriverSchema>;

export const DeviceKindSchema = z.enum(DEVICE_KINDS);

/** WAN connection of an edge device: primary (Connected/Primary), secondary, or none (No Service). */
export const ConnectionSchema = z.enum(['primary', 'secondary', 'none']);
export type Connection = z.infer<typeof ConnectionSchema>;

const MAC_MESSAGE = 'Enter a valid MAC address.';

/** A MAC as aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF or 12 hex digits; normalised to lower-case colon form. */
export const MacSchema = z
  .string({ error: MAC_MESSAGE })
  .trim()
  .regex(/^(?:[0-9a-fA-F]{2}([:-])(?:[0-9a-fA-F]{2}\1){4}[0-9a-fA-F]{2}|[0-9a-fA-F]{12})$/, {
    error: MAC_MESSAGE,
  })
  .transform((v) =>
    v
      .replace(/[:-]/g, '')
      .toLowerCase()
      .replace(/(..)(?!$)/g, '$1:'),
  );

/** A back-office account number: letters, digits and dashes. */
export const AccountIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,32}$/, { error: 'Enter a valid account number.' });

export const AddressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const CoordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

export const SiteContactSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string().nullable(),
});
export type SiteContact = z.infer<typeof SiteContactSchema>;

export const SiteDeviceRefSchema = z.object({ id: z.string(), status: DeviceStatusSchema });

/** What names and places a site, in its overview and in lists alike. */
const siteIdentity = {
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  backOfficeAccountId: z.string().nullable(),
  accountHolders: z.array(z.object({ name: z.string() })),
  address: AddressSchema,
};

/** A site as the overview shows it (spec part 3 Site); `devices` sorted by id. */
export const SiteSchema = z.object({
  ...siteIdentity,
  verifiedAddress: AddressSchema.nullable().optional(),
  coordinates: CoordinatesSchema.nullable(),
  contacts: z.array(SiteContactSchema),
  devices: z.array(SiteDeviceRefSchema),
  favorite: z.boolean(),
  lastVisited: z.string().nullable(),
});
export type Site = z.infer<typeof SiteSchema>;

/** A site in a list: `status` is the worst status of its edge device(s) (unknown without one). */
export const SiteSummarySchema = z.object({
  ...siteIdentity,
  coordinates: CoordinatesSchema.nullable(),
  status: DeviceStatusSchema,
  deviceCount: z.number().int(),
  favorite: z.boolean(),
  lastVisited: z.string().nullable(),
});
export type SiteSummary = z.infer<typeof SiteSummarySchema>;

/** A recently viewed site: the summary plus `usa.lastVisited` (spec part 3). */
export const RecentSiteSchema = SiteSummarySchema.extend({ usa: z.object({ lastVisited: z.string() }) });
export type RecentSite = z.infer<typeof RecentSiteSchema>;

export const SiteVisitSchema = z.object({ siteId: z.string(), userId: z.string(), lastVisited: z.string() });
export type SiteVisit = z.infer<typeof SiteVisitSchema>;

export const FavoriteSchema = z.object({ siteId: z.string(), favorite: z.boolean() });
export type Favorite = z.infer<typeof FavoriteSchema>;

export const ModemSignalSchema = z.object({
  linkStatus: z.string(),
  serviceType: z.string(),
  rsrp: z.number().nullable(),
  rsrq: z.number().nullable(),
  sinr: z.number().nullable(),
  rssi: z.number().nullable(),
});
export type ModemSignal = z.infer<typeof ModemSignalSchema>;

export const PortSchema = z.object({
  id: z.number().int(),
  systemNumber: z.number().int(),
  type: z.string(),
});
export type Port = z.infer<typeof PortSchema>;

/**
 * The device's ports, by number, padded to 16 with `unused` entries (id 0) for the numbers it does not have
 * (issue 37 point 7: the padding is in the data; the console draws only the device's own ports).
 */
export function padPortMapping(ports: readonly Port[]): Port[] {
  const have = new Set(ports.map((p) => p.systemNumber));
  const padding: Port[] = [];
  for (let n = 1; n <= PADDED_PORTS; n += 1)
    if (!have.has(n)) padding.push({ id: 0, systemNumber: n, type: UNUSED_PORT_TYPE });
  return [...ports, ...padding].sort((a, b) => a.systemNumber - b.systemNumber);
}

export const VlanSchema = z.object({ id: z.number().int(), name: z.string(), subnet: z.string() });

/** A configuration version (spec part 3 "Transaction / configuration version"). */
export const TransactionSchema = z.object({
  id: z.string(),
  versionName: z.string(),
  internalChange: z.boolean(),
  at: z.string().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const DeviceModelTypeSchema = z.object({ manufacturer: z.string(), model: z.string() });

/**
 * What a device can do, as the API answers it with the device (device-kinds.ts `deviceCapabilities`, from its
 * kind and driver): the console offers only `actions`, and the API refuses the others (400).
 */
export const DeviceCapabilitiesSchema = z.object({
  /** The troubleshooting actions the device carries out, in the contracts' order. */
  actions: z.array(DiagnosticActionSchema),
  /** The others, by why: how it connects (`driver`: OpenWISP's agent takes no commands), else its kind. */
  missing: z.object({ driver: z.array(DiagnosticActionSchema), kind: z.array(DiagnosticActionSchema) }),
});
export type DeviceCapabilities = z.infer<typeof DeviceCapabilitiesSchema>;

/** A device (spec part 3 Device). `signalStrength` is the first modem's rsrp, null without a modem. */
export const DeviceSchema = z.object({
  id: z.string(),
  /** Its own name, or by default its model and the end of its MAC ("U6-Pro 00E4"). */
  name: z.string(),
  macAddress: z.string(),
  deviceModelType: DeviceModelTypeSchema,
  kind: DeviceKindSchema,
  site: z.object({ id: z.string(), name: z.string() }),
  returnRequested: z.boolean(),
  status: DeviceStatusSchema,
  connection: ConnectionSchema,
  lastUpdate: z.string().nullable(),
  lastBoot: z.string().nullable(),
  /** How the device reaches vNOC (docs/device-protocol.md); with no `lastUpdate`, one that is not simulated never connected. */
  driver: DeviceDriverSchema,
  modemSignalStatistics: z.array(ModemSignalSchema),
  signalStrength: z.number().nullable(),
  portMapping: z.array(PortSchema),
  vlans: z.array(VlanSchema),
  /** Port id (as text) → label. */
  portLabels: z.record(z.string(), z.string()),
  /** System numbers of the LAN ports turned off by a port action (troubleshooting). */
  disabledPorts: z.array(z.number().int()),
  transactions: z.array(TransactionSchema),
  capabilities: DeviceCapabilitiesSchema,
});
export type Device = z.infer<typeof DeviceSchema>;

/** A device in a list. */
export const DeviceSummarySchema = DeviceSchema.pick({
  id: true,
  name: true,
  macAddress: true,
  deviceModelType: true,
  kind: true,
  site: true,
  returnRequested: true,
  status: true,
  connection: true,
  lastUpdate: true,
  lastBoot: true,
  driver: true,
});
export type DeviceSummary = z.infer<typeof DeviceSummarySchema>;

export const ActiveQuerySchema = z.object({
  active: z.enum(['true', 'false'], { error: 'active must be true or false.' }).optional(),
});

// ---- paging ----

/** Page number: a non-negative integer, anything else falls back to 0. */
export const PageSchema = z.coerce.number().int().min(0).catch(0);
/** Page size: 1 to 200, anything else falls back to 50. */
export const PageSizeSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE);
/** A list's paging query fields: the page and its size, each falling back when invalid. */
export const pagingQuery = { page: PageSchema, pageSize: PageSizeSchema };

export function PagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type Paged<T> = {
  content: T[];
  page: number;
  pageSize: number;
  totalElements: number;
  totalPages: number;
};

/** `field-asc` / `field-desc` from an allow-list; anything else falls back to the default. */
export function sortingSchema<F extends string>(fields: readonly F[], fallback: `${F}-${'asc' | 'desc'}`) {
  const allowed = new Set(fields.flatMap((f) => [`${f}-asc`, `${f}-desc`]));
  // unknown: a repeated parameter (an array) falls back as well.
  return z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && allowed.has(v) ? v : fallback) as `${F}-${'asc' | 'desc'}`);
}

/** A sort a list may be asked for, or undefined when none (or no valid one) is: the list's own default applies. */
export function optionalSortingSchema<F extends string>(fields: readonly F[]) {
  const allowed = new Set(fields.flatMap((f) => [`${f}-asc`, `${f}-desc`]));
  return z
    .unknown()
    .optional()
    .transform((v) =>
      typeof v === 'string' && allowed.has(v) ? (v as `${F}-${'asc' | 'desc'}`) : undefined,
    );
}

/** A comma-separated list in a query string: each item checked by `item`; empty → undefined. */
export function commaList<T extends z.ZodType>(item: T, message: string) {
  return z
    .string()
    .max(2000)
    .transform((v, ctx) => {
      const parts = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const out: z.infer<T>[] = [];
      for (const p of parts) {
        const parsed = item.safeParse(p);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        out.push(parsed.data as z.infer<T>);
      }
      return out.length > 0 ? out : undefined;
    })
    .optional();
}

const uuidMessage = 'Enter a valid group id.';
export const GroupIdsSchema = commaList(z.uuid(), uuidMessage);
export const freeText = z
  .string()
  .trim()
  .max(200, { error: 'Search text is at most 200 characters.' })
  .optional();

/**
 * A fleet list's search query: paging, sorting among `fields`, the status and kind filters, then the list's
 * own `filters`, groups and free text. Paging and sorting fall back to defaults; bad filters are refused.
 */
function searchQuerySchema<F extends string, Extra extends z.ZodRawShape>(
  fields: readonly F[],
  fallback: `${F}-${'asc' | 'desc'}`,
  filters: Extra,
) {
  return z.object({
    ...pagingQuery,
    sorting: sortingSchema(fields, fallback),
    status: commaList(DeviceStatusSchema, 'Unknown status filter.'),
    kind: commaList(DeviceKindSchema, 'Unknown device kind filter.'),
    ...filters,
    groupId: GroupIdsSchema,
    q: freeText,
  });
}

/** GET site/search/filtered. Paging and sorting fall back to defaults; bad filters are refused. */
export const SiteSearchQuerySchema = searchQuerySchema(SITE_SORT_FIELDS, 'name-asc', {});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuerySchema>;

/** GET device/search/filtered. */
export const DeviceSearchQuerySchema = searchQuerySchema(DEVICE_SORT_FIELDS, 'siteName-asc', {
  model: commaList(z.string().min(1).max(100), 'Unknown model filter.'),
  /** One site's devices (the site overview's list), in one request. */
  siteId: z.uuid({ error: 'Enter a valid site id.' }).optional(),
});
export type DeviceSearchQuery = z.infer<typeof DeviceSearchQuerySchema>;

/**
 * Recently viewed (spec part 5): page non-negative (default 0), pageSize positive (default 50),
 * sorting containing lastVisited (default lastVisited-desc); invalid values fall back to the defaults.
 */
export const RecentSitesQuerySchema = z.object({
  page: PageSchema,
  // Positive; above the lists' ceiling of 200 it falls back like any invalid value.
  pageSize: PageSizeSchema,
  sorting: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.includes('lastVisited') ? v : 'lastVisited-desc')),
});
export type RecentSitesQuery = z.infer<typeof RecentSitesQuerySchema>;

/** GET site/unassociated: the organization's sites in no site group, by name, a page at a time. */
export const UnassociatedSitesQuerySchema = z.object(pagingQuery);
export type UnassociatedSitesQuery = z.infer<typeof UnassociatedSitesQuerySchema>;

/** Device counts by status (spec part 4: offline, online, onbackup, pending, rebooting) and the total. */
export const StatusCountsSchema = countsSchema([
  'offline',
  'online',
  'onbackup',
  'pending',
  'rebooting',
  'total',
]);
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const StatusCountsQuerySchema = z.object({ groupIds: GroupIdsSchema });

// ---- devices ----

export const EditPortNameRequestSchema = z.object({
  deviceId: z.uuid({ error: 'Enter a valid device id.' }),
  portId: z.number({ error: 'Enter a valid port.' }).int().min(0).max(1000),
  /** Empty clears the label. */
  name: z.string().trim().max(32, { error: 'A port name is at most 32 characters.' }),
});
export type EditPortNameRequest = z.infer<typeof EditPortNameRequestSchema>;

/** POST device/editName (issue 13): a device's own name; empty gives it back its default name. */
export const EditDeviceNameRequestSchema = z.object({
  deviceId: z.uuid({ error: 'Enter a valid device id.' }),
  name: z
    .string({ error: 'Enter a name.' })
    .trim()
    .max(DEVICE_NAME_MAX, { error: `A device name is at most ${DEVICE_NAME_MAX} characters.` })
    .regex(/^[^\p{Cc}]*$/u, { error: 'A device name cannot hold control characters.' }),
});
export type EditDeviceNameRequest = z.infer<typeof EditDeviceNameRequestSchema>;

export const DurationSchema = z.enum(DURATIONS, { error: 'Unknown duration.' });

export const TimeseriesQuerySchema = z.object({ duration: DurationSchema.default('LAST_HOUR') });

/** One WAN sample (spec part 3 "Timeseries sample"). */
export const TimeseriesSampleSchema = z.object({
  time: z.string(),
  sourceInterface: z.string(),
  ipAddress: z.string(),
  ping: z.number().nullable(),
  jitter: z.number().nullable(),
});
export type TimeseriesSample = z.infer<typeof TimeseriesSampleSchema>;

// ---- groups ----

export const GroupSchema = z.object({ id: z.string(), name: z.string(), siteIds: z.array(z.string()) });
export type Group = z.infer<typeof GroupSchema>;

const groupName = z.string().trim().min(1, { error: 'Enter the group name.' }).max(100);
const siteIds = z.array(z.uuid({ error: 'Enter valid site ids.' })).max(10_000);

export const CreateGroupRequestSchema = z.object({ name: groupName, siteIds: siteIds.optional() });
export type CreateGroupRequest = z.infer<typeof CreateGroupRequestSchema>;

export const EditGroupRequestSchema = z.object({ name: groupName });
export type EditGroupRequest = z.infer<typeof EditGroupRequestSchema>;

/** Replaces the group's sites with these. */
export const AssignSitesRequestSchema = z.object({ siteIds });
export type AssignSitesRequest = z.infer<typeof AssignSitesRequestSchema>;
