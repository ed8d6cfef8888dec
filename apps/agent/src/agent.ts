import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEVICE_PROTOCOL_VERSION,
  type DeviceCommandResult,
  type DeviceMonitoring,
  DeviceMonitoringSchema,
  deviceTopic,
} from '@vnoc/contracts';
import { connect, type MqttClient, Store } from 'mqtt';
import { ReportBuffer } from './buffer.ts';
import { collectReport, type HostAccess } from './collect.ts';
import { CommandRunner } from './commands.ts';
import type { AgentConfig } from './config.ts';
import { runCommand } from './exec.ts';

export const AGENT_NAME = 'vnoc-agent/0.1.0';

export type Log = (level: 'info' | 'warn' | 'error', msg: string, detail?: Record<string, unknown>) => void;

/** One line of JSON per event on stderr (journald keeps it); the secret is never part of one. */
export const stderrLog: Log = (level, msg, detail) =>
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...detail })}\n`);

export type AgentOptions = {
  config: AgentConfig;
  /** Overrides of how the host is read (tests). */
  access?: Partial<HostAccess>;
  log?: Log;
  cpuSampleMs?: number;
};

export type Agent = {
  /** Takes and sends (or buffers) a report now. */
  report: () => Promise<void>;
  readonly connected: boolean;
  readonly buffered: number;
  /** Announces "gone", disconnects and stops every timer. */
  stop: () => Promise<void>;
};

/** Reconnect delays: 1 s doubling to 60 s, with ±20 % jitter so a fleet does not come back in step. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function startAgent(options: AgentOptions): Agent {
  const { config } = options;
  const log = options.log ?? stderrLog;
  const access: HostAccess = { root: config.root, run: runCommand, now: Date.now, ...options.access };
  const topics = {
    report: deviceTopic(config.deviceId, 'report'),
    state: deviceTopic(config.deviceId, 'state'),
    commands: deviceTopic(config.deviceId, 'commands'),
    results: deviceTopic(config.deviceId, 'results'),
  };
  const buffer = new ReportBuffer({
    file: join(config.stateDir, 'reports.jsonl'),
    maxAgeMs: config.bufferHours * 3_600_000,
    now: access.now,
    onDiskError: (err) =>
      log('warn', 'buffered reports cannot be written to stateDir; kept in memory', { error: err.message }),
  });
  if (buffer.size) log('info', 'reports kept from a previous run', { count: buffer.size });

  // The session's in-flight messages live in these stores across reconnects (client.reconnect() would
  // otherwise start empty ones and forget unacknowledged reports).
  const incomingStore = new Store();
  const outgoingStore = new Store();
  const ca = config.ca ? readFileSync(config.ca) : undefined;
  /**
   * This connection's stamp (docs/device-protocol.md, "States"): on `online`, `rebooting` and the will's `gone`,
   * so vNOC ignores a state of an earlier connection that reaches it late. Grows with each connection.
   */
  let session = access.now();
  const will = () => ({
    topic: topics.state,
    payload: Buffer.from(JSON.stringify({ status: 'gone', session })),
    qos: 1 as const,
    retain: true,
  });
  const client: MqttClient = connect(config.url, {
    clientId: config.deviceId,
    username: config.deviceId,
    password: config.secret,
    clean: false,
    keepalive: 30,
    protocolVersion: config.mqttVersion,
    reconnectPeriod: 0,
    connectTimeout: 15_000,
    incomingStore,
    outgoingStore,
    will: will(),
    ...(ca ? { ca } : {}),
  });

  let stopping = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let replaying = false;

  const publish = (topic: string, payload: unknown, retain = false) =>
    client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });

  async function replay() {
    if (replaying) return;
    replaying = true;
    try {
      while (buffer.size && client.connected) {
        const sent = await buffer.replay(async (report) => {
          if (!client.connected) throw new Error('disconnected');
          await publish(topics.report, report);
        });
        if (sent) log('info', 'buffered reports sent', { count: sent });
        else break;
      }
    } catch {
      // disconnected again: the rest stays buffered for the next connection
    } finally {
      replaying = false;
    }
  }

  function send(report: DeviceMonitoring) {
    // Oldest first: while older reports wait, a new one joins them.
    if (!client.connected || buffer.size > 0 || replaying) {
      buffer.add(report);
      if (!client.connected)
        log('info', 'report kept until the broker is reachable', { buffered: buffer.size });
      if (client.connected) void replay();
      return;
    }
    // Not awaited: a report in flight when the link drops stays in the session's store and is sent again.
    publish(topics.report, report).catch((err: unknown) => {
      log('warn', 'report not sent; buffered', { error: (err as Error).message });
      buffer.add(report);
    });
  }

  let collecting = false;
  /** A reboot was announced: stopping then says nothing more (no `gone`). */
  let rebooting = false;
  async function report() {
    if (collecting) return;
    collecting = true;
    try {
      const r = await collectReport(access, {
        wanTarget: config.wanTarget,
        dhcpLeaseFile: config.dhcpLeaseFile,
        ports: config.ports,
        lanVlan: config.lanVlan,
      });
      DeviceMonitoringSchema.parse(r);
      send(r);
    } catch (err) {
      log('error', 'report not taken', { error: (err as Error).message });
    } finally {
      collecting = false;
    }
  }

  const answer = (result: DeviceCommandResult) =>
    publish(topics.results, result).catch((err: unknown) =>
      log('warn', 'result not sent', { id: result.id, error: (err as Error).message }),
    );

  const commands = new CommandRunner({
    config,
    access,
    ip: (args, signal) => access.run([...config.ipCommand, ...args], { timeoutMs: 10_000, signal }),
    cpuSampleMs: options.cpuSampleMs,
    log: (msg, detail) => log('info', msg, detail),
    // The console sees the ports back on at once, not at the next interval.
    onAutoRevert: () => void report(),
    beforeReboot: () => {
      // The restart stops this process: it leaves with a clean DISCONNECT, not `gone` (the device is Rebooting).
      rebooting = true;
      return publish(topics.state, { status: 'rebooting', at: access.now(), session }, true);
    },
  });

  client.on('connect', () => {
    attempt = 0;
    log('info', 'connected', { url: config.url });
    void publish(
      topics.state,
      { status: 'online', protocol: DEVICE_PROTOCOL_VERSION, agent: AGENT_NAME, at: access.now(), session },
      true,
    ).catch(() => undefined);
    client.subscribe(topics.commands, { qos: 1 }, (err, granted) => {
      if (err || granted?.some((g) => g.qos === 128)) log('error', 'subscription to commands refused');
    });
    void replay().then(() => report());
  });
  client.on('message', (topic, payload) => {
    if (topic !== topics.commands) return;
    void commands.handle(payload).then((result) => {
      if (result) void answer(result);
    });
  });
  client.on('error', (err) => {
    const code = (err as { code?: number }).code;
    log(
      'warn',
      code === 5 || code === 4 ? 'the broker refused the device id or secret' : 'connection error',
      {
        error: err.message,
      },
    );
  });
  client.on('close', () => {
    if (stopping || reconnectTimer) return;
    const delay = backoffMs(attempt++);
    log('warn', 'disconnected; reconnecting', { inMs: delay });
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (stopping) return;
      session = Math.max(session + 1, access.now());
      client.options.will = will();
      client.reconnect({ incomingStore, outgoingStore });
    }, delay);
  });

  // The first report goes out on connecting; then one per interval (buffered while disconnected).
  const interval = setInterval(() => void report(), config.intervalSeconds * 1000);

  return {
    report,
    get connected() {
      return client.connected;
    },
    get buffered() {
      return buffer.size;
    },
    async stop() {
      stopping = true;
      clearInterval(interval);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      commands.close();
      if (client.connected && !rebooting)
        await Promise.race([
          publish(topics.state, { status: 'gone', at: access.now(), session }, true).catch(() => undefined),
          new Promise((r) => setTimeout(r, 2000)),
        ]);
      // A clean DISCONNECT (the will is not published: "gone" was); forced if the broker does not answer.
      await Promise.race([client.endAsync(false), new Promise((r) => setTimeout(r, 3000))]).catch(
        () => undefined,
      );
      if (!client.disconnected) await client.endAsync(true).catch(() => undefined);
    },
  };
}
