import { DeviceTelemetrySchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { useTestApp } from './helpers.ts';

/**
 * Issue 36: GET device/{id}/telemetry, what the console shows of a device's latest report. Read by every role,
 * in the same scope as GET device/{id} (organization and site groups in SQL: 404 outside it).
 */
const t = useTestApp();

const get = async (user: { id: string }, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/device/${id}/telemetry`,
    headers: { authorization: `Bearer ${await tokenFor(t.db, user, 'full')}` },
  });

async function fleet() {
  const org = await createOrganization(t.db);
  const site = await createSite(t.db, org);
  const other = await createSite(t.db, org);
  const device = await createDevice(t.db, site, { driver: 'agent', status: 'unknown', lastUpdate: null });
  const elsewhere = await createDevice(t.db, other, { driver: 'agent' });
  return { org, site, other, device, elsewhere };
}

describe('GET device/{id}/telemetry', () => {
  it('answers every role of the organization the device latest report', async () => {
    const { org, device } = await fleet();
    const receivedAt = Date.now();
    const outcome = await t.app.edge.ingest.report(
      device.id,
      {
        type: 'DeviceMonitoring',
        general: { hostname: 'edge-1', uptime: 42 },
        interfaces: [{ name: 'eth0', up: false, statistics: { rx_bytes: 5, tx_errors: 2 } }],
      },
      { source: 'agent', receivedAt },
    );
    expect(outcome).toEqual({ ok: true, stored: 'current' });
    await t.app.edge.ingest.report(device.id, '{"type":', { source: 'agent', receivedAt });
    for (const role of ['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const) {
      const res = await get(await createUser(t.db, org, { role }), device.id);
      expect(res.statusCode, role).toBe(200);
      const body = DeviceTelemetrySchema.parse(res.json());
      expect(body).toEqual({
        driver: 'agent',
        sampledAt: new Date(receivedAt).toISOString(),
        receivedAt: new Date(receivedAt).toISOString(),
        hostname: 'edge-1',
        uptimeSeconds: 42,
        resources: null,
        interfaces: [
          {
            name: 'eth0',
            type: null,
            up: false,
            mac: null,
            addresses: [],
            rxBytes: 5,
            txBytes: null,
            rxErrors: null,
            txErrors: 2,
            rxDropped: null,
            txDropped: null,
          },
        ],
        wireless: [],
        dhcpLeases: [],
        malformedMessages: 1,
      });
    }
  });

  it('a simulated device, or one that never reported, answers its driver and nothing reported', async () => {
    const { org, site, elsewhere } = await fleet();
    const sim = await createDevice(t.db, site);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const empty = {
      sampledAt: null,
      receivedAt: null,
      hostname: null,
      uptimeSeconds: null,
      resources: null,
      interfaces: [],
      wireless: [],
      dhcpLeases: [],
      malformedMessages: 0,
    };
    expect((await get(admin, sim.id)).json()).toEqual({ driver: 'simulator', ...empty });
    expect((await get(admin, elsewhere.id)).json()).toEqual({ driver: 'agent', ...empty });
  });

  it("is 404 for another organization's device, one outside the caller's site groups, or no device", async () => {
    const { org, site, other, device, elsewhere } = await fleet();
    const stranger = await createUser(t.db, await createOrganization(t.db), { role: 'ADMINISTRATOR' });
    expect((await get(stranger, device.id)).statusCode).toBe(404);
    const grouped = await createUser(t.db, org, { role: 'USER' });
    await createGroup(t.db, org, [site.id], [grouped.id]);
    await createGroup(t.db, org, [other.id], []);
    expect((await get(grouped, device.id)).statusCode).toBe(200);
    expect((await get(grouped, elsewhere.id)).statusCode).toBe(404);
    expect((await get(grouped, '8d8f4b54-8e55-4b8e-9a54-6d6f8a0d0c11')).statusCode).toBe(404);
    expect((await get(grouped, 'not-an-id')).statusCode).toBe(404);
  });

  it('needs a signed-in person', async () => {
    const { device } = await fleet();
    const res = await t.app.inject({ method: 'GET', url: `/api/device/${device.id}/telemetry` });
    expect(res.statusCode).toBe(401);
  });
});
