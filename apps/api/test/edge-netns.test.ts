/**
 * Issue 36, the real path end to end: vNOC's reference agent runs as a process inside a "site" network namespace
 * behind an "isp" router namespace and reports to the embedded MQTT broker of an in-process server (the app, the
 * real ingest and alert engine, the job worker) listening on the host's end of the link. Everything is asserted
 * through the API as the console calls it: the device comes online, a LAN ping and a traceroute return what the
 * agent really measured (the traceroute crosses the isp router), port actions really take an interface of the
 * site namespace down and up (and the agent's automatic revert brings it up by itself), and taking the site's
 * uplink down turns the device offline and raises the site's outage alert; bringing it back clears it, and the
 * reports taken meanwhile are stored at their own times. Needs root and iproute2 (CI has both); skipped with the
 * reason otherwise.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Alert, Job, LanPingResult, PortsResult, TracerouteResult } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AlertEngine, createAlertEngine } from '../src/fleet/alerts/index.ts';
import { type DeviceEdgeTransport, startDeviceEdge } from '../src/fleet/edge/index.ts';
import { createOrganization, createSite, createUser, type SiteRow, tokenFor } from './factories.ts';
import { bearer, createTestApp, silentLog, type TestApp } from './helpers.ts';
import { createSiteNetwork, netnsUnavailable, type SiteNetwork } from './netns.ts';

const REPO = path.join(import.meta.dirname, '..', '..', '..');
const unavailable = netnsUnavailable();
/** DEVICE_HEARTBEAT_TIMEOUT_S's least value: a silent device is offline after 10 s. */
const HEARTBEAT_S = 10;
const SWEEP_MS = 500;
/** The agent reports every 2 s. */
const INTERVAL_S = 2;
/** The interface port 1 maps to: a veth pair of its own inside the site namespace (the uplink is never touched). */
const LAN_PORT = 'lan1';

let network: SiteNetwork | undefined;
let t: TestApp | undefined;
let alerts: AlertEngine | undefined;
let edge: DeviceEdgeTransport | undefined;
let agent: ChildProcess | undefined;
let agentLog = '';
let dir: string | undefined;
let site: SiteRow;
let deviceId: string;
let customer: string;
let customerId: string;
let organizationId: string;
let startedAt = 0;

const app = () => {
  if (!t) throw new Error('the test app is built in beforeAll');
  return t;
};

/** Whether `name` in the site namespace has its UP flag set (`ip link set … up/down`). */
const linkUp = (name: string) =>
  /<[^>]*\bUP\b[^>]*>/.test(
    execFileSync('ip', ['-n', network?.site ?? '', '-o', 'link', 'show', 'dev', name], { encoding: 'utf8' }),
  );

async function api<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await app().app.inject({ method, url, headers: bearer(customer), payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const deviceStatus = async () => (await api<{ status: string }>('GET', `/api/device/${deviceId}`)).status;

/** Polls the device's status through the API until it is `status` (bounded; the agent's log on failure). */
async function statusBecomes(status: string, timeout: number): Promise<number> {
  await vi.waitFor(
    async () => {
      const now = await deviceStatus();
      if (now !== status)
        throw new Error(`the device is ${now}, not ${status}; the agent said:\n${agentLog}`);
    },
    { timeout, interval: 100 },
  );
  return Date.now();
}

/** Runs a troubleshooting action as the console does and answers the finished job. */
async function run(action: string, body: object = {}): Promise<Job> {
  const job = await api<Job>('POST', `/api/device/troubleshooting/${action}/${deviceId}`, body);
  return finished(job.id);
}

const finished = (jobId: string) =>
  vi.waitFor(
    async () => {
      const job = await api<Job>('POST', `/api/device/troubleshooting/future/${jobId}`);
      if (job.state === 'queued' || job.state === 'running') throw new Error(`the job is still ${job.state}`);
      return job;
    },
    { timeout: 25_000, interval: 100 },
  );

const siteAlerts = async (status: 'active' | 'cleared') =>
  (
    await api<{ content: Alert[] }>(
      'GET',
      `/api/alert?status=${status}&siteId=${site.id}&code=site_offline&dependents=true`,
    )
  ).content;

describe.skipIf(unavailable !== null)(
  `the device edge across network namespaces${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    beforeAll(async () => {
      network = createSiteNetwork();
      // Port 1's interface: a veth pair with both ends in the site namespace, up (a kernel may lack `dummy`).
      const ipSite = (...args: string[]) => execFileSync('ip', ['-n', network?.site ?? '', ...args]);
      ipSite('link', 'add', LAN_PORT, 'type', 'veth', 'peer', 'name', `${LAN_PORT}p`);
      ipSite('link', 'set', `${LAN_PORT}p`, 'up');
      ipSite('link', 'set', LAN_PORT, 'up');

      t = await createTestApp({
        MQTT_HOST: network.serverAddress,
        DEVICE_HEARTBEAT_TIMEOUT_S: String(HEARTBEAT_S),
      });
      const { db, bus } = t;
      alerts = createAlertEngine({ db, log: silentLog, publish: (org, event) => bus.publish(org, event) });
      t.app.edge.ingest.attachAlerts(alerts);
      edge = await startDeviceEdge({
        config: t.config,
        db,
        log: silentLog,
        ingest: t.app.edge.ingest,
        jobs: t.jobs,
        alerts,
        sweepEveryMs: SWEEP_MS,
      });
      t.app.edge.attachConnections(edge);

      // A customer and its site; the provider's support staff add the device as the provisioning screen does.
      const provider = await createOrganization(db, { kind: 'provider' });
      const support = await createUser(db, provider, { role: 'SUPPORT' });
      const org = await createOrganization(db, {
        entitlements: ['diagnostics', 'analytics', 'port-control'],
      });
      organizationId = org.id;
      site = await createSite(db, org);
      const user = await createUser(db, org, { role: 'ADMINISTRATOR' });
      customerId = user.id;
      customer = await tokenFor(db, user, 'full');
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/provisioning/devices',
        headers: bearer(await tokenFor(db, support, 'full')),
        payload: {
          siteId: site.id,
          kind: 'firewall',
          manufacturer: 'Linux',
          model: 'netns router',
          macAddress: '0a:bc:de:00:36:01',
          driver: 'agent',
        },
      });
      expect(added.statusCode, added.body).toBe(201);
      const { device, secret } = added.json() as { device: { id: string }; secret: string };
      deviceId = device.id;

      dir = mkdtempSync(path.join(tmpdir(), 'vnoc-edge-netns-'));
      const config = path.join(dir, 'agent.json');
      writeFileSync(
        config,
        JSON.stringify({
          url: edge.brokerUrl,
          deviceId,
          intervalSeconds: INTERVAL_S,
          lanHosts: [network.ispHop],
          wanTarget: network.ispHop,
          ports: { '1': LAN_PORT },
          stateDir: path.join(dir, 'state'),
        }),
      );
      startedAt = Date.now();
      // `ip netns exec` execs the agent: its pid is the agent's own.
      agent = spawn(
        'ip',
        [
          'netns',
          'exec',
          network.site,
          process.execPath,
          '--import',
          'tsx',
          'apps/agent/src/main.ts',
          '--config',
          config,
        ],
        {
          cwd: REPO,
          env: { ...process.env, VNOC_AGENT_SECRET: secret },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      agent.stderr?.on('data', (d: Buffer) => {
        agentLog += d.toString();
      });
    }, 60_000);

    afterAll(async () => {
      if (agent && agent.exitCode === null && agent.signalCode === null) {
        const exited = new Promise((resolve) => agent?.once('exit', resolve));
        agent.kill('SIGKILL');
        await exited;
      }
      await edge?.stop().catch(() => undefined);
      await alerts?.stop().catch(() => undefined);
      network?.destroy();
      await t?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    it('the device shows online within 10 s of the agent starting, then its VLAN and port map from its report', async () => {
      const online = await statusBecomes('online', 15_000);
      expect(online - startedAt).toBeLessThanOrEqual(10_000);
      // Online comes with the agent's connection; its first report follows once taken (the console's actions
      // choose among the VLANs and ports it names).
      await vi.waitFor(
        async () => {
          const device = await api<{
            vlans: { id: number }[];
            portMapping: { systemNumber: number; type: string }[];
          }>('GET', `/api/device/${deviceId}`);
          expect(device.vlans.map((v) => v.id)).toEqual([1]);
          expect(device.portMapping.filter((p) => p.type !== 'unused').map((p) => p.systemNumber)).toEqual([
            1,
          ]);
        },
        { timeout: 10_000, interval: 100 },
      );
    }, 30_000);

    it("a LAN ping from the console returns the agent's real ping of the isp router", async () => {
      const job = await run('lanpingtest');
      expect(job, job.error ?? '').toMatchObject({ state: 'succeeded' });
      const { hosts } = job.result as LanPingResult;
      expect(hosts).toEqual([
        {
          host: network?.ispHop,
          ip: network?.ispHop,
          vlan: 1,
          sent: 3,
          received: 3,
          avgMs: expect.any(Number),
        },
      ]);
      expect(hosts[0]?.avgMs).toBeGreaterThan(0);
    });

    it('a traceroute to the server crosses the isp router: its hop, then the server', async () => {
      const job = await run('traceroute', { vlan: 1, ip: network?.serverAddress });
      expect(job, job.error ?? '').toMatchObject({ state: 'succeeded' });
      const result = job.result as TracerouteResult;
      expect(result.target).toBe(network?.serverAddress);
      expect(result.hops.map((h) => h.ip)).toEqual([network?.ispHop, network?.serverAddress]);
      for (const hop of result.hops) expect(hop.ms[0]).toBeGreaterThan(0);
    });

    it('disabling port 1 takes lan1 down for real, reverting brings it up', async () => {
      expect(linkUp(LAN_PORT)).toBe(true);
      const disabled = await run('disableLanPorts', { ports: [1] });
      expect(disabled, disabled.error ?? '').toMatchObject({ state: 'succeeded' });
      expect(disabled.result as PortsResult).toMatchObject({
        ports: [{ systemNumber: 1, enabled: false }],
        revertAt: expect.any(String),
      });
      expect(linkUp(LAN_PORT)).toBe(false);

      const reverted = await run('revertLanPorts');
      expect(reverted, reverted.error ?? '').toMatchObject({ state: 'succeeded' });
      expect((reverted.result as PortsResult).ports).toEqual([{ systemNumber: 1, enabled: true }]);
      expect(linkUp(LAN_PORT)).toBe(true);
    });

    it('with no confirmation, the agent brings a disabled port up by itself at its revert time', async () => {
      // The console's request has no revert time yet (default 5 min): the job carries a short one, as the command may.
      const queued = await app().jobs.enqueue({
        organizationId,
        deviceId,
        action: 'disableLanPorts',
        params: { ports: [1], revertAfterMinutes: 0.05 },
        requestedBy: customerId,
      });
      const job = await finished(queued.id);
      expect(job, job.error ?? '').toMatchObject({ state: 'succeeded' });
      const revertAt = Date.parse((job.result as PortsResult).revertAt ?? '');
      expect(linkUp(LAN_PORT)).toBe(false);
      await vi.waitFor(
        () => {
          if (!linkUp(LAN_PORT)) throw new Error(`${LAN_PORT} is still down`);
        },
        { timeout: 10_000, interval: 100 },
      );
      // Up by the agent's own timer: not before the time it announced.
      expect(Date.now()).toBeGreaterThanOrEqual(revertAt);
    });

    it("the site's uplink down: offline within the heartbeat timeout and the outage alert; back up: online, cleared, and the reports taken meanwhile stored at their times", async () => {
      await statusBecomes('online', 5_000);
      expect(await siteAlerts('active')).toEqual([]);
      const down = Date.now();
      network?.uplink(false);
      const offline = await statusBecomes('offline', HEARTBEAT_S * 1000 + 10_000);
      // Its last report came before the link went down; a sweep finds it silent past the timeout (slack: the
      // API's polling and a busy machine).
      expect(offline - down).toBeLessThanOrEqual(HEARTBEAT_S * 1000 + SWEEP_MS + 3_000);
      const raised = await siteAlerts('active');
      expect(raised).toEqual([
        expect.objectContaining({ code: 'site_offline', deviceId, siteId: site.id, status: 'active' }),
      ]);

      // What the agent took since the link went down (each report is sent after its sample is taken, so after the
      // link went down): nothing of it has arrived.
      const takenMeanwhile = async (until: number) =>
        (
          await app().pool.query<{ time: Date }>(
            'select time from device_resource_samples where device_id = $1 and time > $2 and time < $3',
            [deviceId, new Date(down), new Date(until)],
          )
        ).rows.length;
      const up = Date.now();
      expect(await takenMeanwhile(up)).toBe(0);
      network?.uplink(true);
      const back = await statusBecomes('online', 60_000);
      expect(await siteAlerts('active')).toEqual([]);
      expect(await siteAlerts('cleared')).toEqual([
        expect.objectContaining({ id: raised[0]?.id, code: 'site_offline', status: 'cleared' }),
      ]);
      // Then it has, each report stored at the time it was taken (one at least every two intervals meanwhile: a
      // report's WAN ping to an unreachable gateway takes longer than one interval).
      const meanwhile = await vi.waitFor(
        async () => {
          const n = await takenMeanwhile(up);
          if (n < 2) throw new Error(`${n} reports taken during the outage stored`);
          return n;
        },
        { timeout: 10_000, interval: 100 },
      );
      console.info(
        `uplink down ${up - down} ms: offline after ${offline - down} ms; online ${back - up} ms after it came back; ` +
          `${meanwhile} reports taken meanwhile stored at their times`,
      );
    }, 100_000);
  },
);
