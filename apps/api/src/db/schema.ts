import { DEVICE_DRIVERS, DEVICE_KINDS, DEVICE_STATUSES } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A row's own id: a random uuid. */
const uuidId = () => uuid('id').primaryKey().defaultRandom();
/** When the row was written. */
const createdAt = () => tz('created_at').notNull().defaultNow();
/** The organization a row belongs to; with `cascade` the row goes with it. */
const organizationRef = (onDelete?: 'cascade') =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, onDelete && { onDelete });
/** A person the row names (who created, asked or wrote it); with `cascade` the row goes with them. */
const personRef = (column: string, onDelete?: 'cascade') =>
  uuid(column)
    .notNull()
    .references(() => users.id, onDelete && { onDelete });
/** The row this one belongs to (a site's, a device's…), by `column`: the row goes with it. */
const ownerRef = (column: string, target: () => AnyPgColumn) =>
  uuid(column).notNull().references(target, { onDelete: 'cascade' });
/**
 * The provider's support person who did what the row records while acting as the person it names
 * (impersonation, issue 37); null when the person did it themselves.
 */
const supportRef = (column: string) => uuid(column).references(() => users.id);
/** Binary content (drizzle 0.45 has no bytea column of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const organizations = pgTable('organizations', {
  id: uuidId(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['customer', 'provider'] })
    .notNull()
    .default('customer'),
  emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
  entitlements: text('entitlements').array().notNull().default(sql`'{}'::text[]`),
  description: text('description'),
  createdAt: createdAt(),
  /**
   * Who may join: off (the default) → only accounts an administrator creates; on → people with an
   * address at one of `emailDomains` may register, each account `pending` until an administrator approves.
   */
  selfRegistration: boolean('self_registration').notNull().default(false),
  /** Whether the provider's SUPPORT staff may act as this organization's people (impersonation). */
  supportAccess: boolean('support_access').notNull().default(true),
  /** The organization's contacts shown on Settings → Organization (name, role, email, phone). */
  contacts: jsonb('contacts').$type<OrganizationContact[]>().notNull().default([]),
  /** Single sign-on: the organization's OIDC provider (issuer URL and client id); null = none. */
  ssoIssuer: text('sso_issuer'),
  ssoClientId: text('sso_client_id'),
  /**
   * The provider's endpoints, read from its discovery document when an administrator saved the issuer and
   * checked by the outbound guard then: sign-ins use these, never an address a token names.
   */
  ssoJwksUri: text('sso_jwks_uri'),
  ssoUserinfoEndpoint: text('sso_userinfo_endpoint'),
});

/**
 * Issue 34: an organization's claim of an email domain (`organizations.email_domains`) counts only once
 * proven, by a code emailed to a mailbox at the domain. One row per verified domain: the primary key lets at
 * most one organization hold a domain verified; a claim without a row here is pending and decides nothing.
 */
export const verifiedDomains = pgTable('verified_domains', {
  domain: text('domain').primaryKey(),
  organizationId: organizationRef('cascade'),
  /** Where the proving code was sent (null: verified by the demo seed). */
  mailbox: text('mailbox'),
  verifiedAt: tz('verified_at').notNull().defaultNow(),
});

/** A code sent to prove an organization's pending domain claim: hashed, single use, expiring. */
export const domainVerifications = pgTable(
  'domain_verifications',
  {
    id: uuidId(),
    organizationId: organizationRef('cascade'),
    domain: text('domain').notNull(),
    mailbox: text('mailbox').notNull(),
    codeHash: text('code_hash').notNull(),
    requestedBy: uuid('requested_by'),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('domain_verifications_organization_idx').on(t.organizationId, t.domain)],
);

export const users = pgTable(
  'users',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    /** The email address, always stored lower-cased. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['ADMINISTRATOR', 'USER', 'READ_ONLY', 'SUPPORT'] }).notNull(),
    emailValidated: boolean('email_validated').notNull().default(false),
    credExpired: boolean('cred_expired').notNull().default(false),
    createdAt: createdAt(),
    appSecretPending: text('app_secret_pending'),
    appSecret: text('app_secret'),
    mfaApp: boolean('mfa_app').notNull().default(false),
    mfaSms: boolean('mfa_sms').notNull().default(false),
    mfaVoice: boolean('mfa_voice').notNull().default(false),
    smsNumber: text('sms_number'),
    voiceNumber: text('voice_number'),
    /** Last accepted TOTP time step; a code for this step or an earlier one is a replay. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    /**
     * `pending`: registered through self-registration, waiting for an administrator's approval (cannot sign in);
     * `deactivated`: turned off by an administrator (cannot sign in, kept for the record).
     */
    status: text('status', { enum: ['active', 'pending', 'deactivated'] })
      .notNull()
      .default('active'),
    lastSignInAt: tz('last_sign_in_at'),
    /**
     * Session tokens issued before this second no longer open anything (issue 11): set by a password change
     * or reset and by an administrator's MFA reset, so a stolen token dies with the credential it outlived.
     */
    sessionsValidAfter: tz('sessions_valid_after'),
    /**
     * The single sign-on identity (issuer, subject) the person first signed in with: matched before the
     * email afterwards, so a changed address at the provider cannot sign in as someone else.
     */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_sso_identity_key').on(t.ssoIssuer, t.ssoSubject),
    index('users_organization_idx').on(t.organizationId),
  ],
);

export const contacts = pgTable('contacts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  title: text('title'),
  company: text('company'),
  mobileNumber: text('mobile_number'),
  mobileVerified: boolean('mobile_verified').notNull().default(false),
  officeNumber: text('office_number'),
  emailAddress: text('email_address'),
  emailVerified: boolean('email_verified').notNull().default(false),
});

export const userPreferences = pgTable(
  'user_preferences',
  {
    id: serial('id').primaryKey(),
    userId: personRef('user_id', 'cascade'),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('user_preferences_user_name_key').on(t.userId, t.name)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuidId(),
    userId: personRef('user_id', 'cascade'),
    purpose: text('purpose').notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: tz('used_at'),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** One row per failed attempt; counted over a sliding window for lockout (key = account, address or TOTP). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: tz('expires_at').notNull(),
    /** When the revocation takes effect: now for a sign-out, a little later for a renewed token. */
    effectiveAt: tz('effective_at').notNull().defaultNow(),
    /** The token that renewed this one (access/newJWT): the session lives on in it. */
    renewedTo: text('renewed_to'),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    impersonatorUserId: uuid('impersonator_user_id'),
    /** The API key the act was made with (issue 38); the log names the key, not its maker. */
    apiKeyId: uuid('api_key_id'),
    organizationId: uuid('organization_id'),
    action: text('action').notNull(),
    target: text('target'),
    /** The target's name when written, shown if the target is deleted since (alerts are purged, devices removed). */
    targetName: text('target_name'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: inet('ip'),
  },
  (t) => [
    index('audit_log_org_at_idx').on(t.organizationId, t.at),
    index('audit_log_action_idx').on(t.action),
  ],
);

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuidId(),
    channel: text('channel', { enum: ['email', 'sms', 'voice'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.createdAt)],
);

/** Files sent with an outbox email (a scheduled report's CSV and PDF), in their order. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    messageId: ownerRef('message_id', () => outboxMessages.id),
    index: integer('index').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.index] })],
);

export const sites = pgTable(
  'sites',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    alias: text('alias'),
    backOfficeAccountId: text('back_office_account_id'),
    accountHolders: jsonb('account_holders').$type<{ name: string }[]>().notNull().default([]),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country').notNull().default('US'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contacts: jsonb('contacts').$type<SiteContact[]>().notNull().default([]),
    /** The address as a geocoder confirmed it; null until verified. */
    verifiedAddress: jsonb('verified_address').$type<SiteAddress>(),
    createdAt: createdAt(),
    /**
     * The worst status of the site's edge device(s), `unknown` without one, and its severity rank
     * (0 offline … 7 online). Maintained by a trigger on `devices` (migration 0003): never write them.
     */
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('unknown'),
    statusRank: smallint('status_rank').notNull().default(6),
    /** Lower-cased text the free-text search matches (trigram-indexed); see ARCHITECTURE "Free text". */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || coalesce(alias, '') || ' ' || coalesce(back_office_account_id, '') || ' ' || coalesce(street || ' ', '') || coalesce(city || ' ', '') || coalesce(state || ' ', '') || coalesce(zip || ' ', '') || country || ' ' || jsonb_path_query_array(account_holders, '$[*].name')::text)`,
      ),
  },
  (t) => [
    // With the id, a page by name (the sites list's default order) is an index-only scan at any depth.
    index('sites_organization_idx').on(t.organizationId, t.name, t.id),
    index('sites_organization_account_idx').on(t.organizationId, t.backOfficeAccountId),
    index('sites_organization_status_idx').on(t.organizationId, t.status, t.name, t.id),
    index('sites_organization_status_rank_idx').on(t.organizationId, t.statusRank, t.name, t.id),
    index('sites_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The query language's `state:TX` (issue 37), matched case-insensitively within the organization.
    index('sites_organization_state_idx').on(t.organizationId, sql`lower(${t.state})`),
  ],
);

export type SiteContact = { name: string; phone: string | null; email: string | null; role: string | null };
/** A contact of the organization (Settings → Organization): same shape as a site's contact. */
export type OrganizationContact = SiteContact;
export type SiteAddress = {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
};

export const siteGroups = pgTable(
  'site_groups',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('site_groups_org_name_key').on(t.organizationId, t.name)],
);

export const siteGroupSites = pgTable(
  'site_group_sites',
  {
    siteGroupId: ownerRef('site_group_id', () => siteGroups.id),
    siteId: ownerRef('site_id', () => sites.id),
  },
  (t) => [
    primaryKey({ columns: [t.siteGroupId, t.siteId] }),
    index('site_group_sites_site_idx').on(t.siteId),
  ],
);

export const userSiteGroups = pgTable(
  'user_site_groups',
  {
    userId: personRef('user_id', 'cascade'),
    siteGroupId: ownerRef('site_group_id', () => siteGroups.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteGroupId] }),
    index('user_site_groups_group_idx').on(t.siteGroupId),
  ],
);

/**
 * An organization's API keys (issue 38): made by an administrator, shown once, stored as the SHA-256 hash of
 * their secret beside a visible id (`vnoc_<prefix>_<secret>`). A key acts with its own role and site groups;
 * for what the database records as a person's (a ticket's author) it names the administrator who made it,
 * and it opens nothing once that person is no longer an active administrator. `DISPLAY` (issue 37, a wall
 * display): read-only, limited to `dashboardIds`, cycling them every `cycleSeconds`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidId(),
    organizationId: organizationRef('cascade'),
    name: text('name').notNull(),
    /** The visible id, 8 characters of [a-z0-9]: what the list and the key itself show. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    role: text('role', { enum: ['ADMINISTRATOR', 'USER', 'READ_ONLY', 'DISPLAY'] }).notNull(),
    dashboardIds: integer('dashboard_ids').array().notNull().default(sql`'{}'::integer[]`),
    cycleSeconds: integer('cycle_seconds').notNull().default(60),
    expiresAt: tz('expires_at'),
    lastUsedAt: tz('last_used_at'),
    lastUsedAddress: inet('last_used_address'),
    createdBy: personRef('created_by', 'cascade'),
    createdAt: createdAt(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** The site groups an API key is limited to (none: the organization's every site). */
export const apiKeySiteGroups = pgTable(
  'api_key_site_groups',
  {
    apiKeyId: ownerRef('api_key_id', () => apiKeys.id),
    siteGroupId: ownerRef('site_group_id', () => siteGroups.id),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.siteGroupId] }),
    index('api_key_site_groups_group_idx').on(t.siteGroupId),
  ],
);

export type ModemSignal = {
  linkStatus: string;
  serviceType: string;
  rsrp: number | null;
  rsrq: number | null;
  sinr: number | null;
  rssi: number | null;
};
export type PortMapping = { id: number; systemNumber: number; type: string };
export type Vlan = { id: number; name: string; subnet: string };
export type ConfigVersion = { versionName: string; internalChange: boolean; at: string };

export const devices = pgTable(
  'devices',
  {
    id: uuidId(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    organizationId: organizationRef(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    /** Its own name, given by an administrator or user; null: the default (model and the end of the MAC). */
    name: text('name'),
    /** Lower-case, colon-separated. */
    macAddress: text('mac_address').notNull(),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('unknown'),
    connection: text('connection', { enum: ['primary', 'secondary', 'none'] })
      .notNull()
      .default('none'),
    lastUpdate: tz('last_update'),
    lastBoot: tz('last_boot'),
    returnRequested: boolean('return_requested').notNull().default(false),
    modemSignalStatistics: jsonb('modem_signal_statistics').$type<ModemSignal[]>().notNull().default([]),
    portMapping: jsonb('port_mapping').$type<PortMapping[]>().notNull().default([]),
    vlans: jsonb('vlans').$type<Vlan[]>().notNull().default([]),
    portLabels: jsonb('port_labels').$type<Record<string, string>>().notNull().default({}),
    configVersions: jsonb('config_versions').$type<ConfigVersion[]>().notNull().default([]),
    /** System numbers of the LAN ports turned off by a port action (troubleshooting). */
    disabledPorts: integer('disabled_ports').array().notNull().default(sql`'{}'::integer[]`),
    /** How the device reaches vNOC (docs/device-protocol.md); only `simulator` devices are driven by the simulator. */
    driver: text('driver', { enum: DEVICE_DRIVERS }).notNull().default('simulator'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_mac_address_key').on(t.macAddress),
    index('devices_site_idx').on(t.siteId),
    index('devices_organization_status_idx').on(t.organizationId, t.status),
    index('devices_organization_kind_idx').on(t.organizationId, t.kind),
    index('devices_organization_model_idx').on(t.organizationId, t.model),
    index('devices_mac_address_trgm_idx').using('gin', t.macAddress.op('gin_trgm_ops')),
    // The query language's `model:MX6` (issue 37): the beginning of a model, any case.
    index('devices_model_trgm_idx').using('gin', t.model.op('gin_trgm_ops')),
  ],
);

/** A per-organization count by status, maintained by triggers (migration 0003); never written by the application. */
function statusCountsTable<N extends string, X extends Record<string, PgColumnBuilderBase>>(
  name: N,
  extra: X = {} as X,
) {
  return pgTable(
    name,
    {
      organizationId: organizationRef('cascade'),
      status: text('status', { enum: DEVICE_STATUSES }).notNull(),
      n: integer('n').notNull().default(0),
      ...extra,
    },
    (t) => [primaryKey({ columns: [t.organizationId, t.status] })],
  );
}

/** Devices per organization and status (triggers on `devices`): status counts need no scan. */
export const orgDeviceStatusCounts = statusCountsTable('org_device_status_counts');

/** Sites per organization and stored site status (triggers on `sites`): totals of unfiltered and status-filtered lists. */
export const orgSiteStatusCounts = statusCountsTable('org_site_status_counts', {
  /** Of those, the sites a map can place (latitude −90…90 and longitude −180…180): map summaries (migration 0023). */
  located: integer('located').notNull().default(0),
});

/** A user's favourite sites (spec part 3 "Favorite Sites"). */
export const siteFavorites = pgTable(
  'site_favorites',
  {
    userId: personRef('user_id', 'cascade'),
    siteId: ownerRef('site_id', () => sites.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('site_favorites_site_idx').on(t.siteId)],
);

/** The last time a user opened a site (`usa.lastVisited` of the recently viewed list). */
export const siteVisits = pgTable(
  'site_visits',
  {
    userId: personRef('user_id', 'cascade'),
    siteId: ownerRef('site_id', () => sites.id),
    lastVisited: tz('last_visited').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId] }),
    index('site_visits_user_last_visited_idx').on(t.userId, t.lastVisited),
    index('site_visits_site_idx').on(t.siteId),
  ],
);

/** A device's status over time: one row per status period; `ended_at` null = the current one. */
export const deviceStatusIntervals = pgTable(
  'device_status_intervals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: ownerRef('device_id', () => devices.id),
    organizationId: organizationRef(),
    status: text('status', { enum: DEVICE_STATUSES }).notNull(),
    startedAt: tz('started_at').notNull(),
    endedAt: tz('ended_at'),
  },
  (t) => [
    index('device_status_intervals_device_started_idx').on(t.deviceId, t.startedAt),
    index('device_status_intervals_org_started_idx').on(t.organizationId, t.startedAt),
    // The analytics' windows (modules/analytics): the periods that overlap a window are those started before
    // its end and ending (an open one: never) after its start; by their end, a short window reads the open
    // periods and the recently ended ones instead of every period ever started. The troubled sites read only
    // offline and on-backup periods, the failovers only the on-backup ones by their start.
    index('device_status_intervals_org_end_idx').on(
      t.organizationId,
      sql`coalesce(${t.endedAt}, 'infinity'::timestamptz)`,
    ),
    index('device_status_intervals_org_trouble_end_idx')
      .on(t.organizationId, sql`coalesce(${t.endedAt}, 'infinity'::timestamptz)`)
      .where(sql`${t.status} in ('offline', 'onbackup')`),
    index('device_status_intervals_org_backup_started_idx')
      .on(t.organizationId, t.startedAt)
      .where(sql`${t.status} = 'onbackup'`),
    // At most one current period per device (the simulator closes one before opening the next).
    uniqueIndex('device_status_intervals_open_key').on(t.deviceId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A device's own credentials (docs/device-protocol.md): the secret it signs in to the broker (and, for
 * OpenWISP's agent, the `key`) with, stored as a SHA-256 hash (a 256-bit random secret needs no slow hash).
 * Revoked: refused at once; rotated: the old secret stops working at once.
 */
export const deviceCredentials = pgTable('device_credentials', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  organizationId: organizationRef('cascade'),
  secretHash: text('secret_hash').notNull(),
  createdAt: createdAt(),
  rotatedAt: tz('rotated_at'),
  revokedAt: tz('revoked_at'),
  /**
   * When a connection last proved the current secret, kept only once per secret (fleet/edge/credentials.ts):
   * before it, after a rotation, the device's messages come from a connection of the old secret and are refused.
   */
  authenticatedAt: tz('authenticated_at'),
  /**
   * The device's latest MQTT session (its `session` stamp on `online`, `rebooting` and its will's `gone`), and
   * whether that session is gone: a state of an earlier session, or an `online` of a session already gone, is
   * stale (an external broker's shared subscription hands a device's messages to several workers at once).
   */
  mqttSession: bigint('mqtt_session', { mode: 'number' }),
  mqttSessionGone: boolean('mqtt_session_gone').notNull().default(false),
});

/** The latest NetJSON report of a device that reports for real (interfaces, clients, leases, resources). */
export const deviceTelemetry = pgTable('device_telemetry', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  organizationId: organizationRef('cascade'),
  /** When the device took the sample (a buffered report keeps its own time). */
  sampledAt: tz('sampled_at').notNull(),
  receivedAt: tz('received_at').notNull(),
  monitoring: jsonb('monitoring').notNull(),
});

/** Resources of a reporting device over time, one row per report (at the device's own sample time). */
export const deviceResourceSamples = pgTable(
  'device_resource_samples',
  {
    deviceId: ownerRef('device_id', () => devices.id),
    time: tz('time').notNull(),
    load1: real('load1'),
    memoryUsedPercent: real('memory_used_percent'),
    diskUsedPercent: real('disk_used_percent'),
    uptimeSeconds: bigint('uptime_seconds', { mode: 'number' }),
    wirelessClients: integer('wireless_clients'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.time] })],
);

/** Interface counters of a reporting device over time, one row per interface and report. */
export const deviceInterfaceSamples = pgTable(
  'device_interface_samples',
  {
    deviceId: ownerRef('device_id', () => devices.id),
    interface: text('interface').notNull(),
    time: tz('time').notNull(),
    up: boolean('up'),
    rxBytes: bigint('rx_bytes', { mode: 'number' }),
    txBytes: bigint('tx_bytes', { mode: 'number' }),
    rxErrors: bigint('rx_errors', { mode: 'number' }),
    txErrors: bigint('tx_errors', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.interface, t.time] })],
);

/** WAN ping, jitter and packet loss of an edge device, one sample a minute. */
export const wanSamples = pgTable(
  'wan_samples',
  {
    deviceId: ownerRef('device_id', () => devices.id),
    time: tz('time').notNull(),
    sourceInterface: text('source_interface').notNull(),
    ipAddress: text('ip_address').notNull(),
    ping: real('ping'),
    jitter: real('jitter'),
    /** Share of the sample's probes that got no answer, in percent (0–100). */
    loss: real('loss').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.time] })],
);

/**
 * Daily uptime analytics of a device (spec part 3 "Online analytics row"), one row per UTC day,
 * rolled up from its status intervals, not sampled.
 */
export const deviceDailyStats = pgTable(
  'device_daily_stats',
  {
    deviceId: ownerRef('device_id', () => devices.id),
    day: date('day', { mode: 'string' }).notNull(),
    organizationId: organizationRef(),
    secondsOnline: integer('seconds_online').notNull(),
    secondsOffline: integer('seconds_offline').notNull(),
    secondsOnBackup: integer('seconds_on_backup').notNull(),
    secondsOnPrimary: integer('seconds_on_primary').notNull(),
    offlineEvents: integer('offline_events').notNull(),
    backupEvents: integer('backup_events').notNull(),
    percentOnline: doublePrecision('percent_online').notNull(),
    percentOffline: doublePrecision('percent_offline').notNull(),
    percentOnBackup: doublePrecision('percent_on_backup').notNull(),
    percentOnPrimary: doublePrecision('percent_on_primary').notNull(),
    /** WAN bytes of the day (issue 9: the online analytics report). */
    wanBytesReceived: bigint('wan_bytes_received', { mode: 'number' }).notNull().default(0),
    wanBytesTransmitted: bigint('wan_bytes_transmitted', { mode: 'number' }).notNull().default(0),
    /**
     * Backup (LTE) usage of the day as the wireless carrier reports it, a day late: null until reported
     * (the cellular billing report's usage_backup and lastUpdated).
     */
    backupUsageBytes: bigint('backup_usage_bytes', { mode: 'number' }),
    backupUsageUpdatedAt: tz('backup_usage_updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.day] }),
    index('device_daily_stats_org_day_idx').on(t.organizationId, t.day),
  ],
);

/**
 * `device_daily_stats` summed per organization, day and device class (`modem`: firewalls and 5G appliances,
 * the devices of the billing and SLA reports), kept by statement-level triggers on `device_daily_stats`
 * (migration 0020): a report over the whole organization reads its totals and per-day series from these
 * few rows instead of summing ~100 000 device-days per day (ARCHITECTURE "Report totals"). `rows` is also
 * the day's devices (one row per device and day); `rows_on_backup` the day's devices with time on backup.
 * The application never writes them.
 */
export const orgDailyStats = pgTable(
  'org_daily_stats',
  {
    organizationId: organizationRef('cascade'),
    day: date('day', { mode: 'string' }).notNull(),
    modem: boolean('modem').notNull(),
    rows: integer('rows').notNull(),
    secondsOnline: bigint('seconds_online', { mode: 'number' }).notNull(),
    secondsOffline: bigint('seconds_offline', { mode: 'number' }).notNull(),
    secondsOnBackup: bigint('seconds_on_backup', { mode: 'number' }).notNull(),
    secondsOnPrimary: bigint('seconds_on_primary', { mode: 'number' }).notNull(),
    offlineEvents: bigint('offline_events', { mode: 'number' }).notNull(),
    backupEvents: bigint('backup_events', { mode: 'number' }).notNull(),
    wanBytesReceived: bigint('wan_bytes_received', { mode: 'number' }).notNull(),
    wanBytesTransmitted: bigint('wan_bytes_transmitted', { mode: 'number' }).notNull(),
    backupUsageBytes: bigint('backup_usage_bytes', { mode: 'number' }).notNull(),
    reportedRows: integer('reported_rows').notNull(),
    awaitingRows: integer('awaiting_rows').notNull(),
    rowsOnBackup: integer('rows_on_backup').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.modem] })],
);

/**
 * The first and last day each device has a `device_daily_stats` row, kept by the same triggers as
 * `org_daily_stats`: a device has a row on every rolled-up day it exists, so the distinct devices of a date
 * range are those whose span meets it (when the range has rows at all) — ~100 000 small rows read instead of a
 * primary-key probe per device (ARCHITECTURE "Report totals").
 */
export const deviceDaySpans = pgTable(
  'device_day_spans',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    organizationId: organizationRef('cascade'),
    modem: boolean('modem').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [index('device_day_spans_org_idx').on(t.organizationId, t.modem, t.firstDay, t.lastDay)],
);

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/** The same action run on several devices at once (`future/multi/{uuid}`). */
export const jobBatches = pgTable(
  'job_batches',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    action: text('action').notNull(),
    requestedBy: personRef('requested_by'),
    createdAt: createdAt(),
  },
  (t) => [index('job_batches_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Device actions run by the job engine (src/fleet/jobs). Workers claim queued jobs with
 * `FOR UPDATE SKIP LOCKED` and hold a lease while they run; a job whose lease expires is requeued
 * (or failed after `max_attempts`), so none is left running by a dead worker.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    deviceId: ownerRef('device_id', () => devices.id),
    batchId: uuid('batch_id').references(() => jobBatches.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(2),
    requestedBy: personRef('requested_by'),
    createdAt: createdAt(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    /** The worker holding the job while it runs (kept after it finishes: who ran it). */
    lockedBy: text('locked_by'),
    /** While running: the worker must finish or extend its lease before this, or the job is reaped. */
    leaseUntil: tz('lease_until'),
  },
  (t) => [
    // The queue, in claim order.
    index('jobs_queued_idx').on(t.createdAt, t.id).where(sql`${t.state} = 'queued'`),
    // The reaper's scan.
    index('jobs_running_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'running'`),
    index('jobs_device_created_idx').on(t.deviceId, t.createdAt.desc()),
    index('jobs_batch_idx').on(t.batchId),
  ],
);

export const TICKET_STATUSES = ['open', 'closed'] as const;

/**
 * Support tickets sent from a device (issue 4). The device, its site and its latest diagnostic runs
 * are copied in when the ticket is sent: the ticket shows what support was told, whatever happens to
 * the device afterwards.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuidId(),
    /** The number quoted to support (#1001, …), counted per organization (others' volume stays private). */
    number: integer('number').notNull(),
    organizationId: organizationRef(),
    deviceId: ownerRef('device_id', () => devices.id),
    siteId: ownerRef('site_id', () => sites.id),
    subject: text('subject').notNull(),
    comment: text('comment').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** The device and site as they were: TicketDevice and TicketSite of the contracts. */
    device: jsonb('device').$type<Record<string, unknown>>().notNull(),
    site: jsonb('site').$type<Record<string, unknown>>().notNull(),
    /** Ids of the jobs attached (the device's latest finished run of each action). */
    jobIds: uuid('job_ids').array().notNull().default(sql`'{}'::uuid[]`),
    emailedTo: text('emailed_to').notNull(),
    createdBy: personRef('created_by'),
    /** The support person who sent it while acting as `createdBy` (issue 37), else null. */
    createdBySupport: supportRef('created_by_support'),
    /** The alert it was sent from (issue 37), else null; kept null when the alert is deleted. */
    alertId: uuid('alert_id').references((): AnyPgColumn => alerts.id, { onDelete: 'set null' }),
    /** The alert's notes as they were when the ticket was sent: TicketAlertNote[] of the contracts. */
    alertNotes: jsonb('alert_notes').$type<Record<string, unknown>[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_org_number_key').on(t.organizationId, t.number),
    index('tickets_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('tickets_device_idx').on(t.deviceId),
    // One open ticket per alert: a second one is refused (409), also when two are sent at once.
    uniqueIndex('tickets_alert_open_key')
      .on(t.alertId)
      .where(sql`${t.status} = 'open' and ${t.alertId} is not null`),
    index('tickets_alert_idx').on(t.alertId),
  ],
);

/**
 * What happened to a ticket after it was sent, written by vNOC (issue 37): `alert_cleared` when its alert
 * cleared (at the alert's clearing time). Shown on the ticket in the reader's language.
 */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: uuidId(),
    ticketId: ownerRef('ticket_id', () => tickets.id),
    kind: text('kind', { enum: ['alert_cleared'] }).notNull(),
    at: tz('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.at)],
);

/**
 * A ticket's thread (issue 37): the replies of the customer and of support, oldest first. `author_id` is who
 * wrote it (a customer's person, or a support person from the support console); in a support session it is
 * the person support acted as, with `support_id` naming the support person (the reply is support's side).
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuidId(),
    ticketId: ownerRef('ticket_id', () => tickets.id),
    authorId: personRef('author_id'),
    side: text('side', { enum: ['customer', 'support'] }).notNull(),
    supportId: supportRef('support_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const ALERT_STATE_VALUES = ['active', 'cleared'] as const;

/**
 * Alerts and incidents (docs/decisions/alerts-and-notifications.md), raised and cleared by the alert engine
 * (src/fleet/alerts) in the transaction that records the fleet change. One active row per (device, code),
 * and per (organization, region, code) for an incident over several sites; a dependent points at its root.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuidId(),
    /** Order of raising: "unseen" is every active root raised after the caller's last seen one. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: organizationRef(),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    region: text('region'),
    code: text('code').notNull(),
    severity: text('severity', { enum: ['critical', 'major', 'minor', 'info'] }).notNull(),
    state: text('state', { enum: ALERT_STATE_VALUES }).notNull().default('active'),
    /** What was measured when last seen (latency ms, bars, minutes …). */
    details: jsonb('details').$type<Record<string, number | string>>().notNull().default({}),
    raisedAt: tz('raised_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    clearedAt: tz('cleared_at'),
    occurrences: integer('occurrences').notNull().default(1),
    rootAlertId: uuid('root_alert_id'),
    acknowledgedAt: tz('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
    /** The support person who acknowledged it while acting as `acknowledgedBy` (issue 37), else null. */
    acknowledgedBySupport: supportRef('acknowledged_by_support'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who last assigned it (or took the assignment away), and the support person acting as them, if any. */
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedBySupport: supportRef('assigned_by_support'),
    inMaintenance: boolean('in_maintenance').notNull().default(false),
    /** The clearing was notified (once the flap window passed without the alert coming back). */
    clearNotified: boolean('clear_notified').notNull().default(false),
  },
  (t) => [
    uniqueIndex('alerts_seq_key').on(t.seq),
    uniqueIndex('alerts_active_device_code_key')
      .on(t.deviceId, t.code)
      .where(sql`${t.state} = 'active' and ${t.deviceId} is not null`),
    uniqueIndex('alerts_active_region_code_key')
      .on(t.organizationId, t.region, t.code)
      .where(sql`${t.state} = 'active' and ${t.deviceId} is null`),
    // The list's sorts over roots (what it shows unless asked for dependents), with the page's tie-breaker;
    // migrations 0011 and 0022 add INCLUDE (id, code, severity) by hand (drizzle cannot say it), so a page's
    // ids come from the index alone, filtered by code or severity there too.
    index('alerts_org_state_raised_idx')
      .on(t.organizationId, t.state, t.raisedAt.desc(), t.seq.desc())
      .where(sql`${t.rootAlertId} is null`),
    index('alerts_org_state_cleared_idx')
      .on(t.organizationId, t.state, t.clearedAt.desc(), t.seq.desc())
      .where(sql`${t.rootAlertId} is null`),
    // The list's severity sort (worst first) over roots, without sorting every row.
    index('alerts_org_state_severity_idx')
      .on(
        t.organizationId,
        t.state,
        sql`(case ${t.severity} when 'critical' then 0 when 'major' then 1 when 'minor' then 2 else 3 end)`,
        t.seq.desc(),
      )
      .where(sql`${t.rootAlertId} is null`),
    // Regional correlation reads the active alerts of an organization by code.
    index('alerts_active_org_code_idx').on(t.organizationId, t.code).where(sql`${t.state} = 'active'`),
    index('alerts_root_idx').on(t.rootAlertId).where(sql`${t.rootAlertId} is not null`),
    index('alerts_site_state_idx').on(t.siteId, t.state),
    // The list's free-text total over the matched sites' roots: counted from the index alone (migration 0022
    // adds INCLUDE (organization_id) by hand).
    index('alerts_root_site_state_idx').on(t.siteId, t.state).where(sql`${t.rootAlertId} is null`),
    index('alerts_device_state_idx').on(t.deviceId, t.state, t.raisedAt.desc()),
    index('alerts_cleared_unnotified_idx')
      .on(t.clearedAt)
      .where(sql`${t.state} = 'cleared' and not ${t.clearNotified}`),
  ],
);

/**
 * Root alerts per organization, state, severity and code, kept by statement-level triggers on `alerts`
 * (migrations 0009, 0022): the Alerts screen's counts, and its list's total when filtered by nothing else, for
 * an unrestricted caller read these few rows instead of counting a million (ARCHITECTURE "Alerts"). The
 * application never writes them.
 */
export const orgAlertCounts = pgTable(
  'org_alert_counts',
  {
    organizationId: organizationRef('cascade'),
    state: text('state', { enum: ALERT_STATE_VALUES }).notNull(),
    severity: text('severity', { enum: ['critical', 'major', 'minor', 'info'] }).notNull(),
    code: text('code').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.state, t.severity, t.code] })],
);

/** Notes people add to an alert. */
export const alertNotes = pgTable(
  'alert_notes',
  {
    id: uuidId(),
    alertId: ownerRef('alert_id', () => alerts.id),
    authorId: personRef('author_id'),
    /** The support person who wrote it while acting as the author (issue 37), else null. */
    authorSupport: supportRef('author_support'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_notes_alert_idx').on(t.alertId, t.createdAt)],
);

/** The last alert each person has seen (`POST userProfile/updateLastSeenAlert`). */
export const alertSeen = pgTable('alert_seen', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * Maintenance windows: alerts of the sites in a window (listed, or the group's sites at the time) are
 * recorded and marked, not notified.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    groupId: uuid('group_id').references(() => siteGroups.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_windows_org_ends_idx').on(t.organizationId, t.endsAt)],
);

export const maintenanceWindowSites = pgTable(
  'maintenance_window_sites',
  {
    windowId: ownerRef('window_id', () => maintenanceWindows.id),
    siteId: ownerRef('site_id', () => sites.id),
  },
  (t) => [
    primaryKey({ columns: [t.windowId, t.siteId] }),
    index('maintenance_window_sites_site_idx').on(t.siteId),
  ],
);

/** Each person's notification profile (contracts `NotificationProfile`); none stored → the defaults. */
export const notificationProfiles = pgTable('notification_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const NOTIFICATION_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * Notifications to people, a durable queue of their own: each row is one message to one person on one
 * channel, unique by its idempotency key (alert, transition, person, channel), so a retry or a second
 * engine never sends twice. Senders claim due rows with `FOR UPDATE SKIP LOCKED`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidId(),
    organizationId: organizationRef(),
    userId: personRef('user_id', 'cascade'),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    /** raised | cleared | digest | test */
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'voice'] }).notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state', { enum: NOTIFICATION_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this (quiet hours, retry back-off). */
    notBefore: tz('not_before').notNull().defaultNow(),
    /** While a sender holds the row. */
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    uniqueIndex('notifications_idempotency_key').on(t.idempotencyKey),
    index('notifications_due_idx').on(t.notBefore).where(sql`${t.state} = 'pending'`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Users' dashboards (spec part 3 "Dashboard", issue 9); the built-in base dashboard `vnoc` is code, not a
 * row. Ids ascend in creation order (dashboards are listed by id). Shared ones are seen by the whole
 * organization; a user's default dashboard is their `defaultDashboard` preference.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationRef('cascade'),
    ownerId: personRef('owner_id', 'cascade'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tagNames: text('tag_names').array().notNull().default(sql`'{}'::text[]`),
    /** Every widget of the dashboard is scoped to these site groups (none: the owner's whole scope). */
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    shared: boolean('shared').notNull().default(false),
    icon: text('icon'),
    widgets: jsonb('widgets').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('dashboards_organization_idx').on(t.organizationId, t.id),
    index('dashboards_owner_idx').on(t.ownerId, t.id),
  ],
);

export const REPORT_KINDS = ['cellular-billing', 'online-analytics', 'sla'] as const;

/** Scheduled reports (issue 9): a user receives a report by email, weekly or monthly, over a relative range. */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: uuidId(),
    organizationId: organizationRef('cascade'),
    userId: personRef('user_id', 'cascade'),
    report: text('report', { enum: REPORT_KINDS }).notNull(),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    /** The filters of the report (site, group, model, text) as the report page sends them. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    nextRunAt: tz('next_run_at').notNull(),
    lastRunAt: tz('last_run_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_subscriptions_user_idx').on(t.userId),
    index('report_subscriptions_due_idx').on(t.nextRunAt),
  ],
);

/**
 * Product analytics events of the console (issue 10, `POST /api/mp/track`) in the embedded default: who
 * (user, organization, support person when impersonated), when (server time), which session and event, and
 * the event's checked properties. Read by organization and time.
 */
export const productEvents = pgTable(
  'product_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull().defaultNow(),
    userId: personRef('user_id', 'cascade'),
    organizationId: organizationRef('cascade'),
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('product_events_organization_at_idx').on(t.organizationId, t.at)],
);

export const CHAT_STATUSES = ['open', 'closed'] as const;

/**
 * vNOC's own support chat (issue 10 part 6, embedded default): one person's conversation with the
 * provider's support staff. Read per person (their widget) and per status (the support inbox), newest
 * message first. `user_read_at` / `support_read_at`: up to when each side has read the other's messages.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuidId(),
    organizationId: organizationRef('cascade'),
    userId: personRef('user_id', 'cascade'),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
    userReadAt: tz('user_read_at'),
    supportReadAt: tz('support_read_at'),
    closedAt: tz('closed_at'),
  },
  (t) => [
    index('chat_conversations_user_idx').on(t.userId, t.lastMessageAt),
    index('chat_conversations_status_idx').on(t.status, t.lastMessageAt),
  ],
);

/** A message of a support chat conversation; `from_support` tells the sides apart. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: ownerRef('conversation_id', () => chatConversations.id),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * The main layout's feedback (spec part 2): a note a person of a customer organization sent the provider from
 * the console, with the path they were on. Kept when the person's account goes (`user_id` null then); read by the
 * provider's SUPPORT staff, newest first.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuidId(),
    organizationId: organizationRef('cascade'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

/**
 * An organization's webhook destinations (issue 38): where the events it chose are sent, in a preset's format,
 * signed with the destination's secrets (`webhook_secrets`). Sites and groups narrow the events to theirs (both
 * empty: every site). A destination failing for 3 days is paused (`paused_at`) until an administrator resumes it.
 */
export const webhookDestinations = pgTable(
  'webhook_destinations',
  {
    id: uuidId(),
    organizationId: organizationRef('cascade'),
    name: text('name').notNull(),
    /** generic | slack | teams | pagerduty | servicenow */
    preset: text('preset').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    siteIds: uuid('site_ids').array().notNull().default(sql`'{}'`),
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'`),
    /** A preset's routing key or account, sealed (never returned). */
    settings: text('settings'),
    /** Since when every try failed (null after a success). */
    failingSince: tz('failing_since'),
    pausedAt: tz('paused_at'),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_destinations_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A destination's signing secrets, sealed at rest. The newest signs; one rotated out keeps signing alongside it
 * until `expires_at` (the overlap), so receivers can switch without missing a message.
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: uuidId(),
    destinationId: ownerRef('destination_id', () => webhookDestinations.id),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at'),
  },
  (t) => [index('webhook_secrets_destination_idx').on(t.destinationId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/**
 * Webhook deliveries: the durable queue and the delivery log in one. One row per event per destination (unique by
 * `dedup_key`, so every process that sees an event may queue it). Senders claim due rows with `FOR UPDATE SKIP
 * LOCKED`; a row waits while an earlier row of its `order_key` (one alert, device or job) is pending, so a
 * destination receives one incident's events in order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidId(),
    /** The order events were queued in. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: organizationRef('cascade'),
    destinationId: ownerRef('destination_id', () => webhookDestinations.id),
    event: text('event').notNull(),
    dedupKey: text('dedup_key').notNull(),
    orderKey: text('order_key').notNull(),
    /** The event as vNOC's generic JSON; a preset's body is made from it at each try. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastAttemptAt: tz('last_attempt_at'),
    responseStatus: integer('response_status'),
    /** The first 512 bytes of the latest answer. */
    responseBody: text('response_body'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_dedup').on(t.destinationId, t.dedupKey),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.destinationId, t.orderKey, t.seq)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.destinationId, t.seq.desc()),
  ],
);

/**
 * The record a destination's tool made for one subject (issue 38): the ServiceNow incident (`sys_id`) opened for an
 * alert, a device's outage or a ticket, so its acknowledgement and resolution update that incident in place.
 */
export const webhookRecords = pgTable(
  'webhook_records',
  {
    destinationId: ownerRef('destination_id', () => webhookDestinations.id),
    /** What the record is about: the deliveries' order key (`alert:<id>`, `device:<id>`, `ticket:<id>`). */
    subject: text('subject').notNull(),
    remoteId: text('remote_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.destinationId, t.subject] })],
);
