import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SsoApp, SsoAppSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { isProxyEntry } from './client-address.ts';

/** Repository root (apps/api/src/plugins → ../../../..), used for defaults that point into the repo. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const DEFAULT_DEMO_PASSWORD = 'vnoc-demo-2026!';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = (protocols: RegExp, label: string) =>
  optionalText.pipe(
    z
      .string()
      .refine((v) => protocols.test(v) && URL.canParse(v), { message: `must be a ${label} URL` })
      .optional(),
  );

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://'),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis://'),
  DEMO: flag.optional(),
  /** Proxies whose X-Forwarded-For is believed: addresses, CIDRs, or loopback/linklocal/uniquelocal. */
  TRUST_PROXY: optionalText,
  /** Serve the demo fleet or the dev outbox on a network address anyway (issue 11: off by default). */
  ALLOW_INSECURE_NETWORK: flag.optional(),
  SIMULATOR: flag.optional(),
  SIM_SPEED: z.coerce.number().min(1, { message: 'must be a number ≥ 1' }).max(100_000).default(1),
  SIM_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(20261121),
  DELIVERY: z.enum(['outbox', 'live']).optional(),
  JWT_SECRET: optionalText.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
  DEMO_PASSWORD: optionalText.pipe(
    z.string().min(12, { message: 'must be at least 12 characters' }).optional(),
  ),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp:// or smtps://'),
  SMTP_FROM: optionalText.pipe(z.string().optional()),
  SMS_API_URL: optionalUrl(/^https?:\/\//, 'http(s)://'),
  SMS_ACCOUNT_SID: optionalText,
  SMS_AUTH_TOKEN: optionalText,
  SMS_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, { message: 'must be an E.164 number' })
      .optional(),
  ),
  GEOCODER_URL: optionalUrl(/^https?:\/\//, 'http(s)://'),
  GEOCODER_USER_AGENT: optionalText.pipe(z.string().max(200).optional()),
  SUPPORT_EMAIL: optionalText.pipe(z.email({ message: 'must be an email address' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  PG_POOL_SIZE: z.coerce.number().int().min(2, { message: 'must be at least 2' }).max(500).optional(),
  DOWNLOAD_STALL_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  NODE_ENV: optionalText,
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'http(s)://'),
  /** The embedded MQTT broker's port (docs/device-protocol.md); 0 picks a free one. Never the machine's 1883 by default. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  /** Listen on MQTT_HOST (default: HOST). */
  MQTT_HOST: optionalText,
  /** An external broker (scaled installations): no embedded broker then; gateway workers share the devices. */
  MQTT_URL: optionalUrl(/^mqtts?:\/\//, 'mqtt:// or mqtts://'),
  /** The shared-subscription group the gateway workers of one installation join on an external broker. */
  MQTT_SHARE_GROUP: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, _ or -' })
    .default('vnoc-gateway'),
  /** The MQTT version vNOC's gateway speaks to an external broker: 5 (default) or 4 (3.1.1). */
  MQTT_PROTOCOL_VERSION: z.enum(['4', '5']).default('5'),
  /** TLS for the embedded broker: both set → it listens with TLS. */
  MQTT_TLS_CERT: optionalText,
  MQTT_TLS_KEY: optionalText,
  /** The broker address devices are told to use (shown on the provisioning screen). */
  MQTT_PUBLIC_URL: optionalUrl(/^mqtts?:\/\//, 'mqtt:// or mqtts://'),
  /** The external broker's secret for vNOC's HTTP authentication and ACL endpoints. */
  MQTT_AUTH_TOKEN: optionalText.pipe(
    z.string().min(24, { message: 'must be at least 24 characters' }).optional(),
  ),
  /** A reporting device silent for this long is offline (3 missed 60-second reports by default). */
  DEVICE_HEARTBEAT_TIMEOUT_S: z.coerce.number().int().min(10).max(86_400).default(180),
  SSO_DEV_PROVIDER: flag.optional(),
  /** Webhooks may be sent to this machine (a developer's local receiver, the tests); refused in production. */
  WEBHOOKS_ALLOW_LOOPBACK: flag.default(false),
  SSO_DEV_ISSUER: optionalUrl(/^https?:\/\//, 'http(s)://'),
  SSO_AUDIENCES: optionalText,
  SSO_APPS: optionalText,
  MIXPANEL_API_HOST: optionalUrl(/^https?:\/\//, 'http(s)://'),
  MIXPANEL_TOKEN: optionalText.pipe(z.string().max(200).optional()),
  POSTHOG_HOST: optionalUrl(/^https?:\/\//, 'http(s)://'),
  POSTHOG_KEY: optionalText.pipe(z.string().max(200).optional()),
  INTERCOM_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9]{1,40}$/, { message: 'must be an Intercom app id (letters and digits)' })
      .optional(),
  ),
  INTERCOM_SECRET: optionalText.pipe(
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ),
  /** Raster map tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; unset → the bundled basemap. */
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => /^https:\/\//.test(v) && URL.canParse(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
        {
          message: 'must be an https:// URL with {z}, {x} and {y}',
        },
      )
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: optionalText.pipe(z.string().max(300).optional()),
});

/** Whether a listen address is reachable from this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/** The development identity provider's one client: the console (public, PKCE). */
export const DEV_SSO_CLIENT_ID = 'vnoc-console';

/** Other apps of the single sign-on (SSO_APPS): each as in spec part 3, but never "this app". */
const OtherAppsSchema = z.array(SsoAppSchema.omit({ isThisApp: true }).strict());

export type SsoConfig = {
  /** The development identity provider run inside the API (oidc-provider); undefined = not mounted. */
  devProvider: { issuer: string; clientId: string; consoleOrigins: string[] } | undefined;
  /** The single sign-on app list (spec part 3), the console's own entry (isThisApp) included. */
  apps: SsoApp[];
  /** Audiences accepted in a provider's access token besides the organization's client id (e.g. api://default). */
  audiences: string[];
};

/**
 * Where product analytics events go: stored in PostgreSQL (default), or forwarded to a Mixpanel-compatible
 * `/track` endpoint or a PostHog `/batch/` endpoint (then not stored).
 */
export type ProductAnalyticsConfig =
  | { mode: 'store' }
  | { mode: 'mixpanel'; apiHost: string; token: string }
  | { mode: 'posthog'; host: string; key: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → embedded PostgreSQL under dataDir/pg. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  demo: boolean;
  simulator: boolean;
  /** Simulated time runs this many times faster than real time (1 = real time). */
  simSpeed: number;
  /** The simulator's seed: the same seed gives the same history and the same live run. */
  simSeed: number;
  delivery: 'outbox' | 'live';
  /** Unset only in embedded mode, where it is generated into dataDir on first start (see resolveJwtSecret). */
  jwtSecret: string | undefined;
  demoPassword: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  supportEmail: string | undefined;
  /** A Nominatim-compatible service; unset → the offline gazetteer. */
  geocoderUrl: string | undefined;
  geocoderUserAgent: string;
  logLevel: string;
  webDist: string;
  pgPort: number;
  /** Connections the server keeps to PostgreSQL (PG_POOL_SIZE, else sized for the machine). */
  pgPoolSize: number;
  /** How long a download waits on a client that reads nothing before it is cut off (DOWNLOAD_STALL_SECONDS). */
  downloadStallMs: number;
  version: string;
  /** Where people open the console (PUBLIC_URL), when set. */
  publicUrl: string | undefined;
  /** The device edge's MQTT transport (docs/device-protocol.md). */
  mqtt: {
    /** Embedded broker port (0: a free one); unused when `url` is set. */
    port: number;
    host: string;
    /** An external broker instead of the embedded one. */
    url: string | undefined;
    /** The shared-subscription group of this installation's gateway workers (external broker). */
    shareGroup: string;
    /** The MQTT version the gateway speaks to an external broker (5: sessions expire an hour after a worker left). */
    protocolVersion: 4 | 5;
    tls: { certFile: string; keyFile: string } | undefined;
    /** The address devices are told to connect to. */
    publicUrl: string;
    /** The external broker's bearer token for /api/edge/mqtt/*; unset: those endpoints answer 404. */
    authToken: string | undefined;
  };
  /** A reporting device silent for this long is offline (ms). */
  deviceHeartbeatTimeoutMs: number;
  sso: SsoConfig;
  productAnalytics: ProductAnalyticsConfig;
  /**
   * The reverse proxies in front of the server (TRUST_PROXY): their X-Forwarded-For names the client that
   * rate limits, lockouts and the audit log count; empty = the connection's address (no proxy believed).
   */
  trustProxy: string[];
  /**
   * The Intercom messenger the console boots (its app id, and the messenger security secret that signs
   * `GET userProfile/intercomjwt`); undefined: vNOC's own support chat.
   */
  intercom: { appId: string; secret: string } | undefined;
  /** Raster tiles for the console's maps (MAP_TILE_URL); undefined: the bundled offline basemap. */
  mapTiles: { url: string; attribution: string } | undefined;
  /**
   * Addresses others choose (SSO issuers, webhooks): plain http only in development installs (the dev outbox);
   * webhooks to loopback only with WEBHOOKS_ALLOW_LOOPBACK=1, never in production.
   */
  outbound: { allowHttp: boolean; allowLoopback: boolean };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Parses the environment once; throws ConfigError listing every problem. Pure apart from reading the version. */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  // An empty variable means "unset", as it does for most tools.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const embedded = e.DATABASE_URL === undefined;
  const delivery = e.DELIVERY ?? (embedded ? 'outbox' : 'live');
  const demo = e.DEMO ?? embedded;
  const problems: string[] = [];

  if (!embedded && !e.JWT_SECRET) problems.push('JWT_SECRET: required when DATABASE_URL is set');
  const smsParts = [e.SMS_API_URL, e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM];
  if (delivery === 'live') {
    if (!e.SMTP_URL) problems.push('SMTP_URL: required when DELIVERY=live');
    if (smsParts.some((p) => !p)) {
      problems.push(
        'SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: all required when DELIVERY=live',
      );
    }
  }
  let otherApps: z.infer<typeof OtherAppsSchema> = [];
  if (e.SSO_APPS) {
    let json: unknown;
    try {
      json = JSON.parse(e.SSO_APPS);
    } catch {
      json = undefined;
    }
    const apps = OtherAppsSchema.safeParse(json);
    if (apps.success) otherApps = apps.data;
    else problems.push('SSO_APPS: must be a JSON list of {"name","url","sortOrder"}');
  }
  if (Boolean(e.MIXPANEL_API_HOST) !== Boolean(e.MIXPANEL_TOKEN)) {
    problems.push('MIXPANEL_API_HOST, MIXPANEL_TOKEN: both required to forward analytics to Mixpanel');
  }
  if (Boolean(e.POSTHOG_HOST) !== Boolean(e.POSTHOG_KEY)) {
    problems.push('POSTHOG_HOST, POSTHOG_KEY: both required to forward analytics to PostHog');
  }
  if (e.MIXPANEL_API_HOST && e.POSTHOG_HOST) {
    problems.push('MIXPANEL_API_HOST, POSTHOG_HOST: set one analytics service, not both');
  }
  if (!isLoopback(e.HOST) && !e.ALLOW_INSECURE_NETWORK) {
    if (delivery === 'outbox') {
      problems.push(
        `HOST: ${e.HOST} would serve the dev outbox (every sign-in code and link, readable by anyone) to the network; ` +
          'set HOST=127.0.0.1, or DELIVERY=live, or ALLOW_INSECURE_NETWORK=1 to accept the risk',
      );
    }
    if (demo) {
      problems.push(
        `HOST: ${e.HOST} would serve the demo organizations (a published password, no MFA) to the network; ` +
          'set HOST=127.0.0.1, or DEMO=0, or ALLOW_INSECURE_NETWORK=1 to accept the risk',
      );
    }
  }
  const trustProxy = (e.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const badProxies = trustProxy.filter((entry) => !isProxyEntry(entry));
  if (badProxies.length > 0) {
    problems.push(
      `TRUST_PROXY: ${badProxies.join(', ')} is not an address, a CIDR, loopback, linklocal or uniquelocal`,
    );
  }
  if (e.MAP_TILE_ATTRIBUTION && !e.MAP_TILE_URL) {
    problems.push('MAP_TILE_ATTRIBUTION: set only with MAP_TILE_URL');
  }
  if (Boolean(e.INTERCOM_APP_ID) !== Boolean(e.INTERCOM_SECRET)) {
    problems.push('INTERCOM_APP_ID, INTERCOM_SECRET: both required to use the Intercom messenger');
  }
  // Its identities are the demo users: served to this machine only, like the dev outbox.
  if (e.WEBHOOKS_ALLOW_LOOPBACK && e.NODE_ENV === 'production') {
    problems.push(
      'WEBHOOKS_ALLOW_LOOPBACK: webhooks to this machine are a development setting, never on with NODE_ENV=production',
    );
  }
  if (e.SSO_DEV_PROVIDER && !isLoopback(e.HOST)) {
    problems.push(
      `SSO_DEV_PROVIDER: the development identity provider (the demo users) is served only when HOST is a loopback address, not ${e.HOST}; ` +
        'set HOST=127.0.0.1 or SSO_DEV_PROVIDER=0',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // Never in production unless asked (SSO_DEV_PROVIDER=1), never on a network address.
  const devProvider = e.SSO_DEV_PROVIDER ?? (demo && e.NODE_ENV !== 'production' && isLoopback(e.HOST));
  const urlHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    demo,
    simulator: e.SIMULATOR ?? demo,
    simSpeed: e.SIM_SPEED,
    simSeed: e.SIM_SEED,
    delivery,
    jwtSecret: e.JWT_SECRET,
    demoPassword: e.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'vNOC <no-reply@vnoc.example>',
    sms:
      e.SMS_API_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            apiUrl: e.SMS_API_URL,
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    supportEmail: e.SUPPORT_EMAIL,
    geocoderUrl: e.GEOCODER_URL,
    geocoderUserAgent: e.GEOCODER_USER_AGENT ?? 'vNOC',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    pgPort: e.PG_PORT,
    pgPoolSize: e.PG_POOL_SIZE ?? defaultPoolSize(),
    downloadStallMs: e.DOWNLOAD_STALL_SECONDS * 1000,
    version: readVersion(),
    publicUrl,
    mqtt: {
      port: e.MQTT_PORT,
      host: e.MQTT_HOST ?? e.HOST,
      url: e.MQTT_URL,
      shareGroup: e.MQTT_SHARE_GROUP,
      protocolVersion: e.MQTT_PROTOCOL_VERSION === '4' ? 4 : 5,
      tls:
        e.MQTT_TLS_CERT && e.MQTT_TLS_KEY
          ? { certFile: e.MQTT_TLS_CERT, keyFile: e.MQTT_TLS_KEY }
          : undefined,
      publicUrl:
        e.MQTT_PUBLIC_URL ??
        e.MQTT_URL ??
        `${e.MQTT_TLS_CERT && e.MQTT_TLS_KEY ? 'mqtts' : 'mqtt'}://${publicUrl ? new URL(publicUrl).hostname : urlHost}:${e.MQTT_PORT}`,
      authToken: e.MQTT_AUTH_TOKEN,
    },
    deviceHeartbeatTimeoutMs: e.DEVICE_HEARTBEAT_TIMEOUT_S * 1000,
    sso: {
      devProvider: devProvider
        ? {
            issuer: (e.SSO_DEV_ISSUER ?? `http://${urlHost}:${e.PORT}/idp`).replace(/\/+$/, ''),
            clientId: DEV_SSO_CLIENT_ID,
            consoleOrigins: consoleOrigins(publicUrl, urlHost, e.PORT),
          }
        : undefined,
      apps: [
        { name: 'vNOC', url: publicUrl ?? '/', isThisApp: true, sortOrder: 0 },
        ...otherApps.map((a) => ({ ...a, isThisApp: false })),
      ],
      audiences: (e.SSO_AUDIENCES ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    },
    productAnalytics: productAnalyticsConfig(e),
    trustProxy,
    intercom:
      e.INTERCOM_APP_ID && e.INTERCOM_SECRET
        ? { appId: e.INTERCOM_APP_ID, secret: e.INTERCOM_SECRET }
        : undefined,
    mapTiles: e.MAP_TILE_URL
      ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION ?? '&copy; OpenStreetMap contributors' }
      : undefined,
    outbound: {
      allowHttp: delivery === 'outbox' && e.NODE_ENV !== 'production',
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK && e.NODE_ENV !== 'production',
    },
  };
}

function productAnalyticsConfig(e: z.infer<typeof EnvSchema>): ProductAnalyticsConfig {
  if (e.MIXPANEL_API_HOST && e.MIXPANEL_TOKEN) {
    return { mode: 'mixpanel', apiHost: e.MIXPANEL_API_HOST.replace(/\/+$/, ''), token: e.MIXPANEL_TOKEN };
  }
  if (e.POSTHOG_HOST && e.POSTHOG_KEY) {
    return { mode: 'posthog', host: e.POSTHOG_HOST.replace(/\/+$/, ''), key: e.POSTHOG_KEY };
  }
  return { mode: 'store' };
}

/**
 * Where the console is, for links in emails (issue 34): PUBLIC_URL, else the address this server listens at.
 * Never a request header: a caller could point the link at a host of theirs.
 */
export function consoleUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/**
 * The origins the console is opened at, for the development provider's redirect URIs: PUBLIC_URL, the
 * server's own address under both local names, and the Vite dev server's.
 */
function consoleOrigins(publicUrl: string | undefined, host: string, port: number): string[] {
  const origins = [
    ...(publicUrl ? [new URL(publicUrl).origin] : []),
    `http://${host}:${port}`,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ];
  return [...new Set(origins)];
}

/**
 * The pool for this machine: PostgreSQL's rule of thumb, twice the cores plus one, since a query holds a core
 * while it runs and more backends than that only queue inside PostgreSQL (on 2 cores, 4 connections answered the
 * alert list 84 req/s against 56 with 10; bench/README.md). Requests, the simulator's ticks, the alert engine and
 * the job queue share it.
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.max(4, 2 * cores + 1);
}

/** The configured secret, or (embedded mode) one generated once into DATA_DIR/jwt-secret with mode 0600. */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
