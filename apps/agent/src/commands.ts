import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import {
  type DeviceCommand,
  type DeviceCommandResult,
  DeviceCommandSchema,
  DisableLanPortsRequestSchema,
  HostOrIpSchema,
  type LanPingResult,
  type PortsResult,
  type RebootResult,
  type SpeedTestResult,
  type SystemTestResult,
  type TracerouteResult,
  type WanTestResult,
} from '@vnoc/contracts';
import { z } from 'zod';
import { defaultRoute, type HostAccess, neighbours, readText } from './collect.ts';
import type { AgentConfig } from './config.ts';
import {
  countSockets,
  cpuPercent,
  parseCpuTimes,
  parseMeminfo,
  parsePing,
  parseTracepath,
  parseTraceroute,
  parseUptime,
} from './parse.ts';

/** A failure the person who asked reads as is (docs/device-protocol.md, section 4). */
export class CommandFailure extends Error {}

export const MESSAGES = {
  unknown: (action: string) => `The device does not know the command "${action}".`,
  badParams: (why: string) => `The command's parameters are not valid: ${why}`,
  expired: 'The command reached the device after its timeout; it was not run.',
  timedOut: (ms: number) => `The command did not finish within ${Math.max(1, Math.ceil(ms / 1000))} s.`,
  noTraceroute: 'traceroute is not installed on the device.',
  noPing: 'ping is not installed on the device.',
  noLanHosts: 'The device knows no LAN host to ping (configure lanHosts).',
  noWanTarget: 'The device has no default route and no WAN target is configured.',
  noSpeedtest: 'No speed-test address is configured on the device (set apiUrl or speedtestUrl).',
  rebootNotAllowed: 'Reboot is not allowed on this device (start the agent with allowReboot).',
  portNotAllowed: (n: number) => `Port ${n} is not configured for port actions on this device.`,
  noPorts: 'No port is configured for port actions on this device.',
  ipFailed: (iface: string, why: string) => `Could not change ${iface}: ${why}`,
} as const;

export type CommandContext = {
  config: AgentConfig;
  access: HostAccess;
  /** Runs `ip` (config.ipCommand) with these arguments. */
  ip: (args: string[], signal?: AbortSignal) => ReturnType<HostAccess['run']>;
  /** How long systemTest samples the CPU (1 s). */
  cpuSampleMs?: number;
  /** Called when disabled ports came back on by themselves (the revert timer). */
  onAutoRevert?: (ports: PortsResult) => void;
  /** Tells vNOC the device is about to restart (its `rebooting` state); the reboot command runs after it. */
  beforeReboot?: () => Promise<unknown>;
  log: (msg: string, detail?: Record<string, unknown>) => void;
};

/** The agent's port state: which configured ports it took down, and the pending automatic revert. */
export class PortState {
  disabled = new Set<number>();
  timer: NodeJS.Timeout | null = null;
  revertAt: number | null = null;

  clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.revertAt = null;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

function params<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new CommandFailure(
      MESSAGES.badParams(
        parsed.error.issues
          .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
          .join('; '),
      ),
    );
  return parsed.data;
}

async function ping(ctx: CommandContext, host: string, count: number, signal?: AbortSignal) {
  const result = await ctx.access.run(['ping', '-n', '-c', String(count), '-i', '0.2', '-W', '1', host], {
    timeoutMs: count * 1000 + 5000,
    signal,
  });
  if (result.missing) throw new CommandFailure(MESSAGES.noPing);
  return parsePing(result.stdout);
}

// ---- the actions ----

async function lanPingTest(ctx: CommandContext, signal?: AbortSignal): Promise<LanPingResult> {
  let hosts = ctx.config.lanHosts;
  if (!hosts?.length) {
    const wan = (await defaultRoute(ctx.access))?.interface;
    hosts = [
      ...new Set(
        (await neighbours(ctx.access))
          .filter((n) => n.interface !== wan && n.interface !== 'lo')
          .map((n) => n.ip),
      ),
    ].slice(0, 8);
  }
  if (!hosts.length) throw new CommandFailure(MESSAGES.noLanHosts);
  const sent = 3;
  const results = await Promise.all(
    hosts.map(async (host) => {
      const p = await ping(ctx, host, sent, signal);
      return {
        host,
        ip: p?.ip ?? host,
        vlan: ctx.config.lanVlan,
        sent: p?.sent || sent,
        received: p?.received ?? 0,
        avgMs: p?.avg ?? null,
      };
    }),
  );
  return { hosts: results };
}

async function wanTest(ctx: CommandContext, signal?: AbortSignal): Promise<WanTestResult> {
  const route = await defaultRoute(ctx.access);
  const targets: { target: string; name: string }[] = [];
  if (route?.gateway) targets.push({ target: route.gateway, name: 'Provider gateway' });
  if (ctx.config.wanTarget && ctx.config.wanTarget !== route?.gateway)
    targets.push({ target: ctx.config.wanTarget, name: 'WAN target' });
  if (!targets.length) throw new CommandFailure(MESSAGES.noWanTarget);
  const sent = 10;
  return {
    link: 'primary',
    targets: await Promise.all(
      targets.map(async ({ target, name }) => {
        const p = await ping(ctx, target, sent, signal);
        return {
          target,
          name,
          sent: p?.sent || sent,
          min: p?.min ?? 0,
          avg: p?.avg ?? 0,
          max: p?.max ?? 0,
          jitter: p?.mdev ?? 0,
          loss: p?.lossPercent ?? 100,
        };
      }),
    ),
  };
}

async function traceroute(
  ctx: CommandContext,
  raw: unknown,
  signal?: AbortSignal,
): Promise<TracerouteResult> {
  const p = params(z.object({ vlan: z.number().int().default(1), ip: HostOrIpSchema }), raw);
  const trace = await ctx.access.run(['traceroute', '-n', '-q', '3', '-w', '1', '-m', '20', p.ip], {
    timeoutMs: 60_000,
    signal,
  });
  let hops: ReturnType<typeof parseTraceroute>;
  if (!trace.missing) {
    if (trace.code !== 0 && !trace.stdout.trim())
      throw new CommandFailure(
        `traceroute failed: ${trace.stderr.trim().split('\n')[0] || `exit ${trace.code}`}`,
      );
    hops = parseTraceroute(trace.stdout);
  } else {
    const path = await ctx.access.run(['tracepath', '-n', '-m', '20', p.ip], { timeoutMs: 60_000, signal });
    if (path.missing) throw new CommandFailure(MESSAGES.noTraceroute);
    if (path.code !== 0 && !path.stdout.trim())
      throw new CommandFailure(
        `tracepath failed: ${path.stderr.trim().split('\n')[0] || `exit ${path.code}`}`,
      );
    hops = parseTracepath(path.stdout);
  }
  return { target: p.ip, vlan: p.vlan, hops };
}

/** One HTTP exchange with the speed-test endpoint; answers the bytes moved and the time it took. */
function speedRequest(
  ctx: CommandContext,
  url: URL,
  method: 'GET' | 'POST',
  body: Buffer | null,
  timeoutMs: number,
): Promise<{ bytes: number; ms: number; firstByteMs: number }> {
  const lib = url.protocol === 'https:' ? https : http;
  const auth = Buffer.from(`${ctx.config.deviceId}:${ctx.config.secret}`).toString('base64');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          ...(body ? { 'content-type': 'application/octet-stream', 'content-length': body.length } : {}),
        },
        timeout: timeoutMs,
        ...(ctx.config.ca && url.protocol === 'https:' ? { ca: readCa(ctx.config.ca) } : {}),
      },
      (res) => {
        let firstByteMs = -1;
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          if (res.statusCode !== 200 || method === 'POST') chunks.push(chunk);
        });
        res.on('end', () => {
          if (res.statusCode !== 200) {
            const text = Buffer.concat(chunks).toString('utf8');
            let message = '';
            try {
              message = (JSON.parse(text) as { message?: string }).message ?? '';
            } catch {}
            reject(
              new CommandFailure(
                `The speed-test server answered ${res.statusCode}${message ? `: ${message}` : '.'}`,
              ),
            );
            return;
          }
          resolve({ bytes, ms: performance.now() - started, firstByteMs: Math.max(0, firstByteMs) });
        });
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new CommandFailure(MESSAGES.timedOut(timeoutMs))),
      timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new CommandFailure('The speed-test server stopped answering.')));
    req.on('error', (err) =>
      reject(
        err instanceof CommandFailure
          ? err
          : new CommandFailure(
              `The speed-test server cannot be reached: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
            ),
      ),
    );
    req.end(body ?? undefined);
  });
}

let caCache: { file: string; pem: Buffer } | null = null;
function readCa(file: string): Buffer {
  if (caCache?.file !== file) caCache = { file, pem: readFileSync(file) };
  return caCache.pem;
}

export const SPEEDTEST_DOWNLOAD_BYTES = 5_000_000;
export const SPEEDTEST_UPLOAD_BYTES = 2_000_000;

async function speedTest(ctx: CommandContext, raw: unknown, timeoutMs: number): Promise<SpeedTestResult> {
  const p = params(z.object({ vlan: z.number().int().default(1) }), raw);
  const base = ctx.config.speedtestUrl;
  if (!base) throw new CommandFailure(MESSAGES.noSpeedtest);
  const at = (path: string) => new URL(`${base.replace(/\/$/, '')}/${path}`);
  // Each leg gets at most 40 % of the command's time (the latency probe the rest).
  const leg = Math.max(2000, Math.floor(timeoutMs * 0.4));
  const probe = await speedRequest(ctx, at('download?bytes=1'), 'GET', null, leg);
  const down = await speedRequest(ctx, at(`download?bytes=${SPEEDTEST_DOWNLOAD_BYTES}`), 'GET', null, leg);
  const up = await speedRequest(ctx, at('upload'), 'POST', Buffer.alloc(SPEEDTEST_UPLOAD_BYTES, 0x5a), leg);
  const kbps = (bytes: number, ms: number) => Math.round((bytes * 8) / Math.max(ms, 1));
  return {
    vlan: p.vlan,
    link: 'primary',
    downloadKbps: kbps(down.bytes, down.ms),
    uploadKbps: kbps(SPEEDTEST_UPLOAD_BYTES, up.ms),
    latencyMs: Math.round(probe.firstByteMs * 10) / 10,
  };
}

async function systemTest(ctx: CommandContext, signal?: AbortSignal): Promise<SystemTestResult> {
  const before = parseCpuTimes((await readText(ctx.access, 'proc/stat')) ?? '');
  await sleep(ctx.cpuSampleMs ?? 1000, signal);
  const after = parseCpuTimes((await readText(ctx.access, 'proc/stat')) ?? '');
  const mem = parseMeminfo((await readText(ctx.access, 'proc/meminfo')) ?? '');
  const total = mem.MemTotal ?? 0;
  const available = mem.MemAvailable ?? (mem.MemFree ?? 0) + (mem.Buffers ?? 0) + (mem.Cached ?? 0);
  let sessions = Number((await readText(ctx.access, 'proc/sys/net/netfilter/nf_conntrack_count'))?.trim());
  if (!Number.isInteger(sessions)) {
    const tcp = await readText(ctx.access, 'proc/net/tcp');
    const tcp6 = await readText(ctx.access, 'proc/net/tcp6');
    sessions = (tcp ? countSockets(tcp) : 0) + (tcp6 ? countSockets(tcp6) : 0);
  }
  return {
    cpuPercent: before && after ? Math.round(cpuPercent(before, after) * 10) / 10 : 0,
    memoryPercent: total > 0 ? Math.round(((total - available) / total) * 1000) / 10 : 0,
    sessions,
    temperatureC: await temperature(ctx),
    uptimeSeconds: Math.floor(parseUptime((await readText(ctx.access, 'proc/uptime')) ?? '') ?? 0),
  };
}

/**
 * The hottest thermal zone in °C. The result schema needs a number: a host without a sensor (most VMs)
 * answers 0, which the README states (a nullable temperature is a contracts and console change).
 */
async function temperature(ctx: CommandContext): Promise<number> {
  const base = 'sys/class/thermal';
  const zones = (
    await readdir(`${ctx.access.root.replace(/\/$/, '')}/${base}`).catch(() => [] as string[])
  ).filter((z) => z.startsWith('thermal_zone'));
  let hottest: number | null = null;
  for (const zone of zones) {
    const milli = Number((await readText(ctx.access, `${base}/${zone}/temp`))?.trim());
    if (Number.isFinite(milli) && (hottest === null || milli / 1000 > hottest)) hottest = milli / 1000;
  }
  return hottest === null ? 0 : Math.round(hottest * 10) / 10;
}

function portsResult(ctx: CommandContext, state: PortState): PortsResult {
  return {
    ports: Object.keys(ctx.config.ports)
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => ({ systemNumber: n, enabled: !state.disabled.has(n) })),
    ...(state.revertAt !== null ? { revertAt: new Date(state.revertAt).toISOString() } : {}),
  };
}

async function setLink(ctx: CommandContext, iface: string, updown: 'up' | 'down', signal?: AbortSignal) {
  const r = await ctx.ip(['link', 'set', 'dev', iface, updown], signal);
  if (r.missing) throw new CommandFailure('The ip command is not installed on the device.');
  if (r.code !== 0) throw new CommandFailure(MESSAGES.ipFailed(iface, r.stderr.trim() || `exit ${r.code}`));
}

/** Brings every port the agent took down back up (revertLanPorts, and the automatic revert). */
async function revertPorts(
  ctx: CommandContext,
  state: PortState,
  signal?: AbortSignal,
): Promise<PortsResult> {
  state.clearTimer();
  const numbers = Object.keys(ctx.config.ports).map(Number);
  if (!numbers.length) throw new CommandFailure(MESSAGES.noPorts);
  for (const n of numbers) {
    await setLink(ctx, ctx.config.ports[String(n)] as string, 'up', signal);
    state.disabled.delete(n);
  }
  return portsResult(ctx, state);
}

async function disablePorts(
  ctx: CommandContext,
  state: PortState,
  raw: unknown,
  signal?: AbortSignal,
): Promise<PortsResult> {
  const p = params(
    DisableLanPortsRequestSchema.extend({
      revertAfterMinutes: z
        .number()
        .positive()
        .max(24 * 60)
        .default(5),
    }),
    raw,
  );
  // Every port is checked before any is touched: a refused command changes nothing.
  for (const n of p.ports)
    if (!ctx.config.ports[String(n)]) throw new CommandFailure(MESSAGES.portNotAllowed(n));
  state.clearTimer();
  for (const n of p.ports) {
    await setLink(ctx, ctx.config.ports[String(n)] as string, 'down', signal);
    state.disabled.add(n);
  }
  const delay = Math.round(p.revertAfterMinutes * 60_000);
  state.revertAt = ctx.access.now() + delay;
  state.timer = setTimeout(() => {
    state.timer = null;
    revertPorts(ctx, state)
      .then((ports) => {
        ctx.log('ports reverted automatically', { ports: ports.ports });
        ctx.onAutoRevert?.(ports);
      })
      .catch((err: unknown) => ctx.log('automatic port revert failed', { error: (err as Error).message }));
  }, delay);
  return portsResult(ctx, state);
}

function confirmPorts(ctx: CommandContext, state: PortState): PortsResult {
  state.clearTimer();
  return portsResult(ctx, state);
}

/** How long a reboot waits for its `rebooting` state to be sent before it runs anyway. */
const REBOOT_ANNOUNCE_WAIT_MS = 2000;

function reboot(ctx: CommandContext): RebootResult {
  if (!ctx.config.allowReboot) throw new CommandFailure(MESSAGES.rebootNotAllowed);
  const now = ctx.access.now();
  const [file, ...args] = ctx.config.rebootCommand as [string, ...string[]];
  const restart = () => {
    try {
      const child = spawn(file, args, { detached: true, stdio: 'ignore' });
      child.on('error', (err) => ctx.log('reboot command failed', { error: err.message }));
      child.unref();
    } catch (err) {
      ctx.log('reboot command failed', { error: (err as Error).message });
    }
  };
  // After the answer has left: the command may end this process. The `rebooting` state goes first (waited for
  // 2 s at most), so the console shows Rebooting, not Offline, when the link drops.
  setTimeout(() => {
    const announced = (ctx.beforeReboot?.() ?? Promise.resolve()).catch((err: unknown) =>
      ctx.log('rebooting state not sent', { error: (err as Error).message }),
    );
    void Promise.race([announced, sleep(REBOOT_ANNOUNCE_WAIT_MS)]).then(restart);
  }, 1000).unref();
  return {
    rebootedAt: new Date(now).toISOString(),
    expectedBackAt: new Date(now + ctx.config.rebootSeconds * 1000).toISOString(),
  };
}

async function run(
  ctx: CommandContext,
  state: PortState,
  command: DeviceCommand,
  signal: AbortSignal,
): Promise<unknown> {
  switch (command.action) {
    case 'lanpingtest':
      return lanPingTest(ctx, signal);
    case 'wantest':
      return wanTest(ctx, signal);
    case 'traceroute':
      return traceroute(ctx, command.params, signal);
    case 'speedtest':
      return speedTest(ctx, command.params, command.timeoutMs);
    case 'systemTest':
      return systemTest(ctx, signal);
    case 'disableLanPorts':
      return disablePorts(ctx, state, command.params, signal);
    case 'revertLanPorts':
      return revertPorts(ctx, state, signal);
    case 'confirmLanPorts':
      return confirmPorts(ctx, state);
    case 'reboot':
      return reboot(ctx);
  }
}

/**
 * Runs one command message and answers its result: exactly one answer per command id (a QoS 1 duplicate is
 * answered by the first run only, so `seen` remembers the ids), `ok:false` with the reason for anything it
 * cannot run. Answers null when the message carries no command id to answer.
 */
export class CommandRunner {
  readonly ports = new PortState();
  private readonly seen = new Set<string>();

  constructor(private readonly ctx: CommandContext) {}

  async handle(payload: Buffer | string): Promise<DeviceCommandResult | null> {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString());
    } catch {
      this.ctx.log('command is not JSON; ignored');
      return null;
    }
    const id = z.object({ id: z.uuid() }).safeParse(message);
    if (!id.success) {
      this.ctx.log('command without an id; ignored');
      return null;
    }
    if (this.seen.has(id.data.id)) return null;
    this.seen.add(id.data.id);
    if (this.seen.size > 1000) this.seen.delete(this.seen.values().next().value as string);
    const parsed = DeviceCommandSchema.safeParse(message);
    if (!parsed.success) {
      const action = (message as { action?: unknown }).action;
      const unknownAction = parsed.error.issues.some((i) => i.path[0] === 'action');
      return {
        id: id.data.id,
        ok: false,
        error: unknownAction
          ? MESSAGES.unknown(String(action))
          : MESSAGES.badParams(parsed.error.issues[0]?.message ?? ''),
      };
    }
    const command = parsed.data;
    if (this.ctx.access.now() > command.sentAt + command.timeoutMs)
      return { id: command.id, ok: false, error: MESSAGES.expired };
    this.ctx.log('command', { id: command.id, action: command.action });
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort(new CommandFailure(MESSAGES.timedOut(command.timeoutMs)));
        reject(new CommandFailure(MESSAGES.timedOut(command.timeoutMs)));
      }, command.timeoutMs);
    });
    try {
      const result = await Promise.race([run(this.ctx, this.ports, command, abort.signal), timeout]);
      return { id: command.id, ok: true, result };
    } catch (err) {
      const error =
        err instanceof CommandFailure
          ? err.message
          : `The command failed on the device: ${(err as Error).message}`;
      return { id: command.id, ok: false, error: error.slice(0, 1000) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops the automatic revert timer (the agent is stopping). */
  close() {
    this.ports.clearTimer();
  }
}
