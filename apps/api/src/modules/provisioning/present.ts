import type { DeviceSetup, DeviceStatus, ProvisionedDevice, ProvisioningDriver } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { ProvisionedDeviceRow } from './repository.ts';

export function presentDevice(row: ProvisionedDeviceRow): ProvisionedDevice {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    manufacturer: row.manufacturer,
    model: row.model,
    macAddress: row.mac_address,
    driver: row.driver,
    status: row.status as DeviceStatus,
    site: { id: row.site_id, name: row.site_name },
    organizationId: row.organization_id,
    credential: {
      state: row.credential_created_at === null ? 'none' : row.revoked_at === null ? 'active' : 'revoked',
      createdAt: iso(row.credential_created_at),
      rotatedAt: iso(row.rotated_at),
      revokedAt: iso(row.revoked_at),
    },
    lastReportAt: iso(row.last_update),
    createdAt: iso(row.created_at) as string,
  };
}

/** Where the reference agent reads its configuration (apps/agent: `--config`). */
export const AGENT_CONFIG_PATH = '/etc/vnoc-agent.json';
/** Where apps/agent/README.md installs the agent's single-file build on a device (Node 20, nothing else). */
export const AGENT_PROGRAM_PATH = '/usr/local/lib/vnoc-agent.mjs';

/** A single-quoted shell/UCI word ('…' with any quote in it closed, escaped and reopened). */
const quoted = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * What to put on the device, with its secret (docs/device-protocol.md sections 2 and 6).
 * `agent`: apps/agent's configuration file and the command that runs it.
 * `openwisp`: the UCI options OpenWISP's monitoring agent reads (openwrt-openwisp-monitoring's monitoring.init:
 * `openwisp.http.url`, `.uuid`, `.key`; the agent posts to `<url>/api/v1/monitoring/device/<uuid>/?key=<key>`).
 * The `http` section is declared first (as openwisp-config's own file declares it, `config controller 'http'`),
 * so the lines also work on a router without openwisp-config.
 */
export function setupFor(
  driver: ProvisioningDriver,
  deviceId: string,
  secret: string,
  urls: { mqtt: string; api: string },
): DeviceSetup {
  if (driver === 'agent') {
    const config = { url: urls.mqtt, deviceId, secret, apiUrl: urls.api };
    return {
      driver,
      configPath: AGENT_CONFIG_PATH,
      config: `${JSON.stringify(config, null, 2)}\n`,
      command: `node ${AGENT_PROGRAM_PATH} --config ${AGENT_CONFIG_PATH}`,
    };
  }
  return {
    driver,
    url: urls.api,
    uuid: deviceId,
    key: secret,
    lines: [
      'touch /etc/config/openwisp',
      'uci set openwisp.http=controller',
      `uci set openwisp.http.url=${quoted(urls.api)}`,
      `uci set openwisp.http.uuid=${quoted(deviceId)}`,
      `uci set openwisp.http.key=${quoted(secret)}`,
      'uci commit openwisp',
      '/etc/init.d/openwisp-monitoring restart',
    ],
  };
}
