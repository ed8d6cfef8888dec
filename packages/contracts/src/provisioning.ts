import { z } from 'zod';
import { ErrorBodySchema } from './errors.ts';
import { requiredText } from './fields.ts';
import { DeviceStatusSchema, freeText, MacSchema, PagedSchema, pagingQuery, sortingSchema } from './fleet.ts';
import { DEVICE_KINDS } from './fleet-constants.ts';

/*
 * Provisioning (issue 36 item 4, docs/device-protocol.md section 1): the provider's support staff add a real
 * device to a customer's site, hand it its secret and setup lines, rotate or revoke the secret, or add many
 * devices at once from a CSV file.
 */

/** The ways a provisioned device can connect (the simulator's devices are not provisioned). */
export const PROVISIONING_DRIVERS = ['agent', 'openwisp'] as const;
export const ProvisioningDriverSchema = z.enum(PROVISIONING_DRIVERS, {
  error: 'Choose how the device connects: agent or openwisp.',
});
export type ProvisioningDriver = z.infer<typeof ProvisioningDriverSchema>;

export const ProvisioningKindSchema = z.enum(DEVICE_KINDS, {
  error: `Choose the kind of device: ${DEVICE_KINDS.join(', ')}.`,
});

/** A device's secret: `active` (it may connect), `revoked`, or `none` (never issued). */
export const CREDENTIAL_STATES = ['active', 'revoked', 'none'] as const;
export const CredentialStateSchema = z.enum(CREDENTIAL_STATES);
export type CredentialState = z.infer<typeof CredentialStateSchema>;

export const MANUFACTURER_MAX = 100;
export const MODEL_MAX = 100;
/** A CSV import's limits: its text and its rows (the header row not counted). */
export const IMPORT_CSV_MAX_CHARS = 1_000_000;
export const IMPORT_MAX_ROWS = 5_000;
/** The columns of an import's header row, in the order a template shows them. */
export const IMPORT_COLUMNS = ['site_id', 'kind', 'manufacturer', 'model', 'mac_address', 'driver'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A customer organization support staff may provision devices for. */
export const ProvisioningOrganizationSchema = z.object({ id: z.string(), name: z.string() });
export type ProvisioningOrganization = z.infer<typeof ProvisioningOrganizationSchema>;

/** A site of that organization, for the form's site list. */
export const ProvisioningSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  city: z.string().nullable(),
});
export type ProvisioningSite = z.infer<typeof ProvisioningSiteSchema>;

export const ProvisionedDeviceSchema = z.object({
  id: z.string(),
  /** Its own name, or null (the console then shows the model and the end of the MAC). */
  name: z.string().nullable(),
  kind: z.enum(DEVICE_KINDS),
  manufacturer: z.string(),
  model: z.string(),
  macAddress: z.string(),
  driver: ProvisioningDriverSchema,
  status: DeviceStatusSchema,
  site: z.object({ id: z.string(), name: z.string() }),
  organizationId: z.string(),
  credential: z.object({
    state: CredentialStateSchema,
    createdAt: z.string().nullable(),
    rotatedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
  /** The device's last report; null: it never connected ("Never connected", not offline). */
  lastReportAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProvisionedDevice = z.infer<typeof ProvisionedDeviceSchema>;

export const PROVISIONED_DEVICE_SORT_FIELDS = [
  'createdAt',
  'model',
  'site',
  'macAddress',
  'driver',
  'lastReportAt',
] as const;
export type ProvisionedDeviceSortField = (typeof PROVISIONED_DEVICE_SORT_FIELDS)[number];

/** GET provisioning/organizations/:orgId/devices. */
export const ProvisionedDevicesQuerySchema = z.object({
  ...pagingQuery,
  sorting: sortingSchema(PROVISIONED_DEVICE_SORT_FIELDS, 'createdAt-desc'),
  q: freeText,
});
export type ProvisionedDevicesQuery = z.infer<typeof ProvisionedDevicesQuerySchema>;
export const ProvisionedDevicesPageSchema = PagedSchema(ProvisionedDeviceSchema);

/** GET provisioning/organizations?q=: customer organizations by name. */
export const ProvisioningOrganizationsQuerySchema = z.object({ q: freeText });

const device = {
  kind: ProvisioningKindSchema,
  manufacturer: requiredText(MANUFACTURER_MAX, 'Enter the manufacturer.', 'The manufacturer'),
  model: requiredText(MODEL_MAX, 'Enter the model.', 'The model'),
  macAddress: MacSchema,
  driver: ProvisioningDriverSchema,
};

/** POST provisioning/devices. */
export const CreateProvisionedDeviceSchema = z.object({
  siteId: z.uuid({ error: 'Choose a site.' }),
  ...device,
});
export type CreateProvisionedDevice = z.input<typeof CreateProvisionedDeviceSchema>;

/**
 * What to put on the device. `agent`: the reference agent's configuration file (its path and its JSON text)
 * and the command that runs it. `openwisp`: the UCI lines for OpenWISP's monitoring agent on the router.
 */
export const DeviceSetupSchema = z.discriminatedUnion('driver', [
  z.object({
    driver: z.literal('agent'),
    configPath: z.string(),
    config: z.string(),
    command: z.string(),
  }),
  z.object({
    driver: z.literal('openwisp'),
    url: z.string(),
    uuid: z.string(),
    key: z.string(),
    lines: z.array(z.string()),
  }),
]);
export type DeviceSetup = z.infer<typeof DeviceSetupSchema>;

/** The device's new secret and its setup: the only time the secret is shown. */
export const DeviceSecretSchema = z.object({ secret: z.string(), setup: DeviceSetupSchema });
export type DeviceSecret = z.infer<typeof DeviceSecretSchema>;

export const ProvisionedDeviceWithSecretSchema = DeviceSecretSchema.extend({
  device: ProvisionedDeviceSchema,
});
export type ProvisionedDeviceWithSecret = z.infer<typeof ProvisionedDeviceWithSecretSchema>;

/** POST provisioning/devices/import: the CSV text (header row required) for one customer organization. */
export const ImportDevicesRequestSchema = z.object({
  organizationId: z.uuid({ error: 'Choose an organization.' }),
  csv: z
    .string({ error: 'Choose a CSV file.' })
    .min(1, { error: 'The CSV file is empty.' })
    .max(IMPORT_CSV_MAX_CHARS, { error: 'The CSV file is larger than 1 MB.' }),
  dryRun: z.boolean({ error: 'Say whether this is a dry run.' }),
});
export type ImportDevicesRequest = z.infer<typeof ImportDevicesRequestSchema>;

/** One CSV row as its columns say, before it is checked. */
export const ImportRowInputSchema = z.object({
  siteId: z.uuid({ error: 'Enter a valid site id.' }),
  ...device,
});

/** A problem of one row: the file's line (1 = the header) and the column, or '' for the whole row. */
export const ImportProblemSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** A good row: what would be (or was) created. */
export const ImportRowSchema = z.object({
  line: z.number().int(),
  site: z.object({ id: z.string(), name: z.string() }),
  kind: z.enum(DEVICE_KINDS),
  manufacturer: z.string(),
  model: z.string(),
  macAddress: z.string(),
  driver: ProvisioningDriverSchema,
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** 200: every row is good. Dry run: `created` is empty and nothing was written; else each row's device and secret. */
export const ImportDevicesAnswerSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(ImportRowSchema),
  created: z.array(ProvisionedDeviceWithSecretSchema),
});
export type ImportDevicesAnswer = z.infer<typeof ImportDevicesAnswerSchema>;

/** 400: the rows' problems, all of them; nothing was written (no `problems`: the request itself was malformed). */
export const ImportProblemsSchema = ErrorBodySchema.extend({
  problems: z.array(ImportProblemSchema).optional(),
});
export type ImportProblems = z.infer<typeof ImportProblemsSchema>;

/** A row problem's `path` among the 400's `errors`: `line <n>`, then its column when it has one. */
export const importProblemPath = (problem: ImportProblem): string =>
  `line ${problem.line}${problem.field ? ` ${problem.field}` : ''}`;

/** The row problems of a 400 read back from its `errors` (for a client that keeps only the error body's fields). */
export function importProblemsOf(
  errors: readonly { path: string; message: string }[] | undefined,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const error of errors ?? []) {
    const match = /^line (\d+)(?: (\w+))?$/.exec(error.path);
    if (match) problems.push({ line: Number(match[1]), field: match[2] ?? '', message: error.message });
  }
  return problems;
}
