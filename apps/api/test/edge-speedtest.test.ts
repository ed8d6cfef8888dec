import { beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceSecret, revokeDeviceSecret } from '../src/fleet/edge/credentials.ts';
import {
  SPEEDTEST_MAX_BYTES,
  SPEEDTEST_MESSAGES,
  SPEEDTEST_REQUESTS_PER_WINDOW,
} from '../src/modules/device-edge/service-speedtest.ts';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, useTestApp } from './helpers.ts';

/**
 * The speed-test endpoint a device's agent measures its link against: the device's own id and secret (HTTP
 * Basic) or 401, bounded sizes, a limit per device. The agent's side is apps/agent/test/agent-process.test.ts.
 */
const t = useTestApp();
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

let device: Awaited<ReturnType<typeof newDevice>>;
let clientIp = 0;
/** Each call from its own address, so the failure limit per address never answers in a case's place. */
const from = () => `198.51.100.${(clientIp++ % 250) + 1}`;

async function newDevice() {
  const org = await createOrganization(t.db);
  const site = await createSite(t.db, org);
  const row = await createDevice(t.db, site, { driver: 'agent' });
  return { id: row.id, secret: await issueDeviceSecret(t.db, row.id, org.id), org };
}

beforeAll(async () => {
  device = await newDevice();
});

describe('GET /api/edge/speedtest/download', () => {
  it('streams exactly the bytes asked for, uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/edge/speedtest/download?bytes=200000',
      headers: { ...basic(device.id, device.secret), 'accept-encoding': 'gzip, br' },
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(200_000);
    expect(res.headers['content-length']).toBe('200000');
  });

  it.each([
    ['0', 'bytes must be at least 1.'],
    [String(SPEEDTEST_MAX_BYTES + 1), `bytes must be at most ${SPEEDTEST_MAX_BYTES}.`],
    ['many', 'bytes must be a number.'],
  ])('refuses bytes=%s with the reason', async (bytes, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/edge/speedtest/download?bytes=${bytes}`,
      headers: basic(device.id, device.secret),
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('POST /api/edge/speedtest/upload', () => {
  it('counts the upload, whatever its type', async () => {
    for (const type of ['application/octet-stream', 'application/json', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/edge/speedtest/upload',
        headers: { ...basic(device.id, device.secret), 'content-type': type },
        payload: Buffer.alloc(300_000, 0x5a),
        remoteAddress: from(),
      });
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual({ bytes: 300_000, ms: expect.any(Number) });
    }
  });

  it('refuses more than 50 MB (413)', async () => {
    const other = await newDevice();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/edge/speedtest/upload',
      headers: { ...basic(other.id, other.secret), 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(SPEEDTEST_MAX_BYTES + 1),
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SPEEDTEST_MESSAGES.tooLarge);
  });
});

describe('who may call it', () => {
  it('refuses with 401 (and a Basic challenge) anything but a device id and its current secret', async () => {
    const revoked = await newDevice();
    await revokeDeviceSecret(t.db, revoked.id);
    const rotated = await newDevice();
    await issueDeviceSecret(t.db, rotated.id, rotated.org.id);
    const admin = await createUser(t.db, device.org, { role: 'ADMINISTRATOR' });
    const cases: [string, Record<string, string>][] = [
      ['no credentials', {}],
      ['a wrong secret', basic(device.id, `${device.secret}x`)],
      ['an unknown device', basic('00000000-0000-4000-8000-000000000000', device.secret)],
      ['a device id that is not one', basic('not-a-uuid', device.secret)],
      ['a revoked secret', basic(revoked.id, revoked.secret)],
      ['a rotated (old) secret', basic(rotated.id, rotated.secret)],
      ["another device's secret", basic(revoked.id, device.secret)],
      ["a person's session token", bearer(await tokenFor(t.db, admin, 'full'))],
      ['a malformed Basic header', { authorization: 'Basic !!!' }],
    ];
    for (const [name, headers] of cases) {
      for (const [method, url] of [
        ['GET', '/api/edge/speedtest/download?bytes=10'],
        ['POST', '/api/edge/speedtest/upload'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? 'x' : undefined,
          remoteAddress: from(),
        });
        expect(res.statusCode, `${name} ${method}`).toBe(401);
        expect(res.json()).toMatchObject({ id: 'unauthorized', message: SPEEDTEST_MESSAGES.unauthorized });
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      }
    }
  });

  it('limits each device (429), not the others', async () => {
    const busy = await newDevice();
    const call = (d: { id: string; secret: string }) =>
      t.app.inject({
        method: 'GET',
        url: '/api/edge/speedtest/download?bytes=1',
        headers: basic(d.id, d.secret),
        remoteAddress: from(),
      });
    for (let i = 0; i < SPEEDTEST_REQUESTS_PER_WINDOW; i++) expect((await call(busy)).statusCode).toBe(200);
    const refused = await call(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().id).toBe('rate_limited');
    expect((await call(await newDevice())).statusCode).toBe(200);
  });

  it('refuses an address that keeps sending wrong credentials (429)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/edge/speedtest/download?bytes=1',
        headers: basic(device.id, 'wrong'),
        remoteAddress: '203.0.113.9',
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/edge/speedtest/download', '/api/edge/speedtest/upload']),
    );
    expect(doc.paths['/api/edge/speedtest/upload'].post.responses).toHaveProperty('413');
  });
});
