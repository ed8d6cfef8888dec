import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { verifyPassword } from '../../auth/passwords.ts';
import type { AppContext } from '../../context.ts';
import { devSurfaceGuard } from '../../plugins/dev-surface.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { findUserByUsername } from '../accounts/index.ts';
import { registerDevProvider } from './dev-provider.ts';
import { listIssuers } from './repository.ts';
import { ssoRoutes } from './routes.ts';
import { createTokenVerifier } from './verify.ts';
import { vetSavedIssuers } from './vetting.ts';

export { discoverProvider, type ProviderEndpoints } from './discovery.ts';
export { retargetDevIssuer } from './repository.ts';

/** How often the console's Content-Security-Policy learns newly configured providers. */
const ISSUERS_REFRESH_MS = 60_000;

/**
 * Single sign-on: its routes, and the development identity provider when configured (the demo's
 * identities are the demo users, with their current password).
 */
export async function registerSso(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const trusted = new Map<string, JWTVerifyGetKey>();
  const dev = ctx.config.sso.devProvider;
  if (dev) {
    const { keys } = await registerDevProvider(app, {
      ...dev,
      identities: DEMO_USERS.map((u) => ({ email: u.username, givenName: u.first, familyName: u.last })),
      // The person's current password (the demo one until they change it). Like a real provider it knows
      // nothing of vNOC's account status: vNOC itself refuses a deactivated or pending person's token.
      checkPassword: async (email, password) =>
        verifyPassword((await findUserByUsername(ctx.db, email))?.passwordHash, password),
      limiter: ctx.limiter,
      guard: devSurfaceGuard(ctx.config),
    });
    // Served by this process: trusted through configuration, its keys in-process (the outbound guard
    // refuses loopback, and is not loosened for it).
    trusted.set(dev.issuer, keys);
  }
  ssoRoutes(app, ctx, createTokenVerifier({ outbound: ctx.outbound, trusted }));
  // In the background: a provider that answers slowly does not hold the start.
  app.addHook('onReady', async () => {
    vetSavedIssuers(ctx).catch((err: unknown) => app.log.warn({ err }, 'vetting saved SSO issuers failed'));
  });
}

/**
 * The origins of the configured identity providers, for the console's connect-src: the browser reads a
 * provider's discovery document and calls its token endpoint. Read at start and every minute.
 */
export function createProviderOrigins(app: FastifyInstance, ctx: AppContext) {
  const fixed = ctx.config.sso.devProvider ? [new URL(ctx.config.sso.devProvider.issuer).origin] : [];
  let origins = fixed;
  const refresh = async () => {
    const issuers = await listIssuers(ctx.db);
    const found = issuers.flatMap((i) => (URL.canParse(i) ? [new URL(i).origin] : []));
    origins = [...new Set([...fixed, ...found])];
  };
  const timer = setInterval(() => {
    refresh().catch((err: unknown) => app.log.warn({ err }, 'reading the SSO issuers failed'));
  }, ISSUERS_REFRESH_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onReady', async () => {
    await refresh().catch((err: unknown) => app.log.warn({ err }, 'reading the SSO issuers failed'));
  });
  return { connectSources: (): string[] => origins };
}
