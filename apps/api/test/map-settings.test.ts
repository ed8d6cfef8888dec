import { MapSettingsSchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/plugins/config.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, testConfig, useTestApp } from './helpers.ts';

const t = useTestApp();
const TILES = 'https://tiles.example.net/{z}/{x}/{y}.png';

describe('GET /api/map/settings (issue 12 part 3)', () => {
  it('names no tile server by default: the console draws its bundled basemap', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { role: 'READ_ONLY' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/map/settings',
      headers: bearer(await tokenFor(t.db, user, 'full')),
    });
    expect(response.statusCode).toBe(200);
    expect(MapSettingsSchema.parse(response.json())).toEqual({ tileUrl: null, tileAttribution: null });
  });

  it('serves MAP_TILE_URL and its attribution (OpenStreetMap credited when none is given)', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { role: 'USER' });
    const token = await tokenFor(t.db, user, 'full');
    for (const [env, attribution] of [
      [{ MAP_TILE_URL: TILES }, '&copy; OpenStreetMap contributors'],
      [{ MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: 'Tiles &copy; Example' }, 'Tiles &copy; Example'],
    ] as const) {
      const app = await buildApp({ config: testConfig(env), db: t.db, logger: false });
      try {
        const response = await app.inject({
          method: 'GET',
          url: '/api/map/settings',
          headers: bearer(token),
        });
        expect(response.json()).toEqual({ tileUrl: TILES, tileAttribution: attribution });
      } finally {
        await app.close();
      }
    }
  });

  it('needs a signed-in person who finished the sign-in steps', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    expect((await t.app.inject({ method: 'GET', url: '/api/map/settings' })).statusCode).toBe(401);
    const halfway = await t.app.inject({
      method: 'GET',
      url: '/api/map/settings',
      headers: bearer(await tokenFor(t.db, user, 'mfa')),
    });
    expect(halfway.statusCode).toBe(401);
  });
});

describe('MAP_TILE_URL is checked at start', () => {
  const env = (extra: Record<string, string>) => ({
    DATABASE_URL: 'postgres://x@127.0.0.1/x',
    JWT_SECRET: 'x'.repeat(32),
    DELIVERY: 'outbox',
    ...extra,
  });
  it.each([
    [
      'http://tiles.example.net/{z}/{x}/{y}.png',
      'plain http (the console is served under a CSP allowing https images)',
    ],
    ['https://tiles.example.net/tile.png', 'no {z}/{x}/{y}'],
    ['tiles.example.net/{z}/{x}/{y}.png', 'not a URL'],
  ])('refuses %s (%s)', (url) => {
    expect(() => loadConfig(env({ MAP_TILE_URL: url }))).toThrow(
      /MAP_TILE_URL: must be an https:\/\/ URL with \{z\}, \{x\} and \{y\}/,
    );
  });
  it('refuses an attribution without tiles', () => {
    expect(() => loadConfig(env({ MAP_TILE_ATTRIBUTION: 'x' }))).toThrow(ConfigError);
  });
});
