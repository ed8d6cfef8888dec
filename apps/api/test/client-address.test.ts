import { describe, expect, it } from 'vitest';
import { clientKeyOf, isProxyEntry } from '../src/plugins/client-address.ts';
import { createOrganization, createUser, PASSWORD } from './factories.ts';
import { createTestApp, useTestApp } from './helpers.ts';

describe('clientKeyOf (issue 11: rate limits and lockouts by client)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0099', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(clientKeyOf(ip)).toBe(key);
  });

  it.each([
    ['10.0.0.1', true],
    ['10.0.0.0/8', true],
    ['2001:db8::/32', true],
    ['loopback', true],
    ['uniquelocal', true],
    ['10.0.0.0/33', false],
    ['2001:db8::/129', false],
    ['proxy.example', false],
    ['10.0.0.1/8/1', false],
  ])('TRUST_PROXY entry %s is valid: %s', (entry, valid) => {
    expect(isProxyEntry(entry)).toBe(valid);
  });
});

const t = useTestApp();
const login = (
  app: typeof t.app,
  username: string,
  password: string,
  from: { ip: string; forwarded?: string },
) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: from.ip,
    headers: from.forwarded ? { 'x-forwarded-for': from.forwarded } : {},
  });

describe('the client behind a proxy', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: the connection is the client', async () => {
    for (let i = 0; i < 20; i++) {
      await login(t.app, `ghost${i}@nowhere.example`, 'wrong-password-123', {
        ip: '10.20.0.1',
        forwarded: `198.51.100.${i}`,
      });
    }
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const res = await login(t.app, user.username, PASSWORD, { ip: '10.20.0.1', forwarded: '198.51.100.200' });
    expect(res.statusCode).toBe(429);
  });

  it('with TRUST_PROXY, the forwarded client is counted, so one client does not lock out the others', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.30.0.1' });
    try {
      for (let i = 0; i < 20; i++) {
        await login(proxied.app, `ghost${i}@nowhere.example`, 'wrong-password-123', {
          ip: '10.30.0.1',
          forwarded: '198.51.100.7',
        });
      }
      const org = await createOrganization(proxied.db);
      const user = await createUser(proxied.db, org);
      const locked = await login(proxied.app, user.username, PASSWORD, {
        ip: '10.30.0.1',
        forwarded: '198.51.100.7',
      });
      expect(locked.statusCode).toBe(429);
      const other = await login(proxied.app, user.username, PASSWORD, {
        ip: '10.30.0.1',
        forwarded: '198.51.100.8',
      });
      expect(other.statusCode).toBe(200);
      // Another /64's worth of addresses is one client: IPv6 rotation does not escape the lock.
      for (let i = 0; i < 20; i++) {
        await login(proxied.app, `ghost${i}@nowhere.example`, 'wrong-password-123', {
          ip: '10.30.0.1',
          forwarded: `2001:db8:7:7::${(i + 1).toString(16)}`,
        });
      }
      const rotated = await login(proxied.app, user.username, PASSWORD, {
        ip: '10.30.0.1',
        forwarded: '2001:db8:7:7::ffff',
      });
      expect(rotated.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
