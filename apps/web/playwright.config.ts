import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = join(import.meta.dirname, '..', '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = join(root, 'test-results', 'e2e-data');

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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real server on a fresh data directory: embedded PostgreSQL, demo seed, dev outbox.
    command: `rm -rf "${dataDir}" && node --import tsx apps/api/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      DELIVERY: 'outbox',
      PG_PORT: String(port + 1),
      LOG_LEVEL: 'warn',
    },
  },
});
