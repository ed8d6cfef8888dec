import { useQuery } from '@tanstack/react-query';
import type { SsoApp } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET sso/tile?email=: the identity-provider tile of the address's organization, or null. */
export async function getSsoTile(email: string) {
  // Its schema (and zod) load with the first tile asked for, not with /login.
  const { SsoTileResponseSchema } = await import('@vnoc/contracts/sso');
  const { tile } = await apiRequest('sso/tile', { query: { email }, schema: SsoTileResponseSchema });
  return tile;
}

export const ssoTileQueryOptions = (email: string) => ({
  queryKey: ['sso-tile', email] as const,
  queryFn: () => getSsoTile(email),
  staleTime: 5 * 60_000,
  retry: false,
});

/** The tile for a complete address (none is asked for while the address is not one). */
export function useSsoTile(email: string | null) {
  return useQuery({ ...ssoTileQueryOptions(email ?? ''), enabled: email !== null });
}

/**
 * GET /api/ps/access/okta with the identity provider's access token (spec part 7): the vNOC token comes
 * back in the Authorization header (stored by the API client), the body is the app list.
 */
export async function exchangeProviderToken(accessToken: string): Promise<SsoApp[]> {
  const { SsoAppListSchema } = await import('@vnoc/contracts/sso');
  return apiRequest('ps/access/okta', { bearer: accessToken, schema: SsoAppListSchema });
}
