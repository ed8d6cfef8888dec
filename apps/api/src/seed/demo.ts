import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import {
  contacts,
  devices,
  organizations,
  siteGroupSites,
  siteGroups,
  sites,
  users,
  verifiedDomains,
} from '../db/schema.ts';
import { type FleetOrganization, generateFleet } from '../fleet/seed-fleet.ts';
import type { Db } from '../plugins/db.ts';

export const DEMO_SEED = 20260101;

// Fixed ids: the demo is reproducible and links (e.g. in docs) stay valid across fresh starts.
export const DEMO_ORGANIZATIONS = [
  {
    id: '0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001',
    name: 'Acme Retail',
    kind: 'customer',
    emailDomains: ['acme.example'],
    entitlements: ['diagnostics', 'port-control', 'cellular-billing', 'analytics'],
    description: 'Retail chain with stores across the United States.',
    // Store staff may ask to join; an administrator approves each request.
    selfRegistration: true,
    fleet: {
      siteLabel: 'Acme',
      aliasPrefix: 'ACME',
      accountHolder: 'Acme Retail Inc.',
      vlanName: 'Point of sale',
    },
    group: 'Flagship stores',
  },
  {
    id: '0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0002',
    name: 'Bluebird Clinics',
    kind: 'customer',
    emailDomains: ['bluebird.example'],
    entitlements: ['diagnostics', 'analytics'],
    description: 'Network of walk-in medical clinics.',
    // Clinics add people only through their administrators.
    selfRegistration: false,
    fleet: {
      siteLabel: 'Bluebird Clinic',
      aliasPrefix: 'BBC',
      accountHolder: 'Bluebird Clinics LLC',
      vlanName: 'Clinical',
    },
    group: 'Urgent care clinics',
  },
  {
    id: '0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0003',
    name: 'vNOC Provider',
    kind: 'provider',
    emailDomains: ['vnoc.example'],
    entitlements: [],
    description: 'The managed network provider operating vNOC.',
    selfRegistration: false,
    fleet: undefined,
    group: undefined,
  },
] as const;

export const DEMO_USERS = [
  {
    username: 'admin@acme.example',
    role: 'ADMINISTRATOR',
    org: 0,
    first: 'Alice',
    last: 'Admin',
    title: 'IT Director',
  },
  {
    username: 'user@acme.example',
    role: 'USER',
    org: 0,
    first: 'Uriel',
    last: 'Operator',
    title: 'Network Operator',
  },
  {
    username: 'readonly@acme.example',
    role: 'READ_ONLY',
    org: 0,
    first: 'Rita',
    last: 'Viewer',
    title: 'Store Manager',
  },
  {
    username: 'admin@bluebird.example',
    role: 'ADMINISTRATOR',
    org: 1,
    first: 'Ben',
    last: 'Bird',
    title: 'IT Manager',
  },
  {
    username: 'user@bluebird.example',
    role: 'USER',
    org: 1,
    first: 'Uma',
    last: 'Clinic',
    title: 'Practice Operations',
  },
  {
    username: 'readonly@bluebird.example',
    role: 'READ_ONLY',
    org: 1,
    first: 'Ravi',
    last: 'Reader',
    title: 'Clinic Lead',
  },
  {
    username: 'it@acme.example',
    role: 'ADMINISTRATOR',
    org: 0,
    first: 'Ines',
    last: 'Torres',
    title: 'IT Administrator',
  },
  {
    username: 'ops@acme.example',
    role: 'ADMINISTRATOR',
    org: 0,
    first: 'Omar',
    last: 'Ortiz',
    title: 'Operations Manager',
  },
  {
    username: 'audit@acme.example',
    role: 'ADMINISTRATOR',
    org: 0,
    first: 'Ada',
    last: 'Auditor',
    title: 'Compliance Officer',
  },
  {
    // For the end-to-end flows that make their own dashboard (each person enrols an authenticator once per server).
    username: 'noc@acme.example',
    role: 'USER',
    org: 0,
    first: 'Nico',
    last: 'Watch',
    title: 'NOC Operator',
  },
  {
    username: 'viewer@acme.example',
    role: 'READ_ONLY',
    org: 0,
    first: 'Victor',
    last: 'Viewer',
    title: 'Regional Manager',
  },
  {
    username: 'former@acme.example',
    role: 'USER',
    org: 0,
    first: 'Felix',
    last: 'Former',
    title: 'Store Manager (left)',
    status: 'deactivated',
  },
  {
    username: 'newhire@acme.example',
    role: 'READ_ONLY',
    org: 0,
    first: 'Nadia',
    last: 'Newhire',
    title: 'Assistant Store Manager',
    status: 'pending',
  },
  {
    username: 'support@vnoc.example',
    role: 'SUPPORT',
    org: 2,
    first: 'Sam',
    last: 'Support',
    title: 'NOC Engineer',
  },
  {
    // A second support person for the end-to-end flows: each person enrols an authenticator once per server, and
    // two flows on one server (the ticket thread, the chat) both answer as support.
    username: 'desk@vnoc.example',
    role: 'SUPPORT',
    org: 2,
    first: 'Dana',
    last: 'Desk',
    title: 'Service Desk Engineer',
  },
] as const;

const CHUNK = 500;

/** The demo fleet: a pure function of DEMO_SEED and `now`. */
export function demoFleet(now: Date) {
  const fleetOrgs: FleetOrganization[] = DEMO_ORGANIZATIONS.flatMap((o) =>
    o.fleet ? [{ id: o.id, name: o.name, ...o.fleet }] : [],
  );
  return generateFleet(DEMO_SEED, fleetOrgs, 75, now);
}

/** A single sign-on provider for the demo's customer organizations (the development identity provider). */
export type DemoSso = { issuer: string; clientId: string };

/** Seeds the demo organizations, users and fleet into an empty database; false when data exists. */
export async function seedDemo(db: Db, password: string, now = new Date(), sso?: DemoSso): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Two instances starting together on one database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7415093)`);
    const existing = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(organizations).values(
      DEMO_ORGANIZATIONS.map((o) => ({
        id: o.id,
        name: o.name,
        kind: o.kind,
        emailDomains: [...o.emailDomains],
        entitlements: [...o.entitlements],
        description: o.description,
        selfRegistration: o.selfRegistration,
        ssoIssuer: sso && o.kind === 'customer' ? sso.issuer : null,
        ssoClientId: sso && o.kind === 'customer' ? sso.clientId : null,
      })),
    );
    // The demo's own example domains count as proven (issue 34): no mailbox at them could receive a code.
    await tx
      .insert(verifiedDomains)
      .values(
        DEMO_ORGANIZATIONS.flatMap((o) => o.emailDomains.map((domain) => ({ domain, organizationId: o.id }))),
      );
    for (const u of DEMO_USERS) {
      const org = DEMO_ORGANIZATIONS[u.org];
      const [row] = await tx
        .insert(users)
        .values({
          organizationId: org.id,
          username: u.username,
          passwordHash,
          role: u.role,
          status: 'status' in u ? u.status : 'active',
          emailValidated: true,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      await tx.insert(contacts).values({
        userId: row.id,
        firstName: u.first,
        lastName: u.last,
        title: u.title,
        company: org.name,
        emailAddress: u.username,
        emailVerified: true,
      });
    }

    const fleet = demoFleet(now);
    for (let i = 0; i < fleet.sites.length; i += CHUNK)
      await tx.insert(sites).values(fleet.sites.slice(i, i + CHUNK));
    for (let i = 0; i < fleet.devices.length; i += CHUNK) {
      await tx.insert(devices).values(fleet.devices.slice(i, i + CHUNK));
    }
    for (const o of DEMO_ORGANIZATIONS) {
      if (!o.group) continue;
      const [group] = await tx
        .insert(siteGroups)
        .values({ organizationId: o.id, name: o.group, description: 'Sites grouped for the demo.' })
        .returning({ id: siteGroups.id });
      if (!group) throw new Error('site group insert returned nothing');
      const members = fleet.sites.filter((s) => s.organizationId === o.id).slice(0, 12);
      await tx.insert(siteGroupSites).values(members.map((s) => ({ siteGroupId: group.id, siteId: s.id })));
    }
    return true;
  });
}
