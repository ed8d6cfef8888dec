import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DeviceCommandResult,
  DeviceCommandResultSchema,
  type DeviceMonitoring,
  DeviceMonitoringSchema,
  DeviceStateMessageSchema,
  deviceTopic,
  LanPingResultSchema,
  parseDeviceTopic,
  SpeedTestResultSchema,
  TracerouteResultSchema,
} from '@vnoc/contracts';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real agent, as a process, against an in-test broker that checks its id and secret and keeps it to its
 * own topics (as vNOC's embedded broker does): it reports, answers commands with real results from this host,
 * and keeps the reports it takes while the broker is away, sending them with their own times once it is back.
 */
const REPO = join(import.meta.dirname, '..', '..', '..');
const DEVICE = randomUUID();
const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';
const OWN_TOPICS = ['report', 'state', 'results'];

type Seen = { topic: string; kind: string; payload: unknown; at: number };

let dir: string;
let port: number;
let broker: Aedes;
let server: Server;
const sockets = new Set<Socket>();
let agent: ChildProcess;
let stderr = '';
const seen: Seen[] = [];
/** The session stamp of the agent's first connection. */
let firstSession = 0;
const waiters: { match: (s: Seen) => boolean; resolve: (s: Seen) => void }[] = [];
let speedServer: HttpServer;
const speedAuth: string[] = [];
/** The passwords the broker refused. */
const refusals: string[] = [];

async function startBroker(listenPort: number): Promise<void> {
  broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const ok = client.id === DEVICE && username === DEVICE && password?.toString() === SECRET;
      if (!ok) refusals.push(password?.toString() ?? '');
      done(null, ok);
    },
    authorizePublish: (client, packet, done) => {
      const t = parseDeviceTopic(packet.topic);
      done(
        client && t?.deviceId === client.id && OWN_TOPICS.includes(t.kind) ? null : new Error('not yours'),
      );
    },
    authorizeSubscribe: (client, sub, done) =>
      done(null, sub.topic === deviceTopic(client.id, 'commands') ? sub : null),
  });
  broker.on('publish', (packet, client) => {
    if (!client) return;
    const t = parseDeviceTopic(packet.topic);
    const s: Seen = {
      topic: packet.topic,
      kind: t?.kind ?? '',
      payload: JSON.parse(packet.payload.toString()),
      at: Date.now(),
    };
    seen.push(s);
    for (const w of [...waiters])
      if (w.match(s)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(s);
      }
  });
  server = createServer(broker.handle);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(listenPort, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
}

async function stopBroker(): Promise<void> {
  const closed = new Promise<void>((r) => server.close(() => r()));
  for (const s of sockets) s.destroy();
  await closed;
  await new Promise<void>((r) => broker.close(() => r()));
}

/** The next message (already seen or to come) that matches, from index `from` on. */
function next(match: (s: Seen) => boolean, from = 0, timeoutMs = 20_000): Promise<Seen> {
  const found = seen.slice(from).find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no matching message in ${timeoutMs} ms; agent said:\n${stderr}`)),
      timeoutMs,
    );
    waiters.push({
      match,
      resolve: (s) => {
        clearTimeout(timer);
        resolve(s);
      },
    });
  });
}

/** Resolves once the agent's log has `count` lines containing `text`. */
function logged(text: string, count = 1, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => stderr.split('\n').filter((l) => l.includes(text)).length >= count;
    if (check()) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`the agent did not log "${text}" ×${count}:\n${stderr}`)),
      timeoutMs,
    );
    agent.stderr?.on('data', function onData() {
      if (!check()) return;
      clearTimeout(timer);
      agent.stderr?.off('data', onData);
      resolve();
    });
  });
}

async function command(
  action: string,
  params: Record<string, unknown> = {},
  timeoutMs = 30_000,
): Promise<DeviceCommandResult> {
  const id = randomUUID();
  const from = seen.length;
  await new Promise<void>((resolve, reject) =>
    broker.publish(
      {
        cmd: 'publish',
        topic: deviceTopic(DEVICE, 'commands'),
        payload: Buffer.from(JSON.stringify({ id, action, params, timeoutMs, sentAt: Date.now() })),
        qos: 1,
        retain: false,
        dup: false,
      },
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  const answer = await next(
    (s) => s.kind === 'results' && (s.payload as { id?: string }).id === id,
    from,
    timeoutMs + 5000,
  );
  return DeviceCommandResultSchema.parse(answer.payload);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vnoc-agent-process-'));
  await startBroker(0);
  // The speed-test endpoint's protocol (the server's is tested in apps/api/test/edge-speedtest.test.ts).
  speedServer = createHttpServer((req, res) => {
    speedAuth.push(req.headers.authorization ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/edge/speedtest/download') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(Number(url.searchParams.get('bytes'))));
      return;
    }
    let bytes = 0;
    const started = Date.now();
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ bytes, ms: Date.now() - started }));
    });
  });
  await new Promise<void>((r) => speedServer.listen(0, '127.0.0.1', r));
  const config = {
    url: `mqtt://127.0.0.1:${port}`,
    deviceId: DEVICE,
    intervalSeconds: 1,
    lanHosts: ['127.0.0.1'],
    wanTarget: '127.0.0.1',
    stateDir: join(dir, 'state'),
    speedtestUrl: `http://127.0.0.1:${(speedServer.address() as { port: number }).port}/api/edge/speedtest`,
  };
  writeFileSync(join(dir, 'agent.json'), JSON.stringify(config));
  agent = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/agent/src/main.ts', '--config', join(dir, 'agent.json')],
    {
      cwd: REPO,
      env: { ...process.env, VNOC_AGENT_SECRET: SECRET },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  agent.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
}, 30_000);

afterAll(async () => {
  if (agent.exitCode === null) agent.kill('SIGKILL');
  await stopBroker().catch(() => undefined);
  await new Promise((r) => speedServer.close(r));
  rmSync(dir, { recursive: true, force: true });
});

// A process starting, real pings and a broker away for a few report intervals: more than the tier's 5 s.
describe('the agent process', { timeout: 30_000 }, () => {
  it('connects, says it is online and reports a valid DeviceMonitoring', async () => {
    const state = await next((s) => s.kind === 'state');
    expect(DeviceStateMessageSchema.parse(state.payload)).toMatchObject({
      status: 'online',
      protocol: 1,
      agent: expect.stringMatching(/^vnoc-agent\//),
      session: expect.any(Number),
    });
    firstSession = DeviceStateMessageSchema.parse(state.payload).session ?? 0;
    const report = await next((s) => s.kind === 'report');
    const r = DeviceMonitoringSchema.parse(report.payload);
    expect(r.vnoc?.wan).toMatchObject({ target: '127.0.0.1', lossPercent: 0 });
    expect(r.interfaces?.some((i) => i.name === 'lo')).toBe(true);
    expect(stderr).not.toContain(SECRET);
  });

  it('pings the LAN host for real', async () => {
    const answer = await command('lanpingtest');
    expect(answer.ok).toBe(true);
    const result = LanPingResultSchema.parse((answer as { result: unknown }).result);
    expect(result.hosts).toEqual([
      { host: '127.0.0.1', ip: '127.0.0.1', vlan: 1, sent: 3, received: 3, avgMs: expect.any(Number) },
    ]);
  });

  it('traces the route for real', async () => {
    const answer = await command('traceroute', { vlan: 1, ip: '127.0.0.1' });
    expect(answer.ok).toBe(true);
    const result = TracerouteResultSchema.parse((answer as { result: unknown }).result);
    expect(result.target).toBe('127.0.0.1');
    expect(result.hops[0]).toMatchObject({ hop: 1, ip: '127.0.0.1' });
    expect(result.hops[0]?.ms[0]).toBeGreaterThanOrEqual(0);
  });

  it('runs a speed test with its own credentials', async () => {
    const answer = await command('speedtest', { vlan: 1 });
    expect(answer.ok).toBe(true);
    const result = SpeedTestResultSchema.parse((answer as { result: unknown }).result);
    expect(result.downloadKbps).toBeGreaterThan(0);
    expect(result.uploadKbps).toBeGreaterThan(0);
    expect(speedAuth.at(-1)).toBe(`Basic ${Buffer.from(`${DEVICE}:${SECRET}`).toString('base64')}`);
  });

  it('refuses what it may not or cannot run, with the reason', async () => {
    expect(await command('reboot')).toMatchObject({
      ok: false,
      error: 'Reboot is not allowed on this device (start the agent with allowReboot).',
    });
    expect(await command('formatDisk')).toMatchObject({
      ok: false,
      error: 'The device does not know the command "formatDisk".',
    });
    expect(await command('traceroute', { vlan: 1, ip: '-f /etc/passwd' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Enter an IPv4 address or a host name.'),
    });
    expect(await command('disableLanPorts', { ports: [1] })).toMatchObject({
      ok: false,
      error: 'Port 1 is not configured for port actions on this device.',
    });
  });

  it('keeps its reports while the broker is away and sends them, oldest first with their times, on return', async () => {
    const down = Date.now();
    await stopBroker();
    await logged('report kept until the broker is reachable', 3);
    const from = seen.length;
    await startBroker(port);
    const up = Date.now();
    const again = await next((s) => s.kind === 'state', from);
    // A new connection: a later session stamp than the first, so a late will of the first one is ignored.
    expect(DeviceStateMessageSchema.parse(again.payload).session).toBeGreaterThan(firstSession);
    // Wait for the first report taken after the return: every buffered one is before it.
    const fresh = await next(
      (s) => s.kind === 'report' && ((s.payload as DeviceMonitoring).vnoc?.sampledAt ?? 0) >= up,
      from,
    );
    const times = seen
      .slice(from, seen.indexOf(fresh))
      .filter((s) => s.kind === 'report')
      .map((s) => (s.payload as DeviceMonitoring).vnoc?.sampledAt as number);
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(down - 1000);
      expect(t).toBeLessThan(up);
    }
  });

  it('is refused with a wrong secret and says so, without the secret', async () => {
    const wrong = 'd3JvbmctZGV2aWNlLXNlY3JldC13cm9uZy1zZWNyZXQ';
    const other = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/agent/src/main.ts',
        '--config',
        join(dir, 'agent.json'),
        '--state-dir',
        join(dir, 'other'),
      ],
      { cwd: REPO, env: { ...process.env, VNOC_AGENT_SECRET: wrong }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    await new Promise<void>((resolve) =>
      other.stderr?.on('data', (d: Buffer) => {
        log += d.toString();
        if (log.includes('the broker refused the device id or secret')) resolve();
      }),
    );
    other.kill('SIGKILL');
    expect(log).not.toContain(wrong);
    expect(refusals).toContain(wrong);
    // Refused, it did not take over the running agent's session: that one still reports.
    const from = seen.length;
    await next((s) => s.kind === 'report', from);
  });

  it('says it is gone and exits 0 on SIGTERM', async () => {
    const from = seen.length;
    const exited = new Promise<number | null>((r) => agent.once('exit', (code) => r(code)));
    agent.kill('SIGTERM');
    const gone = await next(
      (s) => s.kind === 'state' && (s.payload as { status?: string }).status === 'gone',
      from,
    );
    expect(gone.payload).toMatchObject({ status: 'gone' });
    expect(await exited).toBe(0);
  });

  it('announces a reboot, and the restart that ends it says no `gone` (the device is Rebooting, not Offline)', async () => {
    const config = JSON.parse(readFileSync(join(dir, 'agent.json'), 'utf8')) as Record<string, unknown>;
    // The "reboot" ends the agent as a system restart would: SIGTERM to it.
    const rebooting = { ...config, allowReboot: true, rebootCommand: ['/bin/sh', '-c', 'kill -TERM $PPID'] };
    writeFileSync(join(dir, 'reboot.json'), JSON.stringify(rebooting));
    const from = seen.length;
    agent = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/agent/src/main.ts', '--config', join(dir, 'reboot.json')],
      { cwd: REPO, env: { ...process.env, VNOC_AGENT_SECRET: SECRET }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    agent.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => agent.once('exit', (code) => r(code)));
    await next((s) => s.kind === 'state' && (s.payload as { status?: string }).status === 'online', from);
    expect(await command('reboot')).toMatchObject({
      ok: true,
      result: { expectedBackAt: expect.any(String) },
    });
    const announced = await next(
      (s) => s.kind === 'state' && (s.payload as { status?: string }).status === 'rebooting',
      from,
    );
    expect(DeviceStateMessageSchema.parse(announced.payload)).toMatchObject({ status: 'rebooting' });
    expect(await exited).toBe(0);
    const after = seen.slice(seen.indexOf(announced) + 1);
    expect(after.filter((s) => s.kind === 'state')).toEqual([]);
  });
});
