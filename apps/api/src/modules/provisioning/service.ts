import {
  type AuditAction,
  type CreateProvisionedDevice,
  CreateProvisionedDeviceSchema,
  type DeviceSecret,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportDevicesAnswer,
  type ImportDevicesRequest,
  type ImportProblem,
  type ImportRow,
  ImportRowInputSchema,
  type ProvisionedDevice,
  type ProvisionedDevicesQuery,
  type ProvisionedDeviceWithSecret,
  type ProvisioningOrganization,
  type ProvisioningSite,
} from '@vnoc/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { audit } from '../../auth/audit.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { issueDeviceSecret, revokeDeviceSecret } from '../../fleet/edge/credentials.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import { pageFor } from '../../sql/page-request.ts';
import { isUuid } from '../../sql/text.ts';
import { presentDevice, setupFor } from './present.ts';
import * as repo from './repository.ts';

/** Who acts (the support person, signed in as themselves) and the request's origin for the setup lines. */
export type Caller = { user: UserWithOrg; meta: RequestMeta; origin: string };

const MAC_TAKEN = 'A device with this MAC address already exists.';
const macTaken = () => new AppError(409, 'conflict', MAC_TAKEN, [{ path: 'macAddress', message: MAC_TAKEN }]);

/** The addresses a device is told: the broker's (MQTT_PUBLIC_URL…) and the console's (PUBLIC_URL, else the request's). */
const urlsFor = (ctx: AppContext, caller: Caller) => ({
  mqtt: ctx.config.mqtt.publicUrl,
  api: ctx.config.publicUrl ?? caller.origin,
});

/** Audit entries are the customer organization's (its administrators see who added their devices), by the support person. */
const auditFor = (
  db: DbOrTx,
  caller: Caller,
  organizationId: string,
  action: Extract<AuditAction, `device.${string}`>,
  target: string,
  detail: Record<string, unknown>,
) =>
  audit(db, {
    action,
    user: { id: caller.user.id, organizationId },
    impersonatorId: null,
    target,
    detail,
    meta: caller.meta,
  });

async function requireCustomerOrganization(db: DbOrTx, organizationId: string): Promise<void> {
  if (!isUuid(organizationId) || !(await repo.isCustomerOrganization(db, organizationId)))
    throw Errors.notFound();
}

async function requireDevice(db: DbOrTx, id: string): Promise<repo.ProvisionedDeviceRow> {
  const row = isUuid(id) ? await repo.findProvisionedDevice(db, id) : undefined;
  if (!row) throw Errors.notFound();
  return row;
}

export async function listOrganizations(
  ctx: AppContext,
  q: string | undefined,
): Promise<ProvisioningOrganization[]> {
  return repo.findCustomerOrganizations(ctx.db, q);
}

export async function listSites(ctx: AppContext, organizationId: string): Promise<ProvisioningSite[]> {
  await requireCustomerOrganization(ctx.db, organizationId);
  return repo.findSites(ctx.db, organizationId);
}

export async function listDevices(ctx: AppContext, organizationId: string, query: ProvisionedDevicesQuery) {
  await requireCustomerOrganization(ctx.db, organizationId);
  return pageFor(
    query,
    (request) => repo.findProvisionedDevices(ctx.db, organizationId, { ...request, q: query.q }),
    presentDevice,
  );
}

/** POST provisioning/devices: the device and its first secret in one transaction; the secret is answered once. */
export async function createDevice(
  ctx: AppContext,
  caller: Caller,
  body: CreateProvisionedDevice,
): Promise<ProvisionedDeviceWithSecret> {
  const input = CreateProvisionedDeviceSchema.parse(body);
  return ctx.db
    .transaction(async (tx) => {
      const site = await repo.findCustomerSite(tx, input.siteId);
      if (!site)
        throw new AppError(404, 'not_found', 'No such site.', [{ path: 'siteId', message: 'No such site.' }]);
      if ((await repo.takenMacs(tx, [input.macAddress])).size > 0) throw macTaken();
      const [id] = await repo.insertDevices(tx, [
        { ...input, siteId: site.id, organizationId: site.organization_id },
      ]);
      if (!id) throw new Error('device insert answered no id');
      const secret = await issueDeviceSecret(tx, id, site.organization_id);
      const device = presentDevice(await requireDevice(tx, id));
      await auditFor(tx, caller, site.organization_id, 'device.provision', id, {
        siteId: site.id,
        kind: device.kind,
        model: device.model,
        macAddress: device.macAddress,
        driver: device.driver,
      });
      return { device, secret, setup: setupFor(device.driver, id, secret, urlsFor(ctx, caller)) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw macTaken();
      throw error;
    });
}

/** POST provisioning/devices/:id/secret: a new secret; the old one (or a revoked one) stops working at once. */
export async function rotateSecret(ctx: AppContext, caller: Caller, id: string): Promise<DeviceSecret> {
  const answer = await ctx.db.transaction(async (tx) => {
    const row = await requireDevice(tx, id);
    const secret = await issueDeviceSecret(tx, row.id, row.organization_id);
    await auditFor(tx, caller, row.organization_id, 'device.secret_rotate', row.id, {});
    return { secret, setup: setupFor(row.driver, row.id, secret, urlsFor(ctx, caller)) };
  });
  ctx.edge.disconnect(id.toLowerCase());
  return answer;
}

/** DELETE provisioning/devices/:id/secret: the secret is refused from now on and the device disconnected. */
export async function revokeSecret(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireDevice(tx, id);
    if (await revokeDeviceSecret(tx, row.id))
      await auditFor(tx, caller, row.organization_id, 'device.secret_revoke', row.id, {});
  });
  ctx.edge.disconnect(id.toLowerCase());
}

// ---- CSV import ----

export type ImportOutcome =
  | { ok: true; answer: ImportDevicesAnswer }
  | { ok: false; problems: ImportProblem[] };

const FIELD_COLUMN: Record<string, ImportColumn> = {
  siteId: 'site_id',
  kind: 'kind',
  manufacturer: 'manufacturer',
  model: 'model',
  macAddress: 'mac_address',
  driver: 'driver',
};

type CheckedRow = { line: number; input: ReturnType<typeof ImportRowInputSchema.parse> };

/** Reads the CSV: the header's columns, then each row checked on its own. Answers the good rows and every problem. */
function readCsv(csv: string): { rows: CheckedRow[]; problems: ImportProblem[] } {
  let records: { info: { lines: number }; record: string[] }[];
  try {
    records = parseCsv(csv, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      rows: [],
      problems: [{ line, field: '', message: `The file is not valid CSV: ${(error as Error).message}` }],
    };
  }
  const [header, ...body] = records;
  if (!header)
    return { rows: [], problems: [{ line: 1, field: '', message: 'The file has no header row.' }] };
  const names = header.record.map((h) => h.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return {
      rows: [],
      problems: missing.map((c) => ({
        line: header.info.lines,
        field: c,
        message: `The header row has no ${c} column.`,
      })),
    };
  if (body.length === 0)
    return { rows: [], problems: [{ line: 2, field: '', message: 'The file has no devices.' }] };
  if (body.length > IMPORT_MAX_ROWS)
    return {
      rows: [],
      problems: [
        {
          line: IMPORT_MAX_ROWS + 2,
          field: '',
          message: `A file can add at most ${IMPORT_MAX_ROWS} devices.`,
        },
      ],
    };
  const index = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    ImportColumn,
    number
  >;
  const rows: CheckedRow[] = [];
  const problems: ImportProblem[] = [];
  for (const { info, record } of body) {
    const line = info.lines;
    const cell = (c: ImportColumn) => record[index[c]]?.trim() ?? '';
    const empty = IMPORT_COLUMNS.filter((c) => cell(c) === '');
    for (const c of empty) problems.push({ line, field: c, message: `Missing ${c}.` });
    const parsed = ImportRowInputSchema.safeParse({
      siteId: cell('site_id'),
      kind: cell('kind').toLowerCase(),
      manufacturer: cell('manufacturer'),
      model: cell('model'),
      macAddress: cell('mac_address'),
      driver: cell('driver').toLowerCase(),
    });
    if (parsed.success) {
      rows.push({ line, input: parsed.data });
      continue;
    }
    const seen = new Set<string>(empty);
    for (const issue of parsed.error.issues) {
      const field = FIELD_COLUMN[String(issue.path[0])] ?? '';
      if (seen.has(field)) continue; // one problem per cell
      seen.add(field);
      problems.push({ line, field, message: issue.message });
    }
  }
  return { rows, problems };
}

/**
 * POST provisioning/devices/import: every row is checked (the file's own problems, then duplicate MACs in the
 * file, MACs taken, sites not of the organization); any problem → all of them and nothing written. Otherwise a
 * dry run answers the rows; a real run creates every device and its secret in one transaction.
 */
export async function importDevices(
  ctx: AppContext,
  caller: Caller,
  body: ImportDevicesRequest,
): Promise<ImportOutcome> {
  await requireCustomerOrganization(ctx.db, body.organizationId);
  const organizationId = body.organizationId.toLowerCase();
  const { rows, problems } = readCsv(body.csv);

  const check = async (db: DbOrTx) => {
    const found: ImportProblem[] = [];
    const firstLine = new Map<string, number>();
    for (const row of rows) {
      const earlier = firstLine.get(row.input.macAddress);
      if (earlier === undefined) firstLine.set(row.input.macAddress, row.line);
      else
        found.push({
          line: row.line,
          field: 'mac_address',
          message: `This MAC address is also on line ${earlier}.`,
        });
    }
    const taken = await repo.takenMacs(db, [...firstLine.keys()]);
    const siteIds = [...new Set(rows.map((r) => r.input.siteId.toLowerCase()))];
    const sites = await repo.findOwnSites(db, organizationId, siteIds);
    for (const row of rows) {
      if (!sites.has(row.input.siteId.toLowerCase()))
        found.push({
          line: row.line,
          field: 'site_id',
          message: 'No site with this id in this organization.',
        });
      if (taken.has(row.input.macAddress))
        found.push({ line: row.line, field: 'mac_address', message: MAC_TAKEN });
    }
    return { found, sites };
  };

  const goodRows = (sites: Map<string, string>): ImportRow[] =>
    rows.map(({ line, input }) => ({
      line,
      site: { id: input.siteId.toLowerCase(), name: sites.get(input.siteId.toLowerCase()) ?? '' },
      kind: input.kind,
      manufacturer: input.manufacturer,
      model: input.model,
      macAddress: input.macAddress,
      driver: input.driver,
    }));

  const order = (list: ImportProblem[]) =>
    list.sort(
      (a, b) =>
        a.line - b.line ||
        IMPORT_COLUMNS.indexOf(a.field as ImportColumn) - IMPORT_COLUMNS.indexOf(b.field as ImportColumn),
    );

  if (body.dryRun || problems.length > 0) {
    const { found, sites } = await check(ctx.db);
    const all = order([...problems, ...found]);
    if (all.length > 0) return { ok: false, problems: all };
    return { ok: true, answer: { dryRun: true, rows: goodRows(sites), created: [] } };
  }

  const urls = urlsFor(ctx, caller);
  return ctx.db
    .transaction(async (tx): Promise<ImportOutcome> => {
      // Checked again inside the transaction, which then writes every row or none.
      const { found, sites } = await check(tx);
      if (found.length > 0) return { ok: false, problems: order(found) };
      const ids = await repo.insertDevices(
        tx,
        rows.map(({ input }) => ({ ...input, siteId: input.siteId.toLowerCase(), organizationId })),
      );
      const secrets = ids.map(() => newSecret());
      await repo.insertSecretHashes(tx, organizationId, ids, secrets.map(hashSecret));
      const created: ProvisionedDeviceWithSecret[] = [];
      const byId = new Map((await repo.findProvisionedDevicesByIds(tx, ids)).map((r) => [r.id, r]));
      ids.forEach((id, i) => {
        const row = byId.get(id);
        const secret = secrets[i];
        if (!row || secret === undefined) throw new Error('imported device not found');
        const device: ProvisionedDevice = presentDevice(row);
        created.push({ device, secret, setup: setupFor(device.driver, id, secret, urls) });
      });
      await auditFor(tx, caller, organizationId, 'device.import', organizationId, {
        count: ids.length,
        deviceIds: ids,
      });
      return { ok: true, answer: { dryRun: false, rows: goodRows(sites), created } };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw macTaken();
      throw error;
    });
}
