import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
});

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
  version: string;
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
  if (problems.length > 0) throw new ConfigError(problems);

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
    version: readVersion(),
  };
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
