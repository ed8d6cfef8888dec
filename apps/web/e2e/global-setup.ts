import { e2eServers, waitForHealth } from './servers.ts';

/**
 * No test begins before every server answers its health check: Playwright does not wait for the fast server,
 * which it starts beside the main one (see playwright.config.ts), and `npm test` starts both itself before the
 * tier (scripts/test.mjs), so they may still be starting.
 */
export default async function globalSetup() {
  for (const server of e2eServers) await waitForHealth(server.port);
}
