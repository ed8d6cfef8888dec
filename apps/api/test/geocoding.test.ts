import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Address, GeocodeResponseSchema, VerifyAddressResponseSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createGazetteer, streetOffset } from '../src/geocoding/gazetteer.ts';
import { GEOCODER_UNAVAILABLE, normalizeAddress } from '../src/geocoding/geocoder.ts';
import { createNominatimGeocoder } from '../src/geocoding/nominatim.ts';
import { FLEET_CITIES } from '../src/geocoding/us-places.ts';
import { createFleetFixture, tokenFor } from './factories.ts';
import { bearer, testConfig, useTestApp } from './helpers.ts';

const address = (fields: Partial<Address>): Address => ({
  street: null,
  city: null,
  state: null,
  zip: null,
  country: 'US',
  ...fields,
});

// ---- a real local Nominatim-compatible server ----

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('[]');
const requests: { url: URL; userAgent: string | undefined }[] = [];
const server = http.createServer((req, res) => {
  requests.push({ url: new URL(req.url ?? '/', 'http://x'), userAgent: req.headers['user-agent'] });
  handler(req, res);
});
let baseUrl = '';

const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

/** Canned `format=jsonv2&addressdetails=1` results, as Nominatim answers them. */
const CONGRESS = {
  place_id: 1,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0.',
  osm_type: 'node',
  osm_id: 101,
  lat: '30.2669',
  lon: '-97.7428',
  category: 'place',
  type: 'house',
  place_rank: 30,
  importance: 0.00001,
  addresstype: 'place',
  name: '',
  display_name: '100, Congress Avenue, Downtown, Austin, Travis County, Texas, 78701-4043, United States',
  address: {
    house_number: '100',
    road: 'Congress Avenue',
    suburb: 'Downtown',
    city: 'Austin',
    county: 'Travis County',
    state: 'Texas',
    'ISO3166-2-lvl4': 'US-TX',
    postcode: '78701-4043',
    country: 'United States',
    country_code: 'us',
  },
  boundingbox: ['30.2668', '30.2670', '-97.7429', '-97.7427'],
};
const CONGRESS_SOUTH = {
  ...CONGRESS,
  place_id: 2,
  lat: '30.2500',
  lon: '-97.7490',
  display_name: '100, South Congress Avenue, Austin, Travis County, Texas, 78704, United States',
  address: { ...CONGRESS.address, road: 'South Congress Avenue', postcode: '78704' },
};
const ROUND_ROCK_TOWN = {
  place_id: 3,
  lat: '30.5083',
  lon: '-97.6789',
  display_name: 'Round Rock, Williamson County, Texas, United States',
  address: {
    town: 'Round Rock',
    county: 'Williamson County',
    state: 'Texas',
    'ISO3166-2-lvl4': 'US-TX',
    country: 'United States',
    country_code: 'us',
  },
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// ---- normalization and the offline gazetteer ----

describe('normalizeAddress', () => {
  it.each([
    [
      'trims and collapses spaces, upper-cases the state, cuts ZIP+4, names the country US',
      {
        street: '  12   Main St ',
        city: ' salt   lake city ',
        state: ' ut ',
        zip: ' 84111-0001 ',
        country: ' usa ',
      },
      { street: '12 Main St', city: 'salt lake city', state: 'UT', zip: '84111', country: 'US' },
    ],
    [
      'a state name becomes its code; empty parts become null',
      { street: '   ', city: 'Austin', state: 'texas', zip: '', country: 'United States' },
      { street: null, city: 'Austin', state: 'TX', zip: null, country: 'US' },
    ],
    [
      'dotted state abbreviations; ZIP+4 without a dash',
      { street: null, city: 'Boston', state: 'M.A.', zip: '021081234', country: 'US' },
      { street: null, city: 'Boston', state: 'MA', zip: '02108', country: 'US' },
    ],
    [
      'outside the US only spaces are touched',
      { street: 'Calle  8', city: 'Madrid', state: 'madrid', zip: '28001', country: 'ES' },
      { street: 'Calle 8', city: 'Madrid', state: 'madrid', zip: '28001', country: 'ES' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(normalizeAddress(input)).toEqual(expected);
  });
});

describe('offline gazetteer: verify', () => {
  const gazetteer = createGazetteer();
  type Case = {
    name: string;
    input: Partial<Address>;
    verified: boolean;
    address?: Partial<Address>;
    suggestions?: string[];
  };
  const cases: Case[] = [
    {
      name: 'ZIP hit',
      input: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      verified: true,
      address: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    },
    {
      name: 'ZIP alone fills city and state',
      input: { zip: '02108' },
      verified: true,
      address: { city: 'Boston', state: 'MA', zip: '02108' },
    },
    {
      name: 'ZIP+4 resolves by its ZIP',
      input: { city: 'Denver', zip: '80202-1234' },
      verified: true,
      address: { city: 'Denver', state: 'CO', zip: '80202' },
    },
    {
      name: 'city and state in odd casing and spacing',
      input: { street: '5  Temple  Sq', city: '  salt   LAKE city ', state: 'ut' },
      verified: true,
      address: { street: '5 Temple Sq', city: 'Salt Lake City', state: 'UT', zip: '84111' },
    },
    {
      name: '"Saint Louis, missouri" is St. Louis, MO',
      input: { city: 'Saint Louis', state: 'missouri' },
      verified: true,
      address: { city: 'St. Louis', state: 'MO', zip: '63101' },
    },
    {
      name: 'a valid ZIP the table lacks is kept when city and state match',
      input: { city: 'austin', state: 'Texas', zip: '78704' },
      verified: true,
      address: { city: 'Austin', state: 'TX', zip: '78704' },
    },
    {
      name: 'the state picks among same-named cities',
      input: { city: 'Springfield', state: 'MO' },
      verified: true,
      address: { city: 'Springfield', state: 'MO', zip: '65806' },
    },
    {
      name: 'a misspelt city: not verified, the near name suggested first',
      input: { street: '1 Main St', city: 'Austn', state: 'TX' },
      verified: false,
      suggestions: ['Austin, TX'],
    },
    {
      name: 'a city without state: every same-named city is suggested',
      input: { city: 'portland' },
      verified: false,
      suggestions: ['Portland, ME', 'Portland, OR'],
    },
    {
      name: 'a ZIP that contradicts the city: both places suggested',
      input: { city: 'Dallas', state: 'TX', zip: '78701' },
      verified: false,
      suggestions: ['Austin, TX', 'Dallas, TX'],
    },
    {
      name: 'the right city in the wrong state',
      input: { city: 'Denver', state: 'TX' },
      verified: false,
      suggestions: ['Denver, CO'],
    },
    {
      name: 'an unknown place with nothing like it',
      input: { city: 'Xyzzyqwv', state: 'ZZ', zip: '00001' },
      verified: false,
      suggestions: [],
    },
    {
      name: 'outside the US: not verified',
      input: { city: 'Toronto', state: 'ON', country: 'Canada' },
      verified: false,
      suggestions: [],
    },
  ];

  it.each(cases)('$name', async ({ input, verified, address: expected, suggestions }) => {
    const result = await gazetteer.verify(address(input));
    expect(VerifyAddressResponseSchema.parse(result)).toEqual(result);
    expect(result.verified).toBe(verified);
    if (expected) expect(result.address).toMatchObject(expected);
    if (verified) {
      expect(result.coordinates).not.toBeNull();
      expect(result.suggestions).toEqual([]);
    } else {
      expect(result.coordinates).toBeNull();
    }
    if (suggestions) {
      const names = result.suggestions.map((s) => `${s.city}, ${s.state}`);
      if (suggestions.length === 0) expect(names).toEqual([]);
      else expect(names.slice(0, suggestions.length).sort()).toEqual(suggestions);
      // A suggestion is a complete address that verifies, with the typed street kept.
      for (const s of result.suggestions) {
        expect(s.street).toBe(result.address.street);
        expect((await gazetteer.verify(s)).verified).toBe(true);
      }
    }
  });

  it('geocode answers a point and a display name, or null for an unknown place', async () => {
    const hit = await gazetteer.geocode(address({ street: '100 Congress Ave', city: 'Austin', state: 'tx' }));
    expect(hit).toMatchObject({ displayName: '100 Congress Ave, Austin, TX 78701, United States' });
    expect(hit?.lat).toBeCloseTo(30.2672, 1);
    expect(hit?.lng).toBeCloseTo(-97.7431, 1);
    expect(await gazetteer.geocode(address({ city: 'Nowhere', state: 'ZZ' }))).toBeNull();
  });

  it('knows every city of the demo fleet by ZIP and by city and state', async () => {
    for (const place of FLEET_CITIES) {
      const byZip = await gazetteer.verify(address({ zip: place.zip }));
      const byName = await gazetteer.verify(address({ city: place.city.toUpperCase(), state: place.state }));
      expect(byZip.address).toMatchObject({ city: place.city, state: place.state });
      expect(byName.address).toMatchObject({ city: place.city, zip: place.zip });
    }
  });
});

describe('street-level offset', () => {
  const center = { lat: 30.2672, lng: -97.7431 };

  it('is deterministic and ignores case, spacing and punctuation', () => {
    const a = streetOffset(center, '100 Congress Ave');
    expect(streetOffset(center, '100 Congress Ave')).toEqual(a);
    expect(streetOffset(center, '  100   congress ave. ')).toEqual(a);
  });

  it('spreads different streets within about 3 km of the centre; no street → the centre', () => {
    const points = ['1 Main St', '2 Main St', '100 Congress Ave', '9 Oak Ave', '77 Harbor Rd'].map((s) =>
      streetOffset(center, s),
    );
    expect(new Set(points.map((p) => `${p.lat},${p.lng}`)).size).toBe(points.length);
    for (const p of points) {
      expect(Math.abs(p.lat - center.lat)).toBeLessThanOrEqual(0.03);
      expect(Math.abs(p.lng - center.lng)).toBeLessThanOrEqual(0.03);
      expect(p).not.toEqual(center);
    }
    expect(streetOffset(center, null)).toEqual(center);
    expect(streetOffset(center, ' ')).toEqual(center);
  });

  it('two sites in one city get different coordinates from the gazetteer', async () => {
    const gazetteer = createGazetteer();
    const one = await gazetteer.verify(address({ street: '1 Main St', city: 'Austin', state: 'TX' }));
    const two = await gazetteer.verify(address({ street: '500 Oak Ave', city: 'Austin', state: 'TX' }));
    expect(one.coordinates).not.toEqual(two.coordinates);
  });
});

// ---- the Nominatim adapter against the local server ----

describe('Nominatim adapter', () => {
  const nominatim = (timeoutMs?: number, url = baseUrl) =>
    createNominatimGeocoder({ url, userAgent: 'vNOC-test/1.0', timeoutMs });
  const congress = address({ street: ' 100  Congress Ave ', city: 'austin', state: 'texas', zip: '78701' });
  const unavailable = { statusCode: 503, id: 'geocoder_unavailable', message: GEOCODER_UNAVAILABLE };

  it('sends a structured jsonv2 search with the User-Agent and maps the results', async () => {
    handler = json([CONGRESS, CONGRESS_SOUTH, CONGRESS]);
    requests.length = 0;
    const result = await nominatim().verify(congress);
    const sent = requests[0];
    expect(sent?.url.pathname).toBe('/search');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      format: 'jsonv2',
      addressdetails: '1',
      limit: '5',
      street: '100 Congress Ave',
      city: 'austin',
      state: 'TX',
      postalcode: '78701',
      country: 'US',
    });
    expect(sent?.userAgent).toBe('vNOC-test/1.0');
    expect(result).toEqual({
      verified: true,
      address: { street: '100 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      coordinates: { lat: 30.2669, lng: -97.7428 },
      // The duplicate of the chosen address is left out.
      suggestions: [
        { street: '100 South Congress Avenue', city: 'Austin', state: 'TX', zip: '78704', country: 'US' },
      ],
    });
  });

  it('geocode answers the top result; leaves out missing parts of the query; keeps a base path', async () => {
    handler = json([CONGRESS]);
    requests.length = 0;
    const hit = await nominatim(undefined, `${baseUrl}/nominatim`).geocode(address({ city: 'Austin' }));
    expect(hit).toEqual({ lat: 30.2669, lng: -97.7428, displayName: CONGRESS.display_name });
    expect(requests[0]?.url.pathname).toBe('/nominatim/search');
    expect([...(requests[0]?.url.searchParams.keys() ?? [])].sort()).toEqual([
      'addressdetails',
      'city',
      'country',
      'format',
      'limit',
    ]);
  });

  it('no results: not verified, no suggestions; geocode null', async () => {
    handler = json([]);
    expect(await nominatim().verify(congress)).toEqual({
      verified: false,
      address: { street: '100 Congress Ave', city: 'austin', state: 'TX', zip: '78701', country: 'US' },
      coordinates: null,
      suggestions: [],
    });
    expect(await nominatim().geocode(congress)).toBeNull();
  });

  it('a typed street matched only at town level is not verified; the town is a suggestion', async () => {
    handler = json([ROUND_ROCK_TOWN]);
    const result = await nominatim().verify(
      address({ street: '1 Nowhere Ln', city: 'Round Rock', state: 'TX' }),
    );
    expect(result.verified).toBe(false);
    expect(result.coordinates).toBeNull();
    expect(result.suggestions).toEqual([
      { street: '1 Nowhere Ln', city: 'Round Rock', state: 'TX', zip: null, country: 'US' },
    ]);
  });

  it.each([
    ['a 500', json({ error: 'boom' }, 500)],
    ['a 429', json({ error: 'slow down' }, 429)],
    ['not JSON', ((_req, res) => res.end('<html>oops</html>')) as Handler],
    ['JSON of another shape', json({ results: [] })],
    ['results without coordinates', json([{ display_name: 'x' }])],
  ])('%s → 503 geocoder_unavailable', async (_name, h) => {
    handler = h;
    await expect(nominatim().verify(congress)).rejects.toMatchObject(unavailable);
    await expect(nominatim().geocode(congress)).rejects.toMatchObject(unavailable);
  });

  it('a timeout → 503 geocoder_unavailable', async () => {
    handler = () => {}; // never answers
    // A real stall, so a real cut-off, shrunk to 200 ms; without it the call would hang until the test times out.
    await expect(nominatim(200).verify(congress)).rejects.toMatchObject(unavailable);
  });

  it('a refused connection → 503 geocoder_unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(nominatim(1_000, `http://127.0.0.1:${port}`).geocode(congress)).rejects.toMatchObject(
      unavailable,
    );
  });
});

// ---- the routes ----

const t = useTestApp();
let token = '';
let mfaToken = '';

beforeAll(async () => {
  const f = await createFleetFixture(t.db);
  token = await tokenFor(t.db, f.user, 'full');
  mfaToken = await tokenFor(t.db, f.admin, 'mfa');
});

/** Every site's stored address parts: the calls must leave them as they were. */
async function storedAddresses() {
  const { rows } = await t.pool.query(
    'select id, street, city, state, zip, country, latitude, longitude, verified_address from sites order by id',
  );
  return rows;
}

const post = (app: FastifyInstance, url: string, payload: unknown, auth: string | undefined = token) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: auth ? bearer(auth) : {} });

describe('POST site/verifyAddress and site/geocode (offline gazetteer)', () => {
  const austin = { street: '100 Congress Ave', city: 'austin', state: 'tx', zip: '78701', country: 'US' };

  it('refuses without a full sign-in', async () => {
    for (const [url, body] of [
      ['/api/site/verifyAddress', austin],
      ['/api/site/geocode', { address: austin }],
    ] as const) {
      const none = await post(t.app, url, body, '');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ id: 'unauthorized' });
      expect((await post(t.app, url, body, mfaToken)).statusCode).toBe(401);
    }
  });

  it('verifyAddress answers the normalized address with coordinates', async () => {
    const res = await post(t.app, '/api/site/verifyAddress', austin);
    expect(res.statusCode, res.body).toBe(200);
    const body = VerifyAddressResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      verified: true,
      address: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      suggestions: [],
    });
    expect(body.coordinates?.lat).toBeCloseTo(30.27, 1);
  });

  it('missing parts may be left out or null; country defaults to US; unknown → suggestions', async () => {
    const res = await post(t.app, '/api/site/verifyAddress', { city: 'Austn', state: 'TX' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      verified: false,
      address: { street: null, city: 'Austn', state: 'TX', zip: null, country: 'US' },
      coordinates: null,
      suggestions: [{ city: 'Austin', state: 'TX', zip: '78701', country: 'US' }],
    });
  });

  it('geocode answers coordinates and a display name, or nulls', async () => {
    const res = await post(t.app, '/api/site/geocode', { address: austin });
    expect(res.statusCode, res.body).toBe(200);
    const body = GeocodeResponseSchema.parse(res.json());
    expect(body.displayName).toBe('100 Congress Ave, Austin, TX 78701, United States');
    expect(body.coordinates).not.toBeNull();
    const unknown = await post(t.app, '/api/site/geocode', { address: { city: 'Nowhere', state: 'ZZ' } });
    expect(unknown.json()).toEqual({ coordinates: null, displayName: null });
  });

  it.each([
    ['/api/site/verifyAddress', { street: '1 Main St', state: 'TX', zip: '78701' }, 'city'],
    ['/api/site/verifyAddress', { city: '   ', state: 'TX' }, 'city'],
    ['/api/site/verifyAddress', { city: 'Austin', zip: '7870' }, 'zip'],
    ['/api/site/verifyAddress', { city: 'Austin', zip: 78701 }, 'zip'],
    ['/api/site/verifyAddress', { city: 'x'.repeat(101) }, 'city'],
    ['/api/site/geocode', { city: 'Austin' }, 'address'],
    ['/api/site/geocode', { address: { street: '1 Main St' } }, 'address.city'],
  ])('%s %j → 400 invalid_input (%s), nothing written', async (url, payload, path) => {
    const before = await storedAddresses();
    const res = await post(t.app, url, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ id: 'invalid_input' });
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await storedAddresses()).toEqual(before);
  });

  it('a successful verification writes nothing either', async () => {
    const before = await storedAddresses();
    await post(t.app, '/api/site/verifyAddress', austin);
    await post(t.app, '/api/site/geocode', { address: austin });
    expect(await storedAddresses()).toEqual(before);
  });
});

describe('POST site/verifyAddress and site/geocode (GEOCODER_URL set)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // The same database, an app configured with the local Nominatim-compatible server.
    app = await buildApp({ config: testConfig({ GEOCODER_URL: baseUrl }), db: t.db, logger: false });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answers from the service, with the default User-Agent', async () => {
    handler = json([CONGRESS]);
    requests.length = 0;
    const res = await post(app, '/api/site/verifyAddress', { street: '100 Congress Ave', city: 'Austin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      verified: true,
      address: { street: '100 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      coordinates: { lat: 30.2669, lng: -97.7428 },
      suggestions: [],
    });
    expect(requests[0]?.userAgent).toBe('vNOC');
    const geo = await post(app, '/api/site/geocode', { address: { city: 'Austin', state: 'TX' } });
    expect(geo.json()).toEqual({
      coordinates: { lat: 30.2669, lng: -97.7428 },
      displayName: CONGRESS.display_name,
    });
  });

  it('a failing service → 503 geocoder_unavailable with the readable message only', async () => {
    handler = json({ error: 'internal detail that must not leak' }, 500);
    for (const [url, body] of [
      ['/api/site/verifyAddress', { city: 'Austin' }],
      ['/api/site/geocode', { address: { city: 'Austin' } }],
    ] as const) {
      const res = await post(app, url, body);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ id: 'geocoder_unavailable', message: GEOCODER_UNAVAILABLE });
    }
  });

  it('without a token it never calls the service', async () => {
    requests.length = 0;
    expect((await post(app, '/api/site/geocode', { address: { city: 'Austin' } }, '')).statusCode).toBe(401);
    expect(requests).toEqual([]);
  });
});
