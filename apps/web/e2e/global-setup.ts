import { fastPort } from './ports.ts';

/** As long as Playwright gives a server to start (its webServer timeout). */
const START_TIMEOUT_MS = 120_000;

/**
 * Waits for the fast server, which the config starts beside the main one without waiting for it (see
 * playwright.config.ts): no test begins before both answer their health check.
 */
export default async function globalSetup() {
  const health = `http://127.0.0.1:${fastPort}/api/health`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const ok = await fetch(health).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`The fast e2e server did not answer ${health} within 120 s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
