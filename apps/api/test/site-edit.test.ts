import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SiteSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { streetOffset } from '../src/geocoding/gazetteer.ts';
import { createFleetFixture, createSite, tokenFor } from './factories.ts';
import { bearer, testConfig, useTestApp } from './helpers.ts';

const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
const tokens: Record<'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB', string> = {
  admin: '',
  user: '',
  readOnly: '',
  restricted: '',
  adminB: '',
};

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const edit = (body: unknown, who: keyof typeof tokens = 'admin', app?: FastifyInstance) =>
  (app ?? t.app).inject({
    method: 'PUT',
    url: '/api/site/edit',
    headers: bearer(tokens[who]),
    payload: body as object,
  });

type StoredSite = {
  name: string;
  alias: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  verified_address: unknown;
  contacts: unknown;
};

async function stored(id: string): Promise<StoredSite> {
  const { rows } = await t.pool.query<StoredSite>(
    `select name, alias, street, city, state, zip, country, latitude, longitude, verified_address, contacts
     from sites where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error('site gone');
  return row;
}

/** A fresh site of organization A (the fixture's admin edits it), unverified like the seeded ones. */
async function freshSite(overrides: { name?: string } = {}) {
  return createSite(t.db, f.orgA, {
    name: overrides.name ?? 'Edit Me',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
  });
}

const CONGRESS = { street: '100 Congress Ave', city: 'austin', state: 'tx', zip: '' };
const CONGRESS_NORMALIZED = {
  street: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

describe('PUT site/edit with an address', () => {
  it('stores the normalized address, the geocoder’s coordinates and the verified address', async () => {
    const site = await freshSite();
    const res = await edit({
      id: site.id,
      name: 'Congress Flagship',
      alias: 'CGS-1',
      address: CONGRESS,
      // Never taken from the client: the geocoder decides.
      coordinates: { lat: 1, lng: 2 },
      latitude: 1,
      verifiedAddress: { street: 'Fake', city: 'Nowhere', state: null, zip: null, country: 'US' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const coordinates = streetOffset(AUSTIN, '100 Congress Ave');
    expect(SiteSchema.parse(res.json())).toMatchObject({
      id: site.id,
      name: 'Congress Flagship',
      alias: 'CGS-1',
      address: CONGRESS_NORMALIZED,
      verifiedAddress: CONGRESS_NORMALIZED,
      coordinates,
    });
    expect(await stored(site.id)).toMatchObject({
      name: 'Congress Flagship',
      ...CONGRESS_NORMALIZED,
      latitude: coordinates.lat,
      longitude: coordinates.lng,
      verified_address: CONGRESS_NORMALIZED,
    });
  });

  it('without an address keeps the address, coordinates and verified address as they were', async () => {
    const site = await freshSite();
    const before = await stored(site.id);
    const res = await edit({ id: site.id, name: 'Renamed Only' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(site.id)).toEqual({ ...before, name: 'Renamed Only', alias: null });
    expect(res.json()).toMatchObject({ verifiedAddress: null, address: { city: 'Dallas', zip: '75201' } });
  });

  it('an address that does not verify is 400 and nothing is written (name included)', async () => {
    const site = await freshSite();
    const before = await stored(site.id);
    for (const address of [
      { street: '1 Nowhere Rd', city: 'Zzyzxville', state: 'ZZ' },
      { city: 'Austin', state: 'TX', zip: '80202' }, // Denver's ZIP: contradicts the city
      { city: 'Paris', country: 'France' }, // the gazetteer knows US places only
    ]) {
      const res = await edit({ id: site.id, name: 'Should Not Stick', address });
      expect(res.statusCode, JSON.stringify(address)).toBe(400);
      expect(res.json()).toMatchObject({
        id: 'invalid_input',
        message: 'Address could not be verified.',
        errors: [{ path: 'address', message: 'Address could not be verified.' }],
      });
    }
    expect(await stored(site.id)).toEqual(before);
  });

  it('bad input is 400 with a message and nothing is written', async () => {
    const site = await freshSite();
    const before = await stored(site.id);
    const cases: [unknown, string][] = [
      [{ id: site.id, name: 'X', address: { ...CONGRESS, city: '  ' } }, 'Enter the city.'],
      [{ id: site.id, name: 'X', address: { ...CONGRESS, zip: 'abc' } }, 'Enter a valid ZIP code.'],
      [
        { id: site.id, name: 'X', address: { ...CONGRESS, street: 'x'.repeat(201) } },
        'The street is at most 200 characters.',
      ],
      [{ id: site.id, name: 'X', address: 'Austin' }, ''],
      [{ id: site.id, name: '', address: CONGRESS }, 'Enter the site name.'],
    ];
    for (const [body, message] of cases) {
      const res = await edit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input' });
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await stored(site.id)).toEqual(before);
  });

  it('only an ADMINISTRATOR edits (403 otherwise); another organization’s site is 404; nothing written', async () => {
    const site = await freshSite();
    const before = await stored(site.id);
    const body = { id: site.id, name: 'Hacked', address: CONGRESS };
    for (const who of ['user', 'readOnly', 'restricted'] as const) {
      const res = await edit(body, who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ id: 'forbidden' });
    }
    // adminB is an ADMINISTRATOR of organization B: A's site does not exist for them.
    const res = await edit(body, 'adminB');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ id: 'not_found' });
    expect(await stored(site.id)).toEqual(before);

    // And the other way round: B's site for A's administrator; an unknown id is the same 404.
    const otherBefore = await stored(f.other.id);
    expect((await edit({ ...body, id: f.other.id })).statusCode).toBe(404);
    expect((await edit({ ...body, id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await stored(f.other.id)).toEqual(otherBefore);
  });

  it('refuses without a token', async () => {
    const site = await freshSite();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/site/edit',
      payload: { id: site.id, name: 'Anonymous' },
    });
    expect(res.statusCode).toBe(401);
    expect((await stored(site.id)).name).toBe('Edit Me');
  });
});

describe('PUT site/edit when the address service fails (GEOCODER_URL set)', () => {
  const server = http.createServer((_req, res) => {
    res.writeHead(500);
    res.end('down');
  });
  let app: FastifyInstance;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = await buildApp({
      config: testConfig({ GEOCODER_URL: `http://127.0.0.1:${port}` }),
      db: t.db,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 503 geocoder_unavailable and writes nothing', async () => {
    const site = await freshSite();
    const before = await stored(site.id);
    const res = await edit({ id: site.id, name: 'Not Now', address: CONGRESS }, 'admin', app);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ id: 'geocoder_unavailable' });
    expect(await stored(site.id)).toEqual(before);
  });
});
