import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fastPort, port } from './ports.ts';

export const root = join(import.meta.dirname, '..', '..', '..');

/** The server's entry, run by node: the real server under tsx. */
export const SERVER_ARGS = ['--import', 'tsx', 'apps/api/src/main.ts'];

/** Set by `npm test`, which starts the servers itself before the end-to-end tier (scripts/test.mjs). */
export const SERVERS_STARTED = process.env.E2E_SERVERS === 'started';

export type E2eServer = { port: number; dataDir: string; env: Record<string, string> };

/**
 * The real servers, each on a fresh data directory (per port, so that two runs on one machine with different
 * E2E_PORT do not share one): embedded PostgreSQL, demo seed, dev outbox. The fast one first, whose fleet runs
 * 20× faster for the troubleshooting flows (a reboot's 2–4 simulated minutes pass in 6–12 s), with webhooks
 * allowed to reach the integrations flow's local receiver.
 */
export const e2eServers: E2eServer[] = [
  {
    port: fastPort,
    dataDir: join(root, 'test-results', `e2e-data-${fastPort}`),
    env: { SIM_SPEED: '20', WEBHOOKS_ALLOW_LOOPBACK: '1' },
  },
  { port, dataDir: join(root, 'test-results', `e2e-data-${port}`), env: {} },
];

/** What a server is started with, beside the inherited environment. */
export function serverEnv(server: E2eServer): Record<string, string> {
  return {
    PORT: String(server.port),
    HOST: '127.0.0.1',
    DATA_DIR: server.dataDir,
    DEMO: '1',
    DELIVERY: 'outbox',
    PG_PORT: String(server.port + 1),
    // Each server's embedded MQTT broker on a free port: two servers run side by side (and 1884 may be taken).
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    ...server.env,
  };
}

export const healthUrl = (serverPort: number) => `http://127.0.0.1:${serverPort}/api/health`;

/** As long as a server is given to start (Playwright's webServer timeout). */
export const START_TIMEOUT_MS = 120_000;

/** Waits until the server answers its health check; throws after `timeoutMs`. */
export async function waitForHealth(serverPort: number, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(healthUrl(serverPort)).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`The e2e server did not answer ${healthUrl(serverPort)} within ${timeoutMs / 1000} s.`);
    await sleep(250);
  }
}
