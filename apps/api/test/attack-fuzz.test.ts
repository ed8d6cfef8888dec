import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  documentedRoutes,
  type JsonSchema,
  key,
  LEAKS_INTERNALS,
  type Parameter,
  type Route,
  send,
} from './attack-support.ts';
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
 * Issue 11 part 8: bad input generated from each route's own schema (the OpenAPI document's, i.e. the shared zod
 * schemas), property-based with fast-check: `RUNS` (100) calls per route as a signed-in administrator, each with
 * path parameters, a query and a body that are mostly well-formed with a hostile value somewhere (wrong types,
 * injection strings, huge numbers, odd Unicode, extra keys, ids of the caller's own organization and unknown
 * ones), so that calls pass validation and reach the services as often as they are refused by it. No answer may
 * be a 5xx or carry a stack trace. FUZZ_SEED varies the generated calls (fixed by default, so CI repeats them);
 * a failure prints the seed and the smallest call found.
 */
const t = useTestApp();
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

/** Not fuzzed: the stream never ends; signing out would end the session the other calls use. */
const SKIP = new Set(['GET /api/events']);

let routes: Route[] = [];
let ownIds: string[] = [];
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  routes = await documentedRoutes(t.app);
  const org = await createOrganization(t.db, {
    entitlements: ['diagnostics', 'port-control', 'analytics', 'cellular-billing'],
  });
  admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  const user = await createUser(t.db, org, { role: 'USER' });
  const site = await createSite(t.db, org);
  const device = await createDevice(t.db, site);
  const group = await createGroup(t.db, org, [site.id], [user.id]);
  ownIds = [org.id, admin.id, user.id, site.id, device.id, group.id];
});

const HOSTILE_TEXT = [
  "' or 1=1--",
  "'; drop table users; --",
  '../../etc/passwd',
  '\u0000',
  '%00',
  '{{7*7}}',
  '$' + '{7*7}', // a template injection, written so as not to look like a template literal here
  '<script>alert(1)</script>',
  'x'.repeat(5_000),
  '-1',
  '1e309',
  'NaN',
  '9999-99-99T99:99:99Z',
  '\uD800',
  '💥'.repeat(300),
  '__proto__',
];

/** Any JSON value, small: what a confused or malicious client sends in a field's place. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 63, 1e308, -0),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant({ __proto__: { admin: true } }),
);

const uuidLike = () => fc.oneof(fc.uuid(), fc.constantFrom(...ownIds));

/** Well-formed values of the schema, each part of which is sometimes replaced by a hostile one. */
function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: wellFormed(schema ?? {}, depth) },
    { weight: 1, arbitrary: hostile },
  );
}

function wellFormed(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => wellFormed(s, depth)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => wellFormed({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return text(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(depth > 3 ? hostile : arbitraryOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return object(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function text(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') return uuidLike();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  return fc.oneof(
    fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength }),
    fc.constantFrom(...ownIds),
    fc.constantFrom('Acme', 'Austin', '00:30:44', 'online', 'name-asc', 'raisedAt-desc', '2026-11-01'),
  );
}

function object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s, depth + 1)]),
  );
  const record = fc.record(shape, {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
  });
  // Now and then a key nobody asked for.
  return fc
    .tuple(record, fc.option(fc.constantFrom('__proto__', 'constructor', 'organizationId', 'role', 'id')))
    .map(([value, extra]) =>
      extra === null
        ? value
        : { ...(value as object), [extra]: extra === 'organizationId' ? ownIds[0] : { x: 1 } },
    );
}

/** A query string of the route's query parameters (some left out, as a client would). */
function queryOf(parameters: Parameter[]): fc.Arbitrary<string> {
  const query = parameters.filter((p) => p.in === 'query');
  return fc.tuple(...query.map((p) => fc.option(arbitraryOf(p.schema), { freq: 2 }))).map((values) => {
    const search = new URLSearchParams();
    values.forEach((value, i) => {
      if (value === null) return;
      const name = query[i]?.name ?? '';
      for (const item of Array.isArray(value) ? value : [value])
        search.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    });
    return search.toString();
  });
}

function callOf(route: Route) {
  const path = route.parameters.filter((p) => p.in === 'path');
  return fc.record({
    params: fc
      .tuple(...path.map((p) => arbitraryOf(p.schema)))
      .map((values) => Object.fromEntries(values.map((v, i) => [path[i]?.name ?? '', String(v)]))),
    query: queryOf(route.parameters),
    payload: route.body
      ? fc.oneof(
          { weight: 9, arbitrary: arbitraryOf(route.body).map((body) => JSON.stringify(body) ?? 'null') },
          { weight: 1, arbitrary: fc.constantFrom('{', '[]', '"text"', 'null', '{"a":'.repeat(50)) },
        )
      : fc.constant(undefined),
  });
}

describe('bad input generated from each route’s schema (issue 11)', () => {
  it('finds the routes and their schemas in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(40);
  });

  it('refuses text with a NUL character (PostgreSQL cannot store it) with a 400 naming the field', async () => {
    const token = await tokenFor(t.db, admin, 'full');
    const res = await send(
      t.app,
      { method: 'POST', path: '/api/group/create' },
      {
        token,
        payload: JSON.stringify({ name: 'Night\u0000shift' }),
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      id: 'invalid_input',
      message: 'Text cannot contain the NUL character (U+0000).',
      errors: [{ path: 'name' }],
    });
    const query = await send(
      t.app,
      { method: 'GET', path: '/api/site/search/filtered' },
      { token, query: 'q=a%00b' },
    );
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual([
      { path: 'q', message: 'Text cannot contain the NUL character (U+0000).' },
    ]);
  });

  it(`${RUNS} generated calls per route as an administrator: never a 5xx, never a stack trace`, async () => {
    const statuses = new Map<number, number>();
    for (const route of routes) {
      if (SKIP.has(key(route))) continue;
      // A fresh token per route: a route may end the session it is called with (logout, password change).
      const token = await tokenFor(t.db, admin, 'full');
      await fc.assert(
        fc.asyncProperty(callOf(route), async (c) => {
          const res = await send(t.app, route, { token, ...c });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const call = `${key(route)} ${JSON.stringify(c).slice(0, 300)}`;
          expect(res.statusCode, call).toBeLessThan(500);
          expect(res.body, call).not.toMatch(LEAKS_INTERNALS);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    // The calls reached past validation too: some were accepted, some refused as bad input or unknown ids.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(RUNS / 10);
  }, 900_000);
});
