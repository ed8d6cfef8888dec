import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportSlotsOf } from '../src/http/csv-export.ts';
import { documentedRoutes, type JsonSchema, key, type Route, send } from './attack-support.ts';
import {
  createApiKey,
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  tokenFor,
} from './factories.ts';
import { useTestApp } from './helpers.ts';

/**
 * Issue 11 part 8: every route × every role × another organization's ids → no leak. Organization B has one of
 * everything (a site, a device, a group, people, a dashboard, a ticket, a maintenance window, a report
 * subscription, a troubleshooting job, a chat conversation, an alert), made through the API as B's
 * administrator would; every id of B's rows is then found generically in the database, so a table added
 * tomorrow is covered. Each person of organization A (administrator, user, read-only), and the provider's
 * support staff, call every route with
 * those ids in every id-shaped place (path parameters, `…Id` query parameters and body fields, uuids): the
 * answer must be the one an unknown id gets (same status and error id), must not carry anything of B's, and
 * afterwards none of B's rows may have changed and none of A's may refer to B's.
 */
const t = useTestApp();

/** Answer without a session, or never end: attacked in attack-routes.test.ts. */
const SKIP = new Set(['GET /api/events', 'POST /api/access/logout']);
const MARK = 'Zz9Leak';

/** Calls that answer about another organization by design, each with its reason: `role route`, `*` any role. */
const BY_DESIGN = new Map([
  [
    '* GET /api/organization/username/{name}',
    'public (spec part 7): the id and name of the organization an address signs in with, throttled per client',
  ],
  [
    '* GET /api/dev/outbox/{id}/attachments/{index}',
    "the demo's outbox (DELIVERY=outbox, never beside a non-loopback HOST) shows every message by design",
  ],
  [
    'SUPPORT POST /api/userProfile/impersonate/generate',
    "the provider's support staff act as a customer's people (spec: support access), where the organization allows it",
  ],
  ...[
    'GET /api/chat/conversations/{id}',
    ...['messages', 'read', 'close'].map((a) => `POST /api/chat/conversations/{id}/${a}`),
  ].map((route): [string, string] => [
    `SUPPORT ${route}`,
    "the provider's support staff answer every customer's chat",
  ]),
  ...[
    'GET /api/support/tickets/{id}',
    'GET /api/support/tickets/{id}/messages',
    'POST /api/support/tickets/{id}/messages',
  ].map((route): [string, string] => [
    `SUPPORT ${route}`,
    "the provider's support staff read and answer the tickets every customer sent them (issue 37)",
  ]),
  ...[
    'GET /api/provisioning/organizations/{orgId}/sites',
    'GET /api/provisioning/organizations/{orgId}/devices',
    'POST /api/provisioning/devices',
    'POST /api/provisioning/devices/{id}/secret',
    'DELETE /api/provisioning/devices/{id}/secret',
    'POST /api/provisioning/devices/import',
  ].map((route): [string, string] => [
    `SUPPORT ${route}`,
    "the provider's support staff add every customer's real devices and manage their secrets (issue 36)",
  ]),
]);
const byDesign = (role: string, route: Route) =>
  BY_DESIGN.has(`* ${key(route)}`) || BY_DESIGN.has(`${role} ${key(route)}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i;
/** A value no row has, shaped like `value` (a uuid, a number, an address, a MAC, a word): what "unknown" answers. */
function unknownLike(value: string): string {
  const hex = randomUUID().replaceAll('-', '');
  if (UUID.test(value)) return randomUUID();
  if (/^\d+$/.test(value)) return String(900_000_000 + Number.parseInt(hex.slice(0, 5), 16));
  if (value.includes('@')) return `nobody-${hex.slice(0, 8)}@nowhere.example`;
  if (MAC.test(value)) return `02:${hex.slice(0, 10).match(/../g)?.join(':')}`;
  return `Unknown${hex.slice(0, 8).replace(/\d/g, 'x')}`;
}
const shapeOf = (value: string) => unknownLike(value).replace(/[0-9a-f]/gi, '0');
const ID_FIELD = /(^id$|^ids$|Id$|Ids$)/;

type Org = Awaited<ReturnType<typeof createOrganization>>;
let orgA: Org;
let orgB: Org;
let routes: Route[] = [];
/**
 * Who attacks: A's people, the provider's support staff and (issue 38) A's API keys, each made by A's
 * administrator with a key's role; `key` makes a new key (each key has its own rate limit, so each route is
 * attacked with a fresh one, as each person's with a fresh token).
 */
type Caller = { role: string; user: { id: string }; key?: () => Promise<string> };
let people: Caller[] = [];
/** A caller's credential: a new API key of theirs, or a new session token of the person. */
const credentialOf = async ({ user, key }: Caller) => (key ? key() : tokenFor(t.db, user, 'full'));
/**
 * Routes that answer without a credential (signing in, a password reset's steps…): attacked by the people
 * already; a key adds nothing there but calls that would count against the routes' own throttles.
 */
const openRoutes = new Set<string>();
const attacks = (caller: Caller, route: Route) => !(caller.key && openRoutes.has(key(route)));
let bIds: string[] = [];
let bTexts: string[] = [];
const markers: string[] = [MARK];
/** B's administrator and user, for the references that are not ids (issue 34). */
let bPeople: { admin: Awaited<ReturnType<typeof createUser>>; user: Awaited<ReturnType<typeof createUser>> };

/** Every id of a row of `orgId`'s, found through the organization, its people, sites, devices and groups. */
async function idsOf(orgId: string): Promise<string[]> {
  const { rows: tables } = await t.pool.query<{ table_name: string; columns: string[] }>(
    `select table_name, array_agg(column_name::text) as columns from information_schema.columns
     where table_schema = 'public' group by table_name`,
  );
  const owners: Record<string, string> = {
    organization_id: 'select $1::uuid',
    user_id: 'select id from users where organization_id = $1',
    site_id: 'select id from sites where organization_id = $1',
    device_id: 'select id from devices where organization_id = $1',
    site_group_id: 'select id from site_groups where organization_id = $1',
    conversation_id: 'select id from chat_conversations where organization_id = $1',
  };
  const ids = new Set<string>([orgId]);
  for (const { table_name: table, columns } of tables) {
    if (!columns.includes('id')) continue;
    const via = Object.keys(owners).filter((c) => columns.includes(c));
    if (via.length === 0) continue;
    const where = via.map((c) => `"${c}"::text in (select x::text from (${owners[c]}) o(x))`).join(' or ');
    const { rows } = await t.pool.query<{ id: string }>(`select id::text from "${table}" where ${where}`, [
      orgId,
    ]);
    for (const { id } of rows) ids.add(id);
  }
  return [...ids];
}

/**
 * A digest per table of the rows of an organization (by its ids): what a leaked write would change. Jobs are
 * left out: B's own speed test runs on in the background while A attacks.
 */
async function digestOf(ids: string[]): Promise<Record<string, string>> {
  const { rows: tables } = await t.pool.query<{ table_name: string }>(
    `select distinct table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'id' and table_name <> 'jobs'`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await t.pool.query<{ d: string | null }>(
      `select md5(string_agg(r::text, '|' order by r::text)) as d from "${table}" r where r.id::text = any($1)`,
      [ids],
    );
    if (rows[0]?.d) digest[table] = rows[0].d;
  }
  return digest;
}

beforeAll(async () => {
  routes = await documentedRoutes(t.app);
  for (const route of routes)
    if ((await send(t.app, route, { payload: route.method === 'GET' ? undefined : '{}' })).statusCode !== 401)
      openRoutes.add(key(route));
  const entitlements = ['diagnostics', 'port-control', 'analytics', 'cellular-billing'];
  orgA = await createOrganization(t.db, { entitlements });
  orgB = await createOrganization(t.db, { entitlements, name: `${MARK} Org` });
  people = await Promise.all(
    (['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const).map(async (role) => ({
      role,
      user: await createUser(t.db, orgA, { role }),
    })),
  );
  // The provider's support staff act in a customer's organization only by impersonation: directly, B is closed too.
  const provider = await createOrganization(t.db, { kind: 'provider', emailDomains: [] });
  people.push({ role: 'SUPPORT', user: await createUser(t.db, provider, { role: 'SUPPORT' }) });
  const adminA = people[0]?.user as Awaited<ReturnType<typeof createUser>>;
  for (const role of ['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const)
    people.push({
      role: `API key ${role}`,
      user: adminA,
      key: async () => (await createApiKey(t.db, adminA, { role })).key,
    });
  const siteA = await createSite(t.db, orgA);
  await createDevice(t.db, siteA);

  // Organization B, made as its administrator makes it.
  const adminB = await createUser(t.db, orgB, { role: 'ADMINISTRATOR', contact: { firstName: MARK } });
  const userB = await createUser(t.db, orgB, { role: 'USER', contact: { firstName: MARK } });
  const siteB = await createSite(t.db, orgB, { name: `${MARK} Site`, backOfficeAccountId: '987654' });
  const deviceB = await createDevice(t.db, siteB, {
    macAddress: 'de:ad:be:ef:00:01',
    name: `${MARK} Device`,
  });
  await createGroup(t.db, orgB, [siteB.id], [userB.id]);
  const tokenB = await tokenFor(t.db, adminB, 'full');
  const asB = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const res = await send(
      t.app,
      { method, path },
      { token: tokenB, params: {}, payload: JSON.stringify(body) },
    );
    expect([200, 201], `${method} ${path}: ${res.body}`).toContain(res.statusCode);
    return res.json();
  };
  await asB('POST', '/api/dashboard/save', { name: `${MARK} Dashboard`, shared: true });
  await asB('POST', `/api/device/troubleshooting/ticket/${deviceB.id}`, {
    subject: `${MARK} Ticket`,
    comment: MARK,
  });
  await asB('POST', `/api/device/troubleshooting/wantest/${deviceB.id}`, {});
  await asB('POST', '/api/maintenance', {
    siteIds: [siteB.id],
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 7_200_000).toISOString(),
    reason: `${MARK} window`,
  });
  await asB('POST', '/api/reports/subscriptions', { report: 'sla', frequency: 'weekly' });
  await asB('POST', '/api/chat/conversations', { body: `${MARK} chat` });
  await t.pool.query(
    `insert into alerts (organization_id, site_id, device_id, code, severity, raised_at, last_seen_at)
     values ($1, $2, $3, 'device_offline', 'critical', now(), now())`,
    [orgB.id, siteB.id, deviceB.id],
  );
  bIds = await idsOf(orgB.id);
  bTexts = [adminB.username, siteB.backOfficeAccountId ?? '', deviceB.macAddress, MARK];
  markers.push(adminB.username, userB.username, deviceB.macAddress);
  bPeople = { admin: adminB, user: userB };
});

/** The error's id of a refusal (undefined for a success). */
const errorIdOf = (status: number, body: string): unknown => {
  if (status < 400) return undefined;
  try {
    return (JSON.parse(body) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
};

/** Which fields a value goes in: by their name and schema (id-shaped fields by default). */
type Slot = (name: string, schema: JsonSchema) => boolean;
const idSlot: Slot = (name, schema) => ID_FIELD.test(name) || schema.format === 'uuid';

/** Whether a schema has a field of the slot anywhere inside. */
const holdsIds = (schema: JsonSchema, slot: Slot = idSlot): boolean =>
  slot('', schema) ||
  Object.entries(schema.properties ?? {}).some(([field, s]) => slot(field, s) || holdsIds(s, slot)) ||
  (schema.items ? holdsIds(schema.items, slot) : false) ||
  (schema.anyOf ?? schema.oneOf ?? []).some((o) => holdsIds(o, slot));

/** The smallest body the schema accepts, with `value` in every field of the slot (id-shaped by default). */
function bodyWith(schema: JsonSchema, value: string, name = '', slot: Slot = idSlot): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length)
    return bodyWith(options.find((o) => o.type !== 'null') ?? options[0] ?? {}, value, name, slot);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const idShaped = slot(name, schema);
  if (type === 'array') {
    const item = bodyWith(schema.items ?? {}, value, name, slot);
    return idShaped || slot(name, {}) ? [item] : Array.from({ length: schema.minItems ?? 0 }, () => item);
  }
  if (idShaped && (type === 'string' || type === undefined)) return value;
  if (schema.enum?.length) return schema.enum[0];
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([field, s]) => required.has(field) || slot(field, {}) || holdsIds(s, slot))
          .map(([field, s]) => [field, bodyWith(s, value, field, slot)]),
      );
    }
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date-time' || /At$|^end|^start/.test(name))
        return new Date(Date.now() + (/^end|endsAt/.test(name) ? 7_200_000 : 3_600_000)).toISOString();
      return 'Tenancy check'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return {};
  }
}

type Place = (value: string) => { params?: Record<string, string>; query?: string; payload?: string };

/** The places of a route of the slot (id-shaped by default), each a way to put a value there. */
function placesOf(route: Route, slot: Slot = idSlot): Place[] {
  const places: Place[] = [];
  const path = route.parameters.filter((p) => p.in === 'path');
  if (slot === idSlot) {
    if (path.length)
      places.push((value) => ({ params: Object.fromEntries(path.map((p) => [p.name, value])) }));
  } else
    for (const p of path.filter((p) => slot(p.name, p.schema)))
      places.push((value) => ({ params: { [p.name]: value } }));
  const query = route.parameters.filter((p) => p.in === 'query' && slot(p.name, p.schema));
  for (const p of query)
    places.push((value) => ({ query: new URLSearchParams({ [p.name]: value }).toString() }));
  const body = route.body;
  const bodyPlace =
    slot === idSlot
      ? JSON.stringify(body ?? {}).includes('"format":"uuid"') ||
        Object.keys(body?.properties ?? {}).some((f) => ID_FIELD.test(f))
      : body !== undefined && holdsIds(body, slot);
  if (body && bodyPlace)
    places.push((value) => ({ payload: JSON.stringify(bodyWith(body ?? {}, value, '', slot)) }));
  return places;
}

describe("another organization's ids (issue 11)", () => {
  it('organization B has rows of every kind, found generically', () => {
    // Organization, people, site, device, group, dashboard, ticket, job, maintenance window, subscription, chat, alert.
    expect(bIds.length).toBeGreaterThanOrEqual(13);
  });

  it('answer as an unknown id would, show nothing of B, and change nothing of B’s, for every role', async () => {
    const before = await digestOf(bIds);
    const leaks: string[] = [];
    let calls = 0;
    for (const route of routes) {
      if (SKIP.has(key(route))) continue;
      for (const place of placesOf(route)) {
        for (const caller of people) {
          const { role } = caller;
          if (byDesign(role, route) || !attacks(caller, route)) continue;
          const token = await credentialOf(caller);
          // What an unknown value of each shape answers, asked once per shape.
          const controls = new Map<string, Awaited<ReturnType<typeof send>>>();
          for (const value of [...bIds, ...bTexts]) {
            const shape = shapeOf(value);
            if (!controls.has(shape))
              controls.set(
                shape,
                await send(t.app, route, { token, params: {}, ...place(unknownLike(value)) }),
              );
            const control = controls.get(shape) as Awaited<ReturnType<typeof send>>;
            const call = place(value);
            const res = await send(t.app, route, { token, params: {}, ...call });
            calls++;
            const where = `${role} ${key(route)} ${JSON.stringify(call).slice(0, 160)}`;
            if (
              res.statusCode !== control.statusCode ||
              errorIdOf(res.statusCode, res.body) !== errorIdOf(control.statusCode, control.body)
            )
              leaks.push(
                `${where}: ${res.statusCode} ${res.body.slice(0, 120)} (unknown id: ${control.statusCode} ${control.body.slice(0, 80)})`,
              );
            else if (markers.some((m) => res.body.includes(m)))
              leaks.push(`${where}: shows B's data: ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(5_000);
    expect(await digestOf(bIds)).toEqual(before);
    // None of A's rows (made or changed by those calls) refers to one of B's.
    const aIds = await idsOf(orgA.id);
    const { rows: tables } = await t.pool.query<{ table_name: string }>(
      `select distinct table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const mixed: string[] = [];
    for (const { table_name: table } of tables) {
      const { rows } = await t.pool.query<{ r: string }>(
        `select r::text as r from "${table}" r where r::text ~ $1 and r::text ~ $2 limit 3`,
        // uuids only: a serial id ("3") would match any row.
        [aIds.filter((id) => UUID.test(id)).join('|'), bIds.filter((id) => UUID.test(id)).join('|')],
      );
      for (const { r } of rows) mixed.push(`${table}: ${r.slice(0, 200)}`);
    }
    expect(mixed).toEqual([]);
  }, 900_000);
});

/**
 * Issue 34: site groups route by route inside one organization. A USER and a READ_ONLY person restricted to
 * group G1 call every route with G2's objects (its site, device, alert, ticket, diagnostic job, maintenance
 * window, the group itself) in every id-shaped place, and with G2's texts (MAC, account, name) as path values
 * and free-text searches: each answer must be the one an unknown value gets, and show nothing of G2's. Every
 * list shows nothing of G2's; afterwards none of G2's rows has changed and none of the restricted people's rows
 * refers to G2's.
 */
describe('another site group of the same organization (issue 34)', () => {
  const G_MARK = 'Qq7Group';
  let restricted: Caller[] = [];
  let gIds: string[] = [];
  let gTexts: string[] = [];
  let gMarkers: string[] = [];
  /** Path values by parameter name, for routes that take G2's texts rather than ids. */
  let named: Record<string, string> = {};
  let g2Site: Awaited<ReturnType<typeof createSite>>;

  /** Calls that answer the same to anyone of the organization by design, each with its reason. */
  const GROUP_BY_DESIGN = new Map([
    [
      'GET /api/dev/outbox/{id}/attachments/{index}',
      "the demo's outbox (DELIVERY=outbox, never beside a non-loopback HOST) shows every message by design",
    ],
  ]);

  beforeAll(async () => {
    const org = orgA;
    const siteG1 = await createSite(t.db, org);
    await createDevice(t.db, siteG1);
    const siteG2 = await createSite(t.db, org, { name: `${G_MARK} Site`, backOfficeAccountId: '876543' });
    const deviceG2 = await createDevice(t.db, siteG2, {
      macAddress: 'de:ad:be:ef:00:02',
      name: `${G_MARK} Device`,
    });
    restricted = await Promise.all(
      (['USER', 'READ_ONLY'] as const).map(async (role) => ({
        role,
        user: await createUser(t.db, org, { role }),
      })),
    );
    const g1 = await createGroup(
      t.db,
      org,
      [siteG1.id],
      restricted.map((p) => p.user.id),
    );
    // Issue 38: API keys limited to G1, made by the organization's administrator (who sees G2).
    const maker = people.find((p) => p.role === 'ADMINISTRATOR')?.user as Awaited<
      ReturnType<typeof createUser>
    >;
    for (const role of ['USER', 'READ_ONLY'] as const)
      restricted.push({
        role: `API key ${role}`,
        user: maker,
        key: async () => (await createApiKey(t.db, maker, { role, groupIds: [g1.id] })).key,
      });
    const g2 = await createGroup(t.db, org, [siteG2.id]);
    await t.pool.query('update site_groups set name = $1 where id = $2', [`${G_MARK} Group`, g2.id]);

    // G2's objects, made as the organization's administrator makes them.
    const admin = people.find((p) => p.role === 'ADMINISTRATOR')?.user as Parameters<typeof tokenFor>[1];
    const token = await tokenFor(t.db, admin, 'full');
    const asAdmin = async (method: 'POST', path: string, body: unknown) => {
      const res = await send(t.app, { method, path }, { token, params: {}, payload: JSON.stringify(body) });
      expect([200, 201], `${method} ${path}: ${res.body}`).toContain(res.statusCode);
      return res.json() as { id?: string };
    };
    await asAdmin('POST', `/api/device/troubleshooting/ticket/${deviceG2.id}`, {
      subject: `${G_MARK} Ticket`,
      comment: G_MARK,
    });
    await asAdmin('POST', `/api/device/troubleshooting/wantest/${deviceG2.id}`, {});
    const window = await asAdmin('POST', '/api/maintenance', {
      siteIds: [siteG2.id],
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      reason: `${G_MARK} window`,
    });
    // A window over both groups' sites (G2 by its group): G1's people see it with G1's site only, and may not
    // end it, which would end G2's maintenance too (its id is G2's below).
    const both = await asAdmin('POST', '/api/maintenance', {
      siteIds: [siteG1.id],
      groupId: g2.id,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      reason: 'Both groups',
    });
    await t.pool.query(
      `insert into alerts (organization_id, site_id, device_id, code, severity, raised_at, last_seen_at)
       values ($1, $2, $3, 'device_offline', 'critical', now(), now())`,
      [org.id, siteG2.id, deviceG2.id],
    );
    // Every row of G2's site and device, found generically (a table added tomorrow is covered), and the group.
    const { rows: tables } = await t.pool.query<{ table_name: string; columns: string[] }>(
      `select table_name, array_agg(column_name::text) as columns from information_schema.columns
       where table_schema = 'public' group by table_name`,
    );
    const ids = new Set([
      g2.id,
      siteG2.id,
      deviceG2.id,
      ...[window.id, both.id].filter((id) => id !== undefined),
    ]);
    for (const { table_name: table, columns } of tables) {
      if (!columns.includes('id') || table === 'audit_log') continue;
      const via = ['site_id', 'device_id'].filter((c) => columns.includes(c));
      if (via.length === 0) continue;
      const { rows } = await t.pool.query<{ id: string }>(
        `select id::text from "${table}" where ${via.map((c) => `"${c}"::text = any($1)`).join(' or ')}`,
        [[siteG2.id, deviceG2.id]],
      );
      for (const { id } of rows) ids.add(id);
    }
    gIds = [...ids];
    gTexts = [siteG2.backOfficeAccountId ?? '', deviceG2.macAddress, G_MARK];
    gMarkers = [G_MARK, deviceG2.macAddress, siteG2.backOfficeAccountId ?? ''];
    named = { accountId: siteG2.backOfficeAccountId ?? '', mac: deviceG2.macAddress };
    g2Site = siteG2;
  });

  it('G2 has rows of every kind (site, device, alert, ticket, job, maintenance window, group)', () => {
    expect(gIds.length).toBeGreaterThanOrEqual(7);
  });

  it("answer as an unknown value would, show nothing of G2's and change nothing of G2's, for a restricted USER and READ_ONLY", async () => {
    const before = await digestOf(gIds);
    const leaks: string[] = [];
    let calls = 0;
    // Both people at once (in-process calls wait on the database, not on each other).
    const attack = async (caller: Caller) => {
      const { role, user } = caller;
      let token = '';
      // Some calls end the caller's own sessions (a password change closes every older token; same-second ones
      // survive, so only a slow run sees it): a 401 is asked again once with a fresh credential.
      const sendAs = async (route: Route, call: Parameters<typeof send>[2]) => {
        const res = await send(t.app, route, { ...call, token });
        if (res.statusCode !== 401) return res;
        token = await credentialOf(caller);
        return send(t.app, route, { ...call, token });
      };
      const check = async (
        route: Route,
        call: { params?: Record<string, string>; query?: string; payload?: string },
        control: Awaited<ReturnType<typeof send>>,
      ) => {
        const res = await sendAs(route, { params: {}, ...call });
        calls++;
        const where = `${role} ${key(route)} ${JSON.stringify(call).slice(0, 160)}`;
        if (
          res.statusCode !== control.statusCode ||
          errorIdOf(res.statusCode, res.body) !== errorIdOf(control.statusCode, control.body)
        )
          leaks.push(
            `${where}: ${res.statusCode} ${res.body.slice(0, 120)} (unknown: ${control.statusCode} ${control.body.slice(0, 80)})`,
          );
        else if (gMarkers.some((m) => res.body.includes(m)))
          leaks.push(`${where}: shows G2's data: ${res.body.slice(0, 160)}`);
      };
      for (const route of routes) {
        if (SKIP.has(key(route)) || GROUP_BY_DESIGN.has(key(route)) || !attacks(caller, route)) continue;
        token = await credentialOf(caller);
        // Lists: nothing of G2's, whatever the route's defaults.
        if (route.method === 'GET' && !route.path.includes('{')) {
          const res = await sendAs(route, { params: {} });
          calls++;
          if (gMarkers.some((m) => res.body.includes(m)))
            leaks.push(`${role} ${key(route)} (list): shows G2's data: ${res.body.slice(0, 160)}`);
        }
        // Free text: G2's texts find nothing.
        if (route.parameters.some((p) => p.in === 'query' && p.name === 'q'))
          for (const text of gTexts) {
            const control = await sendAs(route, { params: {}, query: `q=${unknownLike(text)}` });
            await check(route, { query: new URLSearchParams({ q: text }).toString() }, control);
          }
        // Path parameters that take G2's texts by name (an account and a MAC).
        const path = route.parameters.filter((p) => p.in === 'path');
        if (path.length && path.every((p) => named[p.name] !== undefined)) {
          const params = Object.fromEntries(path.map((p) => [p.name, named[p.name] ?? '']));
          const unknown = Object.fromEntries(path.map((p) => [p.name, unknownLike(named[p.name] ?? '')]));
          await check(route, { params }, await sendAs(route, { params: unknown }));
        }
        // A route of several path values: G2's id in one, the others what the caller may use (their own id).
        const own: Record<string, string> = { userId: user.id, trx: '1', transactionId: '1', index: '0' };
        const onePlace =
          (name: string): Place =>
          (value) => ({
            params: Object.fromEntries(
              path.map((p) => [p.name, p.name === name ? value : (own[p.name] ?? value)]),
            ),
          });
        const places = [
          ...placesOf(route),
          ...(path.length > 1
            ? path.filter((p) => own[p.name] === undefined).map((p) => onePlace(p.name))
            : []),
        ];
        for (const place of places) {
          const controls = new Map<string, Awaited<ReturnType<typeof send>>>();
          // G2's texts go where texts go (free text, named path values above); ids go in every id-shaped place.
          for (const value of gIds) {
            const shape = shapeOf(value);
            if (!controls.has(shape))
              controls.set(shape, await sendAs(route, { params: {}, ...place(unknownLike(value)) }));
            await check(route, place(value), controls.get(shape) as Awaited<ReturnType<typeof send>>);
          }
        }
      }
    };
    await Promise.all(restricted.map(attack));
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(1_000);
    expect(await digestOf(gIds)).toEqual(before);
    // None of the restricted people's rows (made or changed by those calls) refers to one of G2's.
    const { rows: tables } = await t.pool.query<{ table_name: string }>(
      `select distinct table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'user_id'`,
    );
    const mixed: string[] = [];
    for (const { table_name: table } of tables) {
      const { rows } = await t.pool.query<{ r: string }>(
        `select r::text as r from "${table}" r where r.user_id::text = any($1) and r::text ~ $2 limit 3`,
        // The keys' rows name their maker, the administrator, who sees G2: the people's rows are checked.
        [
          restricted.filter((p) => !p.key).map((p) => p.user.id),
          gIds.filter((id) => UUID.test(id)).join('|'),
        ],
      );
      for (const { r } of rows) mixed.push(`${table}: ${r.slice(0, 200)}`);
    }
    expect(mixed).toEqual([]);
  }, 900_000);

  it('every answer without a path value (lists, counts, maps, summaries) is the same whatever happens in G2', async () => {
    // Answers that differ on every call by design, each with its reason.
    const VOLATILE = new Map([
      [
        'GET /api/userProfile/intercomjwt',
        "the caller's own identity for the chat widget, signed with its times",
      ],
      ...['sla', 'online-analytics', 'cellular-billing'].map((report): [string, string] => [
        `GET /api/reports/${report}/export.pdf`,
        'a PDF carries its creation time; its rows are the JSON and CSV answers’, compared here',
      ]),
    ]);
    const lists = routes.filter(
      (r) =>
        r.method === 'GET' &&
        !r.path.includes('{') &&
        !SKIP.has(key(r)) &&
        !GROUP_BY_DESIGN.has(key(r)) &&
        !VOLATILE.has(key(r)),
    );
    const tokens = await Promise.all(restricted.map(credentialOf));
    // Times change from one call to the next; counts and rows must not.
    const normal = (body: string) =>
      body.replace(/\d{4}-\d{2}-\d{2}[T ][\d:.]+(Z|[+-]\d{2}(:?\d{2})?)?/g, 'T');
    const snapshot = async () => {
      const answers: Record<string, string> = {};
      for (const [i, token] of tokens.entries())
        for (const route of lists) {
          const res = await send(t.app, route, { token, params: {} });
          answers[`${restricted[i]?.role} ${key(route)}`] = `${res.statusCode} ${normal(res.body)}`;
        }
      return answers;
    };
    const before = await snapshot();
    // G2 changes: a device goes offline, another device and a site join, a new alert is raised.
    await t.pool.query("update devices set status = 'offline' where site_id = $1", [g2Site.id]);
    await createDevice(t.db, g2Site, { status: 'error' });
    const more = await createSite(t.db, orgA);
    await createDevice(t.db, more, { status: 'offline' });
    await t.pool.query(
      'insert into site_group_sites (site_group_id, site_id) select site_group_id, $2 from site_group_sites where site_id = $1',
      [g2Site.id, more.id],
    );
    await t.pool.query(
      `insert into alerts (organization_id, site_id, code, severity, raised_at, last_seen_at)
       values ($1, $2, 'site_offline', 'major', now(), now())`,
      [orgA.id, more.id],
    );
    const after = await snapshot();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(changed.map((k) => `${k}: ${before[k]?.slice(0, 200)} → ${after[k]?.slice(0, 200)}`)).toEqual([]);
  }, 300_000);
});

/**
 * Issue 34: another organization's references that are not ids. Every route that takes an email (a field
 * or parameter named so, or free text: `q`, the activity log's `person`), given the address of one of B's
 * people (active, and invited but not yet signed in), and every route that takes a token or an access code,
 * given B's invitation link token or a support access code for one of B's people: called by each person of
 * A, the answer must be the one an unknown address or token gets and show nothing of B's, and nothing of B's
 * may change. Routes that answer without a session take no tenant's side (attacked in
 * attack-routes.test.ts): there the token is the credential of the one it was sent to.
 */
describe("another organization's emails, invitation tokens and access codes (issue 34)", () => {
  /** Calls that answer about another organization's reference by design, each with its reason. */
  const REFERENCE_BY_DESIGN = new Map([
    [
      '* POST /api/userProfile/user',
      "409 'A user with this email address already exists.' (spec): a sign-in email is one account across organizations",
    ],
    [
      'SUPPORT GET /api/support/people',
      "the provider's support staff find any customer's person (support access)",
    ],
    ['SUPPORT GET /api/chat/conversations', "the provider's support staff answer every customer's chat"],
  ]);
  const emailSlot: Slot = (name, schema) =>
    /email|username/i.test(name) || schema.format === 'email' || ['q', 'person'].includes(name);
  const tokenSlot: Slot = (name) => /token|accessCode/i.test(name);
  let emails: string[] = [];
  let tokens: { value: string; unknown: () => string }[] = [];
  const protectedRoutes: Route[] = [];

  beforeAll(async () => {
    const adminToken = await tokenFor(t.db, bPeople.admin, 'full');
    const invitee = `invited-${randomUUID().slice(0, 8)}@${orgB.emailDomains[0]}`;
    const invited = await send(
      t.app,
      { method: 'POST', path: '/api/userProfile/user' },
      {
        token: adminToken,
        params: {},
        payload: JSON.stringify({ email: invitee, firstName: MARK, lastName: 'Invitee', role: 'USER' }),
      },
    );
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const { rows } = await t.pool.query<{ body: string }>(
      'select body from outbox_messages where "to" = $1 order by created_at desc limit 1',
      [invitee],
    );
    const invitation = /\/accept-invitation#([A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? '')?.[1];
    expect(invitation).toBeDefined();
    const support = people.find((p) => p.role === 'SUPPORT')?.user as Parameters<typeof tokenFor>[1];
    const generated = await send(
      t.app,
      { method: 'POST', path: '/api/userProfile/impersonate/generate' },
      {
        token: await tokenFor(t.db, support, 'full'),
        params: {},
        payload: JSON.stringify({ userId: bPeople.user.id }),
      },
    );
    expect(generated.statusCode, generated.body).toBe(200);
    const accessCode = (generated.json() as { accessCode: string }).accessCode;
    emails = [bPeople.admin.username, bPeople.user.username, invitee];
    markers.push(invitee);
    tokens = [
      {
        value: invitation ?? '',
        unknown: () => randomUUID().replaceAll('-', '') + randomBytes(32).toString('base64url'),
      },
      // The same code with another signature: well formed, not one the API issued.
      {
        value: accessCode,
        unknown: () =>
          `${accessCode.slice(0, accessCode.lastIndexOf('.'))}.${randomBytes(32).toString('base64url')}`,
      },
    ];
    for (const route of routes)
      if (!SKIP.has(key(route)) && (await send(t.app, route, {})).statusCode === 401)
        protectedRoutes.push(route);
  });

  it('answer as an unknown address or token would, show nothing of B and change nothing of B’s, for every role', async () => {
    const before = await digestOf(bIds);
    const bRows = (await idsOf(orgB.id)).sort();
    const mailsToB = async () =>
      (await t.pool.query('select count(*)::int as n from outbox_messages where "to" = any($1)', [emails]))
        .rows[0]?.n as number;
    const mailed = await mailsToB();
    const leaks: string[] = [];
    let calls = 0;
    /**
     * A call, sent again while it is refused for the process's export slots (several people attack at once and
     * CSV downloads run at most three at a time): only the answer about the value compares. Before another try
     * it waits its turn for a slot (the slots' own queue: the turn comes when a download gives its slot back)
     * and hands it straight back, so the retry comes when a slot was just free, not after a guessed delay.
     */
    const slots = exportSlotsOf(t.db);
    const sendWhenFree = async (...[route, options]: [Route, Parameters<typeof send>[2]]) => {
      for (let attempt = 0; ; attempt++) {
        const res = await send(t.app, route, options);
        if (res.statusCode !== 429 || !res.body.includes('exports_busy') || attempt >= 50) return res;
        (await slots.take())();
      }
    };
    const attack = async (caller: Caller) => {
      const { role } = caller;
      for (const route of protectedRoutes) {
        if (!attacks(caller, route)) continue;
        const token = await credentialOf(caller);
        const byDesign =
          REFERENCE_BY_DESIGN.has(`* ${key(route)}`) || REFERENCE_BY_DESIGN.has(`${role} ${key(route)}`);
        const cases = [
          ...placesOf(route, emailSlot).flatMap((place) =>
            emails.map((value) => ({ place, value, unknown: unknownLike(value) })),
          ),
          ...placesOf(route, tokenSlot).flatMap((place) =>
            tokens.map(({ value, unknown }) => ({ place, value, unknown: unknown() })),
          ),
        ];
        // A list of the organization's people asks which organization: the caller's own.
        const own = route.parameters.some((p) => p.in === 'query' && p.name === 'organizationId')
          ? `organizationId=${orgA.id}`
          : '';
        const withOwn =
          (place: Place): Place =>
          (value) => {
            const call = place(value);
            return { ...call, query: [call.query, own].filter(Boolean).join('&') };
          };
        for (const { place, value, unknown } of cases.map((c) => ({ ...c, place: withOwn(c.place) }))) {
          // Answering about B is by design here; writing to B is not (checked below).
          if (byDesign) {
            await send(t.app, route, { token, params: {}, ...place(value) });
            continue;
          }
          const control = await sendWhenFree(route, { token, params: {}, ...place(unknown) });
          const res = await sendWhenFree(route, { token, params: {}, ...place(value) });
          calls++;
          const where = `${role} ${key(route)} ${JSON.stringify(place(value)).slice(0, 160)}`;
          if (
            res.statusCode !== control.statusCode ||
            errorIdOf(res.statusCode, res.body) !== errorIdOf(control.statusCode, control.body)
          )
            leaks.push(
              `${where}: ${res.statusCode} ${res.body.slice(0, 120)} (unknown: ${control.statusCode} ${control.body.slice(0, 80)})`,
            );
          // The value sent may come back (one's own contact address, a saved search): nothing else of B's may.
          else if (markers.some((m) => m !== value && res.body.includes(m)))
            leaks.push(`${where}: shows B's data: ${res.body.slice(0, 160)}`);
        }
      }
    };
    await Promise.all(people.map(attack));
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(50);
    expect(await digestOf(bIds)).toEqual(before);
    // No row of B's was added (an invitation, a code), and no email went to B's people.
    expect((await idsOf(orgB.id)).sort()).toEqual(bRows);
    expect(await mailsToB()).toBe(mailed);
  }, 300_000);

  it("B's invitation token and access code are no session: every protected route answers 401", async () => {
    for (const { value } of tokens)
      for (const route of protectedRoutes)
        expect((await send(t.app, route, { token: value })).statusCode, key(route)).toBe(401);
  });
});
