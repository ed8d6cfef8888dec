import type { ConfigVersion, ModemSignal, PortMapping, SiteContact, Vlan } from '../db/schema.ts';
import { FLEET_CITIES } from '../geocoding/us-places.ts';

import { between, mulberry32, pick, type Rng } from './simulator/random.ts';

export { mulberry32 };

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Commerce Blvd',
  'Market St',
  'Park Ave',
  'Lakeview Rd',
  'Elm St',
  'Washington Ave',
  'Cedar Ln',
  'Industrial Pkwy',
  'Broadway',
  'Highland Ave',
  'Pine St',
  'River Rd',
];
const NEIGHBOURHOODS = [
  'North',
  'South',
  'East',
  'West',
  'Downtown',
  'Midtown',
  'Uptown',
  'Riverside',
  'Airport',
  'Westgate',
  'Eastside',
  'Lakeside',
  'Hillcrest',
  'Crossroads',
  'University',
];
const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Daniel',
  'Sofia',
  'Wei',
  'Olivia',
  'Marcus',
  'Priya',
  'Ethan',
  'Lucia',
  'Noah',
  'Grace',
  'Diego',
  'Hannah',
  'Samuel',
  'Chloe',
  'Omar',
  'Emma',
  'Luis',
];
const LAST = [
  'Garcia',
  'Smith',
  'Johnson',
  'Nguyen',
  'Patel',
  'Brown',
  'Lopez',
  'Kim',
  'Davis',
  'Martinez',
  'Wilson',
  'Chen',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Lee',
  'Harris',
  'Clark',
  'Lewis',
];

/** A real-style device model of the demo fleet (also the benchmark's fleet). */
export type Model = {
  kind: 'firewall' | '5g' | 'access-point' | 'switch';
  manufacturer: string;
  model: string;
  oui: string;
  ports: number;
};
export const EDGE_MODELS: readonly Model[] = [
  { kind: 'firewall', manufacturer: 'Fortinet', model: 'FortiGate 60F', oui: '04:d5:90', ports: 10 },
  { kind: 'firewall', manufacturer: 'Cisco Meraki', model: 'MX68', oui: 'e0:55:3d', ports: 12 },
  { kind: 'firewall', manufacturer: 'SonicWall', model: 'TZ370', oui: '00:17:c5', ports: 8 },
  { kind: '5g', manufacturer: 'Cradlepoint', model: 'E300', oui: '00:30:44', ports: 5 },
  { kind: '5g', manufacturer: 'Inseego', model: 'FX3100', oui: '00:15:ff', ports: 2 },
];
export const AP_MODELS: readonly Model[] = [
  { kind: 'access-point', manufacturer: 'Cisco Meraki', model: 'MR36', oui: '0c:8d:db', ports: 1 },
  { kind: 'access-point', manufacturer: 'Ubiquiti', model: 'U6-Pro', oui: '74:83:c2', ports: 1 },
  { kind: 'access-point', manufacturer: 'Aruba', model: 'AP-515', oui: '20:4c:03', ports: 2 },
];
export const SWITCH_MODELS: readonly Model[] = [
  { kind: 'switch', manufacturer: 'Cisco Meraki', model: 'MS120-8', oui: '0c:8d:db', ports: 10 },
  { kind: 'switch', manufacturer: 'Aruba', model: '2930F-24G', oui: '20:4c:03', ports: 16 },
  { kind: 'switch', manufacturer: 'Ubiquiti', model: 'USW-24-PoE', oui: '74:83:c2', ports: 16 },
];

export type FleetOrganization = {
  id: string;
  name: string;
  siteLabel: string;
  aliasPrefix: string;
  accountHolder: string;
  vlanName: string;
};

export type SeedSite = {
  id: string;
  organizationId: string;
  name: string;
  alias: string;
  backOfficeAccountId: string;
  accountHolders: { name: string }[];
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  latitude: number;
  longitude: number;
  contacts: SiteContact[];
};

export type SeedDevice = {
  id: string;
  siteId: string;
  organizationId: string;
  /** The site's state: the region a regional outage strikes (not a devices column; the simulator reads it). */
  region: string;
  kind: Model['kind'];
  manufacturer: string;
  model: string;
  macAddress: string;
  status: 'online' | 'offline' | 'rebooting' | 'pending' | 'onbackup' | 'uninstalled';
  connection: 'primary' | 'secondary' | 'none';
  lastUpdate: Date | null;
  lastBoot: Date | null;
  modemSignalStatistics: ModemSignal[];
  portMapping: PortMapping[];
  vlans: Vlan[];
  configVersions: ConfigVersion[];
};

export type Fleet = { sites: SeedSite[]; devices: SeedDevice[] };

/** A UUID (v4 layout) drawn from the PRNG, so ids are deterministic too. */
function uuidFrom(rng: Rng): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(rng() * 256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = bytes.map(hex2).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function edgeStatus(rng: Rng): SeedDevice['status'] {
  const r = rng();
  if (r < 0.8) return 'online';
  if (r < 0.87) return 'onbackup';
  if (r < 0.93) return 'offline';
  if (r < 0.96) return 'pending';
  if (r < 0.98) return 'rebooting';
  return 'uninstalled';
}

const MINUTE = 60_000;

/**
 * The demo fleet for the given organizations: per site an edge device (firewall or 5G appliance),
 * 1–3 access points and 0–2 switches. Same seed and `now` → the same fleet, ids included.
 */
export function generateFleet(
  seed: number,
  organizations: FleetOrganization[],
  sitesPerOrg = 75,
  now = new Date(),
): Fleet {
  const rng = mulberry32(seed);
  const sites: SeedSite[] = [];
  const devices: SeedDevice[] = [];
  let macCounter = 0;
  const t = now.getTime();

  for (const [orgIndex, org] of organizations.entries()) {
    const usedNames = new Set<string>();
    for (let i = 0; i < sitesPerOrg; i++) {
      const { city, state, zip, lat, lng: lon } = pick(rng, FLEET_CITIES);
      let area = pick(rng, NEIGHBOURHOODS);
      while (usedNames.has(`${city} ${area}`)) area = `${pick(rng, NEIGHBOURHOODS)} ${between(rng, 2, 9)}`;
      usedNames.add(`${city} ${area}`);
      const number = String(101 + i).padStart(4, '0');
      const site: SeedSite = {
        id: uuidFrom(rng),
        organizationId: org.id,
        name: `${org.siteLabel} ${city} ${area}`,
        alias: `${org.aliasPrefix}-${number}`,
        backOfficeAccountId: `${800000 + orgIndex * 10000 + i * 7 + between(rng, 0, 6)}`,
        accountHolders: [{ name: org.accountHolder }],
        street: `${between(rng, 100, 9899)} ${pick(rng, STREETS)}`,
        city,
        state,
        zip,
        country: 'US',
        latitude: Number((lat + (rng() - 0.5) * 0.12).toFixed(6)),
        longitude: Number((lon + (rng() - 0.5) * 0.12).toFixed(6)),
        contacts: [
          {
            name: `${pick(rng, FIRST)} ${pick(rng, LAST)}`,
            phone: `+1${between(rng, 201, 989)}555${String(between(rng, 0, 9999)).padStart(4, '0')}`,
            email: null,
            role: 'Site manager',
          },
        ],
      };
      sites.push(site);

      const subnet = `10.${orgIndex * 100 + Math.floor(i / 250)}.${i % 250}`;
      const vlans: Vlan[] = [
        { id: 1, name: 'Corporate', subnet: `${subnet}.0/26` },
        { id: 20, name: org.vlanName, subnet: `${subnet}.64/26` },
        { id: 30, name: 'Guest', subnet: `${subnet}.128/26` },
      ];
      const edgeModel = pick(rng, EDGE_MODELS);
      const edge = edgeStatus(rng);
      const makeDevice = (model: Model, status: SeedDevice['status'], isEdge: boolean): SeedDevice => {
        macCounter += 1;
        const mac = `${model.oui}:${hex2((macCounter >> 16) & 255)}:${hex2((macCounter >> 8) & 255)}:${hex2(macCounter & 255)}`;
        const reporting = status !== 'uninstalled' && status !== 'pending';
        const stale = status === 'offline' || status === 'rebooting';
        const lastUpdate = reporting
          ? new Date(
              t - (stale ? between(rng, 8, 600) : between(rng, 0, 4)) * MINUTE - between(rng, 0, 59_000),
            )
          : null;
        const signal: ModemSignal[] =
          model.kind === '5g' || (isEdge && status === 'onbackup')
            ? [
                {
                  linkStatus: status === 'offline' ? 'disconnected' : 'connected',
                  serviceType: model.kind === '5g' ? pick(rng, ['5G NR', '5G NSA', 'LTE']) : 'LTE',
                  // Fair or better (3+ bars on the spec's scale) with room to drift: a weak signal is an
                  // episode the simulator plays, not where a modem lives.
                  rsrp: -between(rng, 64, 84),
                  rsrq: -between(rng, 4, 12),
                  sinr: between(rng, 9, 27),
                  rssi: -between(rng, 53, 76),
                },
              ]
            : [];
        return {
          id: uuidFrom(rng),
          siteId: site.id,
          organizationId: org.id,
          region: site.state,
          kind: model.kind,
          manufacturer: model.manufacturer,
          model: model.model,
          macAddress: mac,
          status,
          connection: !isEdge
            ? 'none'
            : status === 'online'
              ? 'primary'
              : status === 'onbackup'
                ? 'secondary'
                : 'none',
          lastUpdate,
          lastBoot: reporting ? new Date(t - between(rng, 3, 60 * 24 * 45) * MINUTE) : null,
          modemSignalStatistics: signal,
          portMapping: Array.from({ length: model.ports }, (_, p) => ({
            id: p + 1,
            systemNumber: p + 1,
            type: isEdge && p === 0 ? 'WAN' : isEdge && p === 1 && model.kind === 'firewall' ? 'WAN2' : 'LAN',
          })),
          vlans: isEdge ? vlans : [],
          configVersions: isEdge
            ? [
                {
                  versionName: `${org.aliasPrefix.toLowerCase()}-baseline-${between(rng, 1, 9)}`,
                  internalChange: false,
                  at: new Date(t - 30 * 24 * 60 * MINUTE).toISOString(),
                },
              ]
            : [],
        };
      };

      devices.push(makeDevice(edgeModel, edge, true));
      // Behind an offline or uninstalled edge, the LAN devices cannot report either.
      const lanStatus = (): SeedDevice['status'] =>
        edge === 'offline' || edge === 'rebooting'
          ? 'offline'
          : edge === 'uninstalled' || edge === 'pending'
            ? edge
            : rng() < 0.96
              ? 'online'
              : 'offline';
      const apCount = between(rng, 1, 3);
      for (let a = 0; a < apCount; a++) devices.push(makeDevice(pick(rng, AP_MODELS), lanStatus(), false));
      const switchCount = between(rng, 0, 2);
      for (let s = 0; s < switchCount; s++)
        devices.push(makeDevice(pick(rng, SWITCH_MODELS), lanStatus(), false));
    }
  }
  return { sites, devices };
}
