import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

import { fastPort, port } from './e2e/ports.ts';

const root = join(import.meta.dirname, '..', '..');
// Per port, so that two runs on one machine (different E2E_PORT) do not share a data directory.
const dataDir = join(root, 'test-results', `e2e-data-${port}`);
const fastDataDir = join(root, 'test-results', `e2e-data-${fastPort}`);
const FAST_SIM_SPEED = 20;

/**
 * The real server on a fresh data directory: embedded PostgreSQL, demo seed, dev outbox. Playwright starts its
 * servers one after the other, each once the one before answers; a server given `wait: false` is not waited for
 * here, so the next one starts beside it (the global set-up waits for it before the first test).
 */
function server(serverPort: number, dir: string, env: Record<string, string> = {}, wait = true) {
  return {
    command: `rm -rf "${dir}" && node --import tsx apps/api/src/main.ts`,
    cwd: root,
    url: wait ? `http://127.0.0.1:${serverPort}/api/health` : undefined,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO: '1',
      DELIVERY: 'outbox',
      PG_PORT: String(serverPort + 1),
      // Each server's embedded MQTT broker on a free port: two servers run side by side (and 1884 may be taken).
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: join(root, 'test-results', 'e2e'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        /troubleshooting\.spec\.ts/,
        /[\\/]alerts\.spec\.ts$/,
        /[\\/]chat\.spec\.ts$/,
        /[\\/]integrations\.spec\.ts$/,
        /[\\/]wall\.spec\.ts$/,
      ],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'troubleshooting',
      testMatch: /troubleshooting\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${fastPort}` },
    },
    {
      // The alert flows sign in as users no spec uses on this server (each user enrols once per server),
      // and take a Bluebird firewall offline (the troubleshooting flows use Acme's): safe beside them.
      name: 'alerts',
      testMatch: /[\\/]alerts\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${fastPort}` },
    },
    {
      // The support chat signs in as ops@acme and the provider's support person, whom no spec on this server uses.
      name: 'chat',
      testMatch: /[\\/]chat\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${fastPort}` },
    },
    {
      // API keys and webhooks sign in as it@acme, whom no spec on this server uses; its webhooks reach a local
      // receiver (WEBHOOKS_ALLOW_LOOPBACK on this server only).
      name: 'integrations',
      testMatch: /[\\/]integrations\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${fastPort}` },
    },
    {
      // The wall display signs in as audit@acme, whom admin-organization enrols on the main server.
      name: 'wall',
      testMatch: /[\\/]wall\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${fastPort}` },
    },
  ],
  // The fast server first and not waited for: the two start-ups (a database and the demo seed each) overlap.
  webServer: [
    server(fastPort, fastDataDir, { SIM_SPEED: String(FAST_SIM_SPEED), WEBHOOKS_ALLOW_LOOPBACK: '1' }, false),
    server(port, dataDir),
  ],
  globalSetup: './e2e/global-setup.ts',
});
