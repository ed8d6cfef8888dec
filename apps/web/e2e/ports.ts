/** The end-to-end servers' ports: E2E_PORT (default 18080) and the fast server two above it (each with its
 * embedded PostgreSQL on the next port). */
export const port = Number(process.env.E2E_PORT ?? 18080);
/** A second server whose fleet runs 20× faster, for the troubleshooting flows (a reboot lasts 6–12 s). */
export const fastPort = port + 2;
