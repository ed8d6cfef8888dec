/**
 * Device credentials (docs/device-protocol.md, "Getting a device its credentials"): a 256-bit random secret per
 * device, shown once and stored as its SHA-256 hash (a secret that random needs no slow hash, and the broker
 * checks thousands of connections a second). Issuing again rotates it: the old secret stops working at once;
 * a revoked secret is refused at once.
 *
 * "At once" also for a connection already open on an external broker, which vNOC cannot end: the ingest refuses
 * the messages of a device whose secret is revoked, or was rotated and no connection has proved the new one
 * since (`credentialRefused`). A connection proves it through `checkDeviceSecret` (the embedded broker's
 * authentication, the external broker's HTTP authentication call, OpenWISP's key); its client id is the device's
 * id, so the broker ends the old secret's connection as it lets the new one in (MQTT's session take-over).
 */
import type { DeviceDriver } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { hashSecret, newSecret, secretMatches } from '../../auth/secrets.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export type DeviceIdentity = {
  deviceId: string;
  organizationId: string;
  siteId: string;
  driver: DeviceDriver;
};

export type SecretCheck =
  | ({ ok: true } & DeviceIdentity)
  | { ok: false; reason: 'unknown-device' | 'no-secret' | 'revoked' | 'wrong-secret' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The secret was rotated and no connection has proved the new one since (`device_credentials` aliased `c`). */
const UNPROVED = sql`(c.rotated_at is not null and (c.authenticated_at is null or c.authenticated_at < c.rotated_at))`;

/**
 * Whether the ingest refuses what the device sends (a SQL condition on its `devices` row aliased `d` and its
 * `device_credentials` row aliased `c`): its secret is revoked, or rotated and not proved since. A device without
 * a credential row has had nothing revoked. Never a simulated device: the server gives those new secrets at every
 * start (fleet/gateway/sim-devices.ts) and no one else ever held their old ones.
 */
export const credentialRefused = sql`(d.driver <> 'simulator' and (c.revoked_at is not null or ${UNPROVED}))`;

/**
 * Checks a device's secret against its stored hash (in constant time). Unknown ids are told apart (OpenWISP's 404).
 * The first success after a rotation is kept (`authenticated_at`): from then on the device's messages are taken
 * again (`credentialRefused`).
 */
export async function checkDeviceSecret(db: DbOrTx, deviceId: string, secret: string): Promise<SecretCheck> {
  if (!UUID.test(deviceId)) return { ok: false, reason: 'unknown-device' };
  const { rows } = await db.execute<{
    organization_id: string;
    site_id: string;
    driver: DeviceDriver;
    secret_hash: string | null;
    revoked_at: Date | null;
    unproved: boolean | null;
  }>(sql`
    select d.organization_id, d.site_id, d.driver, c.secret_hash, c.revoked_at, ${UNPROVED} as unproved
    from devices d left join device_credentials c on c.device_id = d.id
    where d.id = ${deviceId}`);
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown-device' };
  if (row.secret_hash === null) return { ok: false, reason: 'no-secret' };
  if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
  if (!secretMatches(secret, row.secret_hash)) return { ok: false, reason: 'wrong-secret' };
  // Only while this secret is the stored one: a rotation committed since the read above changes nothing here.
  if (row.unproved)
    await db.execute(sql`
      update device_credentials set authenticated_at = clock_timestamp()
      where device_id = ${deviceId} and secret_hash = ${row.secret_hash} and revoked_at is null`);
  return {
    ok: true,
    deviceId: deviceId.toLowerCase(),
    organizationId: row.organization_id,
    siteId: row.site_id,
    driver: row.driver,
  };
}

/**
 * Gives the device a new secret (its first, or a rotation that ends the old one at once, or a new one after a
 * revocation) and answers it: the only time it exists outside the device.
 */
export async function issueDeviceSecret(
  db: DbOrTx,
  deviceId: string,
  organizationId: string,
): Promise<string> {
  const secret = newSecret();
  await db.execute(sql`
    insert into device_credentials (device_id, organization_id, secret_hash)
    values (${deviceId}, ${organizationId}, ${hashSecret(secret)})
    on conflict (device_id) do update set secret_hash = excluded.secret_hash, rotated_at = now(), revoked_at = null`);
  return secret;
}

/** Revokes the device's secret; false when it had none (or it was revoked already). */
export async function revokeDeviceSecret(db: DbOrTx, deviceId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update device_credentials set revoked_at = now() where device_id = ${deviceId} and revoked_at is null
    returning device_id`);
  return rows.length > 0;
}
