import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiKeyRole, Role } from '@vnoc/contracts';
import { hashPassword } from '../src/auth/passwords.ts';
import { hashSecret, newSecret } from '../src/auth/secrets.ts';
import { type OrganizationRow, presentClaims, type UserWithOrg } from '../src/auth/session-user.ts';
import type { SignInStep } from '../src/auth/sign-in-step.ts';
import { createTokenService, IMPERSONATION_SECONDS } from '../src/auth/tokens.ts';
import { newTotpSecret } from '../src/auth/totp.ts';
import {
  apiKeySiteGroups,
  apiKeys,
  contacts,
  devices,
  organizations,
  revokedTokens,
  siteGroupSites,
  siteGroups,
  sites,
  userSiteGroups,
  users,
  verifiedDomains,
} from '../src/db/schema.ts';
import { findUserById, findUserByUsername } from '../src/modules/accounts/repository.ts';
import type { Db } from '../src/plugins/db.ts';
import { TEST_JWT_SECRET } from './helpers.ts';

export const PASSWORD = 'correct-horse-battery-9';
let hashed: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/**
 * An organization; its email domains verified (issue 34: only a proven domain routes sign-in and registration),
 * unless `domains: 'pending'` or another organization of the test holds one verified already.
 */
export async function createOrganization(
  db: Db,
  overrides: Partial<typeof organizations.$inferInsert> = {},
  options: { domains?: 'verified' | 'pending' } = {},
): Promise<OrganizationRow> {
  const id = unique();
  const [org] = await db
    .insert(organizations)
    .values({
      name: `Org ${id}`,
      emailDomains: [`org-${id}.example`],
      entitlements: ['diagnostics', 'analytics'],
      ...overrides,
    })
    .returning();
  if (!org) throw new Error('no organization');
  if (options.domains !== 'pending' && org.emailDomains.length > 0)
    await db
      .insert(verifiedDomains)
      .values(org.emailDomains.map((domain) => ({ domain, organizationId: org.id })))
      .onConflictDoNothing();
  return org;
}

export type UserOptions = {
  username?: string;
  role?: Role;
  /** email: not validated; expired: credential expired. Default: validated, not expired. */
  emailValidated?: boolean;
  credExpired?: boolean;
  app?: boolean;
  sms?: string;
  voice?: string;
  contact?: Partial<typeof contacts.$inferInsert>;
};

export type TestUser = UserWithOrg & { password: string };

export async function createUser(db: Db, org: OrganizationRow, options: UserOptions = {}): Promise<TestUser> {
  hashed ??= hashPassword(PASSWORD);
  const domain = org.emailDomains[0] ?? 'example.com';
  const [row] = await db
    .insert(users)
    .values({
      organizationId: org.id,
      username: options.username ?? `user-${unique()}@${domain}`,
      passwordHash: await hashed,
      role: options.role ?? 'USER',
      emailValidated: options.emailValidated ?? true,
      credExpired: options.credExpired ?? false,
      mfaApp: Boolean(options.app),
      appSecret: options.app ? newTotpSecret() : null,
      mfaSms: Boolean(options.sms),
      smsNumber: options.sms ?? null,
      mfaVoice: Boolean(options.voice),
      voiceNumber: options.voice ?? null,
    })
    .returning();
  if (!row) throw new Error('no user');
  await db
    .insert(contacts)
    .values({ userId: row.id, firstName: 'Test', lastName: 'User', ...options.contact });
  return { ...row, organization: org, password: PASSWORD };
}

const tokens = createTokenService(TEST_JWT_SECRET);

/** A session token for the user in the given sign-in step (as if the earlier steps were done). */
export async function tokenFor(
  db: Db,
  user: { id: string },
  step: SignInStep,
  impersonatedBy?: string,
): Promise<string> {
  const fresh = await findUserById(db, user.id);
  if (!fresh) throw new Error('user gone');
  const session = {
    isEmailValidated: step !== 'email',
    isMfaValidated: step === 'password' || step === 'full',
    isCredExpired: step === 'password',
    ...(impersonatedBy ? await impersonation(db, impersonatedBy) : {}),
  };
  return (await tokens.signSession(presentClaims(fresh, session))).token;
}

/**
 * An impersonation by the support person, tied to a fresh session of theirs, as an exchange makes it: its
 * record (the access code's row) links to that session.
 */
async function impersonation(db: Db, supportUsername: string) {
  const support = await findUserByUsername(db, supportUsername);
  if (!support) throw new Error('support person gone');
  const own = await tokens.signSession(
    presentClaims(support, { isEmailValidated: true, isMfaValidated: true, isCredExpired: false }),
  );
  const impersonationEnds = Math.floor(Date.now() / 1000) + IMPERSONATION_SECONDS;
  const record = randomUUID();
  await db
    .insert(revokedTokens)
    .values({ jti: record, expiresAt: new Date(impersonationEnds * 1000), renewedTo: own.jti });
  return { impersonatedBy: supportUsername, impersonatorSession: record, impersonationEnds };
}

export { tokens as testTokens };

export type SiteRow = typeof sites.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

export async function createSite(
  db: Db,
  org: { id: string },
  overrides: Partial<typeof sites.$inferInsert> = {},
): Promise<SiteRow> {
  const id = unique();
  const [row] = await db
    .insert(sites)
    .values({
      organizationId: org.id,
      name: `Site ${id}`,
      alias: `S-${id}`,
      backOfficeAccountId: String(100000 + Number.parseInt(id.slice(0, 5), 16)),
      accountHolders: [{ name: 'Holder Inc.' }],
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      latitude: 30.27,
      longitude: -97.74,
      contacts: [{ name: 'Maria Garcia', phone: '+12025550100', email: null, role: 'Site manager' }],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no site');
  return row;
}

let macCounter = Number.parseInt(unique().slice(0, 4), 16) * 256;
const nextMac = () => {
  macCounter += 1;
  const h = macCounter.toString(16).padStart(6, '0');
  return `02:00:00:${h.slice(0, 2)}:${h.slice(2, 4)}:${h.slice(4, 6)}`;
};

export async function createDevice(
  db: Db,
  site: { id: string; organizationId: string },
  overrides: Partial<typeof devices.$inferInsert> = {},
): Promise<DeviceRow> {
  const [row] = await db
    .insert(devices)
    .values({
      siteId: site.id,
      organizationId: site.organizationId,
      kind: 'firewall',
      manufacturer: 'Fortinet',
      model: 'FortiGate 60F',
      macAddress: nextMac(),
      status: 'online',
      connection: 'primary',
      lastUpdate: new Date(),
      lastBoot: new Date(Date.now() - 86_400_000),
      portMapping: Array.from({ length: 4 }, (_, p) => ({
        id: p + 1,
        systemNumber: p + 1,
        type: p ? 'LAN' : 'WAN',
      })),
      vlans: [{ id: 1, name: 'Corporate', subnet: '10.0.0.0/26' }],
      configVersions: [
        { versionName: 'baseline-1', internalChange: false, at: '2026-01-01T00:00:00.000Z' },
        { versionName: 'baseline-2', internalChange: true, at: '2026-01-02T00:00:00.000Z' },
      ],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no device');
  return row;
}

/** A site group of the organization with these sites; optionally its members. */
export async function createGroup(
  db: Db,
  org: { id: string },
  siteIds: string[],
  memberIds: string[] = [],
): Promise<{ id: string; name: string }> {
  const [group] = await db
    .insert(siteGroups)
    .values({ organizationId: org.id, name: `Group ${unique()}` })
    .returning();
  if (!group) throw new Error('no group');
  if (siteIds.length)
    await db.insert(siteGroupSites).values(siteIds.map((siteId) => ({ siteGroupId: group.id, siteId })));
  if (memberIds.length)
    await db.insert(userSiteGroups).values(memberIds.map((userId) => ({ userId, siteGroupId: group.id })));
  return group;
}

/**
 * An API key (issue 38) made by `maker` (an administrator) as the api-keys module stores it: the key to send
 * as `Authorization: Bearer <key>`, and its id.
 */
export async function createApiKey(
  db: Db,
  maker: { id: string; organizationId: string },
  options: {
    role?: ApiKeyRole;
    groupIds?: string[];
    dashboardIds?: number[];
    expiresAt?: Date;
    name?: string;
  } = {},
): Promise<{ id: string; key: string; name: string }> {
  const prefix = unique();
  const secret = newSecret();
  const name = options.name ?? `Key ${unique()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      organizationId: maker.organizationId,
      name,
      prefix,
      secretHash: hashSecret(secret),
      role: options.role ?? 'ADMINISTRATOR',
      dashboardIds: options.dashboardIds ?? [],
      expiresAt: options.expiresAt ?? null,
      createdBy: maker.id,
    })
    .returning();
  if (!row) throw new Error('no key');
  if (options.groupIds?.length)
    await db
      .insert(apiKeySiteGroups)
      .values(options.groupIds.map((siteGroupId) => ({ apiKeyId: row.id, siteGroupId })));
  return { id: row.id, key: `vnoc_${prefix}_${secret}`, name };
}

/**
 * Two organizations with a small fleet whose counts are worked out by hand (see the comments):
 * organization A with six sites, its roles and a USER restricted to group G1 (Alpha, Bravo);
 * organization B with one site, to prove another organization's ids answer 404.
 */
export async function createFleetFixture(db: Db) {
  const orgA = await createOrganization(db);
  const orgB = await createOrganization(db);
  const admin = await createUser(db, orgA, { role: 'ADMINISTRATOR' });
  const user = await createUser(db, orgA, { role: 'USER' });
  const readOnly = await createUser(db, orgA, { role: 'READ_ONLY' });
  const restricted = await createUser(db, orgA, { role: 'USER' });
  const adminB = await createUser(db, orgB, { role: 'ADMINISTRATOR' });

  const alpha = await createSite(db, orgA, {
    name: 'Alpha Store',
    backOfficeAccountId: '700001',
    city: 'Austin',
  });
  const bravo = await createSite(db, orgA, {
    name: 'Bravo Store',
    backOfficeAccountId: '700002',
    city: 'Dallas',
  });
  const charlie = await createSite(db, orgA, {
    name: 'Charlie Store',
    backOfficeAccountId: '700003',
    city: 'Denver',
  });
  const delta = await createSite(db, orgA, {
    name: 'Delta Store',
    alias: 'DLT-9',
    backOfficeAccountId: '700004',
  });
  const echo = await createSite(db, orgA, {
    name: 'Echo Store',
    backOfficeAccountId: '700005',
    street: '77 Harbor Rd',
  });
  const foxtrot = await createSite(db, orgA, { name: 'Foxtrot Store', backOfficeAccountId: '700006' });
  const other = await createSite(db, orgB, { name: 'Alpha Store B', backOfficeAccountId: '700001' });

  // Alpha: online firewall (edge), online AP, offline switch → site online.
  const alphaEdge = await createDevice(db, alpha, { macAddress: 'aa:bb:cc:00:00:01' });
  await createDevice(db, alpha, {
    kind: 'access-point',
    model: 'MR36',
    manufacturer: 'Cisco Meraki',
    connection: 'none',
  });
  await createDevice(db, alpha, {
    kind: 'switch',
    model: 'MS120-8',
    manufacturer: 'Cisco Meraki',
    status: 'offline',
    connection: 'none',
  });
  // Bravo: 5G edge on backup, online AP → site onbackup.
  const bravoEdge = await createDevice(db, bravo, {
    kind: '5g',
    model: 'E300',
    manufacturer: 'Cradlepoint',
    status: 'onbackup',
    connection: 'secondary',
    modemSignalStatistics: [
      { linkStatus: 'connected', serviceType: 'LTE', rsrp: -95, rsrq: -11, sinr: 8, rssi: -70 },
    ],
  });
  await createDevice(db, bravo, {
    kind: 'access-point',
    model: 'MR36',
    manufacturer: 'Cisco Meraki',
    connection: 'none',
  });
  // Charlie: offline edge and AP → site offline.
  await createDevice(db, charlie, { status: 'offline', connection: 'none' });
  await createDevice(db, charlie, {
    kind: 'access-point',
    model: 'U6-Pro',
    manufacturer: 'Ubiquiti',
    status: 'offline',
    connection: 'none',
  });
  // Delta: pending edge and AP → site pending.
  await createDevice(db, delta, { status: 'pending', connection: 'none', lastUpdate: null });
  await createDevice(db, delta, {
    kind: 'access-point',
    model: 'U6-Pro',
    manufacturer: 'Ubiquiti',
    status: 'pending',
    connection: 'none',
  });
  // Echo: rebooting edge, AP in error → site rebooting.
  await createDevice(db, echo, { status: 'rebooting', connection: 'none' });
  await createDevice(db, echo, {
    kind: 'access-point',
    model: 'AP-515',
    manufacturer: 'Aruba',
    status: 'error',
    connection: 'none',
  });
  // Foxtrot: no devices → site unknown.
  const otherEdge = await createDevice(db, other);

  const g1 = await createGroup(db, orgA, [alpha.id, bravo.id], [restricted.id]);
  const g2 = await createGroup(db, orgA, [charlie.id]);
  const gB = await createGroup(db, orgB, [other.id]);

  return {
    orgA,
    orgB,
    admin,
    user,
    readOnly,
    restricted,
    adminB,
    alpha,
    bravo,
    charlie,
    delta,
    echo,
    foxtrot,
    other,
    alphaEdge,
    bravoEdge,
    otherEdge,
    g1,
    g2,
    gB,
    /** Organization A's devices by status, by hand: 11 devices. */
    countsA: { online: 3, offline: 3, onbackup: 1, pending: 3, rebooting: 1, total: 11 },
    /** G1 (Alpha, Bravo): 5 devices. */
    countsG1: { online: 3, offline: 1, onbackup: 1, pending: 0, rebooting: 0, total: 5 },
  };
}
