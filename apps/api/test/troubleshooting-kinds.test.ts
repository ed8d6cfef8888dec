import {
  DEVICE_KINDS,
  type DeviceKind,
  DIAGNOSTIC_ACTIONS,
  type DiagnosticAction,
  DRIVER_REFUSALS,
  isActionOffered,
  KIND_REFUSALS,
} from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

/**
 * Issue 37 point 7: the device's kind decides which troubleshooting actions it is offered (contracts'
 * KIND_ACTIONS), and the API enforces it: every kind × action, offered → queued, not offered → 400 with the
 * kind's reason and nothing written (no job, no batch). Its driver too: an OpenWISP device takes no command, so
 * it is offered nothing (its answer's `capabilities`) and every action is refused with the driver's reason.
 */
const t = useTestApp();
const base = '/api/device/troubleshooting';
const VLANS = [{ id: 1, name: 'Corporate', subnet: '10.0.0.0/26' }];
const BODIES: Record<DiagnosticAction, object> = {
  reboot: {},
  wantest: {},
  lanpingtest: {},
  systemTest: {},
  speedtest: { vlan: 1 },
  traceroute: { vlan: 1, ip: '8.8.8.8' },
  disableLanPorts: { ports: [2] },
  revertLanPorts: {},
};

let token: string;
const deviceOf = {} as Record<DeviceKind, string>;
/** OpenWISP devices (whatever their kind, they take no command) and a switch on vNOC's agent. */
const openwispOf = {} as Record<DeviceKind, string>;
let agentSwitch: string;

beforeAll(async () => {
  const org = await createOrganization(t.db, { entitlements: ['diagnostics', 'port-control'] });
  const site = await createSite(t.db, org);
  for (const kind of DEVICE_KINDS) {
    const edge = kind === 'firewall' || kind === '5g';
    const device = await createDevice(t.db, site, {
      kind,
      connection: edge ? 'primary' : 'none',
      vlans: VLANS,
      portMapping: [
        { id: 1, systemNumber: 1, type: edge ? 'WAN' : 'LAN' },
        { id: 2, systemNumber: 2, type: 'LAN' },
      ],
    });
    deviceOf[kind] = device.id;
    openwispOf[kind] = (await createDevice(t.db, site, { kind, driver: 'openwisp', vlans: VLANS })).id;
  }
  agentSwitch = (await createDevice(t.db, site, { kind: 'switch', driver: 'agent', connection: 'none' })).id;
  token = await tokenFor(t.db, await createUser(t.db, org, { role: 'ADMINISTRATOR' }), 'full');
});
afterAll(() => t.jobs.stop());

const CASES = DEVICE_KINDS.flatMap((kind) =>
  DIAGNOSTIC_ACTIONS.map((action) => ({ kind, action, offered: isActionOffered(kind, action) })),
);

describe('troubleshooting by device kind', () => {
  it('offers switches and access points no WAN test, speed test nor traceroute, and access points no port action', () => {
    const offered = (kind: DeviceKind) => DIAGNOSTIC_ACTIONS.filter((a) => isActionOffered(kind, a));
    expect(offered('firewall')).toEqual([...DIAGNOSTIC_ACTIONS]);
    expect(offered('5g')).toEqual([...DIAGNOSTIC_ACTIONS]);
    expect(offered('switch')).toEqual([
      'reboot',
      'lanpingtest',
      'systemTest',
      'disableLanPorts',
      'revertLanPorts',
    ]);
    expect(offered('access-point')).toEqual(['reboot', 'lanpingtest', 'systemTest']);
  });

  it.each(CASES)('$kind × $action: offered $offered', async ({ kind, action, offered }) => {
    const jobsBefore = await count(t.pool, 'jobs', 'device_id = $1', [deviceOf[kind]]);
    const batchId = crypto.randomUUID();
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/${action}/${deviceOf[kind]}`,
      headers: bearer(token),
      payload: { ...BODIES[action], batchId },
    });
    if (offered) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ action, deviceId: deviceOf[kind] });
      expect(await count(t.pool, 'jobs', 'device_id = $1', [deviceOf[kind]])).toBe(jobsBefore + 1);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ id: 'not_offered', message: KIND_REFUSALS[kind] });
      expect(await count(t.pool, 'jobs', 'device_id = $1', [deviceOf[kind]])).toBe(jobsBefore);
      expect(await count(t.pool, 'job_batches', 'id = $1', [batchId])).toBe(0);
    }
  });
});

describe('troubleshooting by driver', () => {
  const get = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/device/${id}`, headers: bearer(token) });

  it('answers what each device can do with the device: an OpenWISP device nothing, whatever its kind', async () => {
    for (const kind of DEVICE_KINDS) {
      const response = await get(openwispOf[kind]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().capabilities).toEqual({
        actions: [],
        missing: { driver: [...DIAGNOSTIC_ACTIONS], kind: [] },
      });
    }
    // A device that takes commands can do what its kind is offered.
    const agent = await get(agentSwitch);
    expect(agent.json().capabilities).toEqual({
      actions: ['reboot', 'lanpingtest', 'systemTest', 'disableLanPorts', 'revertLanPorts'],
      missing: { driver: [], kind: ['wantest', 'speedtest', 'traceroute'] },
    });
    const simulated = await get(deviceOf.firewall);
    expect(simulated.json().capabilities).toEqual({
      actions: [...DIAGNOSTIC_ACTIONS],
      missing: { driver: [], kind: [] },
    });
  });

  it.each(DEVICE_KINDS.flatMap((kind) => DIAGNOSTIC_ACTIONS.map((action) => ({ kind, action }))))(
    "refuses $action on an OpenWISP $kind (400, the driver's reason), writing nothing",
    async ({ kind, action }) => {
      const id = openwispOf[kind];
      const jobsBefore = await count(t.pool, 'jobs', 'device_id = $1', [id]);
      const auditsBefore = await count(t.pool, 'audit_log', 'target = $1', [id]);
      const batchId = crypto.randomUUID();
      const response = await t.app.inject({
        method: 'POST',
        url: `${base}/${action}/${id}`,
        headers: bearer(token),
        payload: { ...BODIES[action], batchId },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ id: 'not_carried', message: DRIVER_REFUSALS.openwisp });
      expect(await count(t.pool, 'jobs', 'device_id = $1', [id])).toBe(jobsBefore);
      expect(await count(t.pool, 'job_batches', 'id = $1', [batchId])).toBe(0);
      expect(await count(t.pool, 'audit_log', 'target = $1', [id])).toBe(auditsBefore);
    },
  );

  it('refuses to keep ports off on an OpenWISP device, which turns none off (400)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/confirmLanPorts/${openwispOf.firewall}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ id: 'not_carried', message: DRIVER_REFUSALS.openwisp });
  });
});
