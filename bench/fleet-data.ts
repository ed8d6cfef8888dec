/**
 * Bulk generation of a large fleet with INSERT … SELECT generate_series: one statement for the sites and
 * one for the devices of an organization, everything computed by PostgreSQL (no rows cross the wire).
 * Deterministic: every "random" choice is a hash of the row number.
 */
import type pg from 'pg';
import { AP_MODELS, EDGE_MODELS, type Model, SWITCH_MODELS } from '../apps/api/src/fleet/seed-fleet.ts';
import { FLEET_CITIES } from '../apps/api/src/geocoding/us-places.ts';

// The same real-style models as the demo fleet.
const EDGE = EDGE_MODELS;
const LAN = [...AP_MODELS, ...SWITCH_MODELS];
const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Commerce Blvd', 'Market St', 'Park Ave', 'Elm St'];
const AREAS = ['North', 'South', 'East', 'West', 'Downtown', 'Midtown', 'Uptown', 'Riverside', 'Airport'];
const HOLDERS = ['Northwind Retail LLC', 'Contoso Foods Inc.', 'Fabrikam Stores', 'Tailspin Fuel Co.'];

export type FleetSpec = {
  organizationId: string;
  /** Namespaces the deterministic site ids (md5(prefix || i)::uuid) and the MACs. */
  prefix: string;
  label: string;
  sites: number;
  devices: number;
  /** Added to the device number in its MAC (3 bytes after the OUI), keeping MACs unique across fleets. */
  macOffset: number;
};

/** An integer in [0, mod) from a hash of the row number and a salt. */
const h = (expr: string, salt: number, mod: number) =>
  `(((hashint4((${expr})::int + ${salt})::bigint + 2147483648) % ${mod})::int)`;

export const STATUS_MIX =
  '85% online, 6% offline, 4% onbackup, 3% pending, 1% rebooting, 1% error/uninstalled/unknown';

/** Status per mille: 850 online, 60 offline, 40 onbackup, 30 pending, 10 rebooting, 10 other. */
const statusCase = (r: string) => `case
  when ${r} < 850 then 'online' when ${r} < 910 then 'offline' when ${r} < 950 then 'onbackup'
  when ${r} < 980 then 'pending' when ${r} < 990 then 'rebooting' when ${r} < 995 then 'error'
  when ${r} < 998 then 'uninstalled' else 'unknown' end`;

export async function insertFleet(client: pg.ClientBase, spec: FleetSpec): Promise<void> {
  const c = FLEET_CITIES;
  await client.query(
    `insert into sites (id, organization_id, name, alias, back_office_account_id, account_holders, street,
       city, state, zip, country, latitude, longitude, contacts)
     select md5($2::text || i)::uuid, $1::uuid,
       $3::text || ' ' || c.city || ' ' || ($5::text[])[1 + ${h('i', 11, AREAS.length)}] || ' ' || (1 + i / ${c.length}),
       upper($2::text) || '-' || lpad(i::text, 6, '0'),
       (1000000 + i * 7 + ${h('i', 12, 7)})::text,
       jsonb_build_array(jsonb_build_object('name', ($7::text[])[1 + ${h('i', 13, HOLDERS.length)}])),
       (100 + ${h('i', 14, 9800)})::text || ' ' || ($6::text[])[1 + ${h('i', 15, STREETS.length)}],
       c.city, c.state, c.zip, 'US',
       c.lat + (${h('i', 16, 1000)} - 500) / 8000.0, c.lng + (${h('i', 17, 1000)} - 500) / 8000.0,
       jsonb_build_array(jsonb_build_object('name', 'Site Manager ' || i, 'phone', '+12025550100',
         'email', null, 'role', 'Site manager'))
     from generate_series(0, $4::int - 1) i
     join unnest($8::text[], $9::text[], $10::text[], $11::float8[], $12::float8[])
       with ordinality as c(city, state, zip, lat, lng, ord) on c.ord = 1 + ${h('i', 10, c.length)}
`,
    [
      spec.organizationId,
      spec.prefix,
      spec.label,
      spec.sites,
      AREAS,
      STREETS,
      HOLDERS,
      c.map((p) => p.city),
      c.map((p) => p.state),
      c.map((p) => p.zip),
      c.map((p) => p.lat),
      c.map((p) => p.lng),
    ],
  );

  // Device n belongs to site n % sites: devices 0..sites-1 are the sites' edge devices (firewall or 5G),
  // the rest access points and switches (100k over 30k sites: 1 edge + 2–3 LAN devices per site).
  const models = (list: readonly Model[], edge: boolean) => list.map((m) => ({ ...m, edge }));
  const all = [...models(EDGE, true), ...models(LAN, false)];
  await client.query(
    `with m as (
       select m.*, (select jsonb_agg(jsonb_build_object('id', p, 'systemNumber', p,
           'type', case when m.edge and p = 1 then 'WAN' else 'LAN' end) order by p)
         from generate_series(1, m.ports) p) as port_mapping
       from unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::bool[])
         with ordinality as m(kind, manufacturer, model, oui, ports, edge, ord)
     ),
     d as (
       select n, n < $3::int as edge, ${statusCase(h('n', 21, 1000))} as status,
         1 + case when n < $3::int then ${h('n', 22, EDGE.length)}
                  else ${EDGE.length} + ${h('n', 23, LAN.length)} end as model_ord,
         lpad(to_hex(n + $11::int), 6, '0') as hex
       from generate_series(0, $4::int - 1) n
     )
     insert into devices (site_id, organization_id, kind, manufacturer, model, mac_address, status, connection,
       last_update, last_boot, modem_signal_statistics, port_mapping, vlans, config_versions)
     select md5($2::text || (d.n % $3::int))::uuid, $1::uuid, m.kind, m.manufacturer, m.model,
       m.oui || ':' || substr(d.hex, 1, 2) || ':' || substr(d.hex, 3, 2) || ':' || substr(d.hex, 5, 2),
       d.status,
       case when not d.edge then 'none' when d.status = 'online' then 'primary'
            when d.status = 'onbackup' then 'secondary' else 'none' end,
       case when d.status in ('pending', 'uninstalled') then null
            when d.status in ('offline', 'rebooting') then now() - make_interval(mins => 8 + ${h('n', 24, 600)})
            else now() - make_interval(secs => ${h('n', 25, 240)}) end,
       case when d.status in ('pending', 'uninstalled') then null
            else now() - make_interval(mins => 3 + ${h('n', 26, 60 * 24 * 45)}) end,
       case when m.kind = '5g' then jsonb_build_array(jsonb_build_object('linkStatus', 'connected',
              'serviceType', 'LTE', 'rsrp', -70 - ${h('n', 27, 48)}, 'rsrq', -5 - ${h('n', 28, 13)},
              'sinr', ${h('n', 29, 30)} - 3, 'rssi', -55 - ${h('n', 30, 43)}))
            else '[]'::jsonb end,
       m.port_mapping,
       case when d.edge then jsonb_build_array(
              jsonb_build_object('id', 1, 'name', 'Corporate', 'subnet', '10.0.0.0/26'),
              jsonb_build_object('id', 20, 'name', 'POS', 'subnet', '10.0.0.64/26'),
              jsonb_build_object('id', 30, 'name', 'Guest', 'subnet', '10.0.0.128/26'))
            else '[]'::jsonb end,
       case when d.edge then jsonb_build_array(jsonb_build_object('versionName', 'baseline-1',
              'internalChange', false, 'at', '2026-01-01T00:00:00.000Z'))
            else '[]'::jsonb end
     from d join m on m.ord = d.model_ord`,
    [
      spec.organizationId,
      spec.prefix,
      spec.sites,
      spec.devices,
      all.map((m) => m.kind),
      all.map((m) => m.manufacturer),
      all.map((m) => m.model),
      all.map((m) => m.oui),
      all.map((m) => m.ports),
      all.map((m) => m.edge),
      spec.macOffset,
    ],
  );
}

/** A MAC fragment as a user types it: the last two bytes of some device of the big fleet. */
export function partialMac(deviceNumber: number, macOffset: number): string {
  const hex = (deviceNumber + macOffset).toString(16).padStart(6, '0');
  return `${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

export const CITY_NAMES = FLEET_CITIES.map((p) => p.city);

/** Where organization A's MAC addresses start (B's start at 0, so the two never collide). */
export const MAC_OFFSET_A = 0x10000;

/**
 * The benches' two organizations' fleets: A with `sites` and `devices` (the fleet under test), B with 60 sites
 * and 200 devices (to catch a broken scope filter).
 */
export async function insertBenchFleets(
  client: pg.ClientBase,
  fleets: { orgA: string; orgB: string; sites: number; devices: number },
): Promise<void> {
  const { orgA, orgB, sites, devices } = fleets;
  await insertFleet(client, {
    organizationId: orgA,
    prefix: 'a',
    label: 'Store',
    sites,
    devices,
    macOffset: MAC_OFFSET_A,
  });
  await insertFleet(client, {
    organizationId: orgB,
    prefix: 'b',
    label: 'Store',
    sites: 60,
    devices: 200,
    macOffset: 0,
  });
}
