import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { discoverProvider } from './discovery.ts';
import { findUnvettedIssuers, storeVettedEndpoints } from './repository.ts';

/**
 * Issuers saved before discovery moved to the administrator's save have no vetted endpoints, and their sign-ins
 * are refused until someone saves them again. At start the server discovers them once itself, through the same
 * outbound guard and checks as a save (an issuer an administrator set, never one a token names); an issuer the
 * guard or the checks refuse stays without endpoints, and the log says why.
 */
export async function vetSavedIssuers(
  ctx: Pick<AppContext, 'db' | 'config' | 'outbound' | 'log'>,
): Promise<{ vetted: number; refused: number }> {
  let vetted = 0;
  let refused = 0;
  for (const { id, ssoIssuer } of await findUnvettedIssuers(ctx.db)) {
    try {
      const endpoints = await discoverProvider(ctx, ssoIssuer);
      if (await storeVettedEndpoints(ctx.db, id, ssoIssuer, endpoints)) vetted++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused++;
      ctx.log.warn(
        { organizationId: id, reason: err.message },
        'single sign-on stays off for this organization until an administrator saves its issuer again',
      );
    }
  }
  return { vetted, refused };
}
