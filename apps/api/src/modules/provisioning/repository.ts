import type { DeviceKind, ProvisionedDeviceSortField, ProvisioningDriver } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import type { PageRequest, RowsPage } from '../../sql/page-request.ts';
import { sortDirection } from '../../sql/paging.ts';
import { containsPattern, sqlList } from '../../sql/text.ts';

// Every statement names the customer organization it reads or writes: support staff act across customers, so
// the scope is the organization they picked (a customer one, never the provider's own), not their own.

export type OrganizationRow = { id: string; name: string };

export type SiteRow = { id: string; name: string; alias: string | null; city: string | null };

export type ProvisionedDeviceRow = {
  id: string;
  name: string | null;
  kind: DeviceKind;
  manufacturer: string;
  model: string;
  mac_address: string;
  driver: ProvisioningDriver;
  status: string;
  site_id: string;
  site_name: string;
  organization_id: string;
  last_update: Date | null;
  created_at: Date;
  credential_created_at: Date | null;
  rotated_at: Date | null;
  revoked_at: Date | null;
};

export type NewDevice = {
  organizationId: string;
  siteId: string;
  kind: DeviceKind;
  manufacturer: string;
  model: string;
  macAddress: string;
  driver: ProvisioningDriver;
};

/** Customer organizations whose name contains `q`, by name (at most 200). */
export async function findCustomerOrganizations(
  db: DbOrTx,
  q: string | undefined,
): Promise<OrganizationRow[]> {
  const pattern = q ? containsPattern(q.toLowerCase()) : null;
  const { rows } = await db.execute<OrganizationRow>(sql`
    select id, name from organizations
     where kind = 'customer' and (${pattern}::text is null or name ilike ${pattern})
     order by lower(name), id
     limit 200`);
  return rows;
}

export async function isCustomerOrganization(db: DbOrTx, organizationId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from organizations where id = ${organizationId} and kind = 'customer'`);
  return rows.length > 0;
}

/** The organization's sites, by name. */
export async function findSites(db: DbOrTx, organizationId: string): Promise<SiteRow[]> {
  const { rows } = await db.execute<SiteRow>(sql`
    select s.id, s.name, s.alias, s.city from sites s
     where s.organization_id = ${organizationId}
     order by lower(s.name), s.id`);
  return rows;
}

/** A site of a customer organization, with its organization and name; undefined when there is none. */
export async function findCustomerSite(
  db: DbOrTx,
  siteId: string,
): Promise<{ id: string; name: string; organization_id: string } | undefined> {
  const { rows } = await db.execute<{ id: string; name: string; organization_id: string }>(sql`
    select s.id, s.name, s.organization_id from sites s join organizations o on o.id = s.organization_id
     where s.id = ${siteId} and o.kind = 'customer'`);
  return rows[0];
}

/** Of `siteIds`, those of the organization, with their names. */
export async function findOwnSites(
  db: DbOrTx,
  organizationId: string,
  siteIds: string[],
): Promise<Map<string, string>> {
  if (siteIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select id, name from sites where organization_id = ${organizationId} and id in (${sqlList(siteIds)})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of `macs` (normalized), those some device has already. */
export async function takenMacs(db: DbOrTx, macs: string[]): Promise<Set<string>> {
  if (macs.length === 0) return new Set();
  const { rows } = await db.execute<{ mac_address: string }>(sql`
    select mac_address from devices where mac_address in (${sqlList(macs)})`);
  return new Set(rows.map((r) => r.mac_address));
}

const deviceColumns = sql`
  d.id, d.name, d.kind, d.manufacturer, d.model, d.mac_address, d.driver, d.status, d.site_id,
  s.name as site_name, d.organization_id, d.last_update, d.created_at,
  c.created_at as credential_created_at, c.rotated_at, c.revoked_at`;
const deviceFrom = sql`
  devices d join sites s on s.id = d.site_id left join device_credentials c on c.device_id = d.id`;

const ORDER: Record<ProvisionedDeviceSortField, SQL> = {
  createdAt: sql`d.created_at`,
  model: sql`lower(d.model)`,
  site: sql`lower(s.name)`,
  macAddress: sql`d.mac_address`,
  driver: sql`d.driver`,
  lastReportAt: sql`d.last_update`,
};

/** A page of the organization's real devices (not the simulator's) matching `q` (model, MAC, site, name). */
export async function findProvisionedDevices(
  db: DbOrTx,
  organizationId: string,
  request: PageRequest<ProvisionedDeviceSortField> & { q: string | undefined },
): Promise<RowsPage<ProvisionedDeviceRow>> {
  const pattern = request.q ? containsPattern(request.q.toLowerCase()) : null;
  const where = sql`d.organization_id = ${organizationId} and d.driver <> 'simulator'
    and (${pattern}::text is null or d.model ilike ${pattern} or d.mac_address ilike ${pattern}
         or s.name ilike ${pattern} or coalesce(d.name, '') ilike ${pattern} or d.manufacturer ilike ${pattern})`;
  const { rows } = await db.execute<ProvisionedDeviceRow & { total: number }>(sql`
    select ${deviceColumns}, count(*) over ()::int as total
      from ${deviceFrom}
     where ${where}
     order by ${ORDER[request.sort.field]} ${sortDirection(request.sort.desc)}, d.id
     limit ${request.pageSize} offset ${request.page * request.pageSize}`);
  let total = rows[0]?.total;
  if (total === undefined) {
    const counted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${deviceFrom} where ${where}`,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return { rows, total };
}

/** A real device (not the simulator's) of a customer organization. */
export async function findProvisionedDevice(
  db: DbOrTx,
  id: string,
): Promise<ProvisionedDeviceRow | undefined> {
  const { rows } = await db.execute<ProvisionedDeviceRow>(sql`
    select ${deviceColumns} from ${deviceFrom} join organizations o on o.id = d.organization_id
     where d.id = ${id} and d.driver <> 'simulator' and o.kind = 'customer'`);
  return rows[0];
}

/** Inserts the devices (status unknown, no port map, no VLANs) and answers their ids in the given order. */
export async function insertDevices(db: DbOrTx, list: NewDevice[]): Promise<string[]> {
  if (list.length === 0) return [];
  const values = list.map(
    (d) =>
      sql`(${d.siteId}::uuid, ${d.organizationId}::uuid, ${d.kind}, ${d.manufacturer}, ${d.model}, ${d.macAddress}, ${d.driver}, ${'unknown'})`,
  );
  const { rows } = await db.execute<{ id: string; mac_address: string }>(sql`
    insert into devices (site_id, organization_id, kind, manufacturer, model, mac_address, driver, status)
    values ${sql.join(values, sql`, `)}
    returning id, mac_address`);
  const byMac = new Map(rows.map((r) => [r.mac_address, r.id]));
  return list.map((d) => byMac.get(d.macAddress) as string);
}

export async function findProvisionedDevicesByIds(
  db: DbOrTx,
  ids: string[],
): Promise<ProvisionedDeviceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<ProvisionedDeviceRow>(sql`
    select ${deviceColumns} from ${deviceFrom} where d.id in (${sqlList(ids)})`);
  return rows;
}

/** New devices' first secrets, as fleet/edge/credentials.ts stores them (hashed), in one statement. */
export async function insertSecretHashes(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
  hashes: string[],
): Promise<void> {
  if (ids.length === 0) return;
  const values = ids.map((id, i) => sql`(${id}::uuid, ${organizationId}::uuid, ${hashes[i] ?? null})`);
  await db.execute(sql`
    insert into device_credentials (device_id, organization_id, secret_hash) values ${sql.join(values, sql`, `)}`);
}
