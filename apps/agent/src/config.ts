import { readFileSync } from 'node:fs';
import { HostOrIpSchema } from '@vnoc/contracts';
import { z } from 'zod';

/**
 * The agent's configuration (apps/agent/README.md, "Configuration"): a JSON file, then environment variables,
 * then command-line flags, each overriding the one before. Everything is checked here, once, with messages a
 * person fixing the file can act on; the rest of the agent trusts what this answers.
 */

/** A Linux interface name (IFNAMSIZ: at most 15 characters); nothing that could be read as an option. */
const IFNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const InterfaceNameSchema = z
  .string()
  .regex(IFNAME, { error: 'An interface name is 1 to 15 letters, digits, "_", "." or "-".' });

export const AgentConfigSchema = z
  .object({
    url: z.string({ error: 'url is required: the broker, e.g. mqtt://vnoc.example.net:1883.' }).refine(
      (v) => {
        if (!URL.canParse(v)) return false;
        const u = new URL(v);
        return (u.protocol === 'mqtt:' || u.protocol === 'mqtts:') && !u.username && !u.password;
      },
      { error: 'url must be mqtt://host:port or mqtts://host:port, without credentials in it.' },
    ),
    /** MQTT 3.1.1 (4, default: vNOC's embedded broker speaks only 3.1.1) or 5 (an external broker that speaks it). */
    mqttVersion: z
      .union([z.literal(4), z.literal(5)], { error: 'mqttVersion is 4 (MQTT 3.1.1) or 5.' })
      .default(4),
    /** A CA certificate file (PEM) for mqtts:// and https:// (a server with its own CA). */
    ca: z.string().min(1).optional(),
    deviceId: z
      .string({ error: 'deviceId is required: the device id vNOC showed when the device was added.' })
      .regex(UUID, { error: 'deviceId must be the device id (a UUID) vNOC showed.' }),
    secret: z.string().min(1).optional(),
    secretFile: z.string().min(1).optional(),
    intervalSeconds: z
      .number()
      .int({ error: 'intervalSeconds must be a whole number of seconds.' })
      .min(1, { error: 'intervalSeconds must be at least 1.' })
      .max(3600, { error: 'intervalSeconds must be at most 3600.' })
      .default(60),
    /** WAN latency target; default: the default route's gateway. */
    wanTarget: HostOrIpSchema.optional(),
    /** Hosts the LAN ping tries; default: complete entries of the neighbour table on LAN interfaces (at most 8). */
    lanHosts: z.array(HostOrIpSchema).max(32, { error: 'lanHosts lists at most 32 hosts.' }).optional(),
    /** The VLAN id the LAN ping and the reports name (a host without VLANs: 1). */
    lanVlan: z.number().int().min(1).max(4094).default(1),
    /** Port system number → the interface port actions may take down and up; no other interface is ever touched. */
    ports: z.record(z.string(), InterfaceNameSchema).default({}),
    allowReboot: z.boolean().default(false),
    /** The command `reboot` runs (no shell): program and arguments. */
    rebootCommand: z.array(z.string().min(1)).min(1).default(['/sbin/reboot']),
    /** How long the device takes to come back after a reboot (the console's "expected back"). */
    rebootSeconds: z.number().int().min(10).max(3600).default(120),
    /** The server's HTTP address (https://vnoc.example.net): the speed test's default endpoint derives from it. */
    apiUrl: z
      .url({ protocol: /^https?$/, error: 'apiUrl must be an http:// or https:// address.' })
      .optional(),
    speedtestUrl: z
      .url({ protocol: /^https?$/, error: 'speedtestUrl must be an http:// or https:// address.' })
      .optional(),
    bufferHours: z.number().positive().max(168).default(24),
    /** Where the buffer of unsent reports is kept across restarts. */
    stateDir: z.string().min(1).default('/var/lib/vnoc-agent'),
    /** A dnsmasq lease file; default: the first of the usual places that exists. */
    dhcpLeaseFile: z.string().min(1).optional(),
    /** The `ip` command and what runs it (e.g. ["ip","netns","exec","site","ip"] or ["sudo","ip"]). */
    ipCommand: z.array(z.string().min(1)).min(1).default(['ip']),
    /** Where /proc and /sys are read from (tests point it at fixture trees). */
    root: z.string().min(1).default('/'),
  })
  .superRefine((c, ctx) => {
    if (!c.secret && !c.secretFile)
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'secret or secretFile is required.' });
    for (const key of Object.keys(c.ports))
      if (!/^([1-9]|1[0-6])$/.test(key))
        ctx.addIssue({
          code: 'custom',
          path: ['ports', key],
          message: 'ports are keyed by their system number, 1 to 16.',
        });
    const names = Object.values(c.ports);
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['ports'], message: 'Each interface may be one port only.' });
  });

export type AgentConfigInput = z.input<typeof AgentConfigSchema>;
export type AgentConfig = z.output<typeof AgentConfigSchema> & {
  secret: string;
  /** The speed test's endpoint (…/api/edge/speedtest), when one is known. */
  speedtestUrl?: string;
};

export class ConfigError extends Error {}

type OptionKind = 'string' | 'number' | 'boolean';

/**
 * The settings a flag or an environment variable may give, each with the kind its text is read as. A flag
 * overrides the environment, which overrides the file. The secret may come from the environment, never from a
 * flag: flags show in `ps`.
 */
const OPTIONS: readonly { key: keyof AgentConfigInput; kind: OptionKind; flag?: string; env?: string }[] = [
  { key: 'url', kind: 'string', flag: '--url', env: 'VNOC_AGENT_URL' },
  { key: 'ca', kind: 'string', flag: '--ca', env: 'VNOC_AGENT_CA' },
  { key: 'deviceId', kind: 'string', flag: '--device-id', env: 'VNOC_AGENT_DEVICE_ID' },
  { key: 'secret', kind: 'string', env: 'VNOC_AGENT_SECRET' },
  { key: 'secretFile', kind: 'string', flag: '--secret-file', env: 'VNOC_AGENT_SECRET_FILE' },
  { key: 'intervalSeconds', kind: 'number', flag: '--interval', env: 'VNOC_AGENT_INTERVAL' },
  { key: 'wanTarget', kind: 'string', flag: '--wan-target' },
  { key: 'apiUrl', kind: 'string', flag: '--api-url', env: 'VNOC_AGENT_API_URL' },
  { key: 'speedtestUrl', kind: 'string', flag: '--speedtest-url' },
  { key: 'stateDir', kind: 'string', flag: '--state-dir', env: 'VNOC_AGENT_STATE_DIR' },
  { key: 'allowReboot', kind: 'boolean', flag: '--allow-reboot', env: 'VNOC_AGENT_ALLOW_REBOOT' },
];

/** The options by flag, in the table's order (the order an unknown flag's message lists them in). */
const FLAGS = new Map(OPTIONS.flatMap((option) => (option.flag ? [[option.flag, option] as const] : [])));

function convert(name: string, kind: OptionKind, value: string): unknown {
  if (kind === 'string') return value;
  if (kind === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new ConfigError(`${name} must be a number.`);
    return n;
  }
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false.`);
}

/** `--config FILE` and the overrides, from argv (without node and the script). */
export function parseArgs(argv: readonly string[]): {
  configFile?: string;
  overrides: Record<string, unknown>;
} {
  const overrides: Record<string, unknown> = {};
  let configFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=')
      ? (arg.split(/=(.*)/s, 2) as [string, string])
      : [arg, undefined];
    if (flag === '--config') {
      configFile = inline ?? argv[++i];
      if (!configFile) throw new ConfigError('--config needs a file.');
      continue;
    }
    const spec = FLAGS.get(flag);
    if (!spec)
      throw new ConfigError(`Unknown option ${flag}. Options: --config, ${[...FLAGS.keys()].join(', ')}.`);
    if (spec.kind === 'boolean' && inline === undefined) {
      overrides[spec.key] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`${flag} needs a value.`);
    overrides[spec.key] = convert(flag, spec.kind, value);
  }
  return { configFile, overrides };
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('\n');
}

/** Checks a configuration object and reads its secret file; throws ConfigError with every reason. */
export function resolveConfig(input: unknown): AgentConfig {
  const parsed = AgentConfigSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(describe(parsed.error));
  const c = parsed.data;
  let secret = c.secret;
  if (!secret && c.secretFile) {
    try {
      secret = readFileSync(c.secretFile, 'utf8').trim();
    } catch (err) {
      throw new ConfigError(
        `secretFile ${c.secretFile} cannot be read (${(err as NodeJS.ErrnoException).code}).`,
      );
    }
    if (!secret) throw new ConfigError(`secretFile ${c.secretFile} is empty.`);
  }
  if (c.ca) {
    try {
      readFileSync(c.ca);
    } catch (err) {
      throw new ConfigError(`ca ${c.ca} cannot be read (${(err as NodeJS.ErrnoException).code}).`);
    }
  }
  const speedtestUrl =
    c.speedtestUrl ?? (c.apiUrl ? new URL('/api/edge/speedtest', c.apiUrl).toString() : undefined);
  return { ...c, secret: secret as string, speedtestUrl };
}

/** The configuration from a file (optional), the environment and the flags, in that order of strength. */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const { configFile, overrides } = parseArgs(argv);
  let fromFile: Record<string, unknown> = {};
  if (configFile) {
    let text: string;
    try {
      text = readFileSync(configFile, 'utf8');
    } catch (err) {
      throw new ConfigError(
        `The configuration file ${configFile} cannot be read (${(err as NodeJS.ErrnoException).code}).`,
      );
    }
    try {
      fromFile = JSON.parse(text) as Record<string, unknown>;
    } catch (err) {
      throw new ConfigError(`The configuration file ${configFile} is not JSON: ${(err as Error).message}`);
    }
    if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile))
      throw new ConfigError(`The configuration file ${configFile} must hold a JSON object.`);
  }
  const fromEnv: Record<string, unknown> = {};
  for (const { key, kind, env: name } of OPTIONS) {
    const value = name ? env[name] : undefined;
    // An empty variable is as good as none.
    if (name && value) fromEnv[key] = convert(name, kind, value);
  }
  return resolveConfig({ ...fromFile, ...fromEnv, ...overrides });
}
