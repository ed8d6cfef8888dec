import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Favorite, FavoriteSchema, type Site } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { siteQueryKey } from './keys.ts';

/** PUT (mark) or DELETE (unmark) site/favorite/{id}. */
export function setFavorite(siteId: string, favorite: boolean): Promise<Favorite> {
  return apiRequest(`site/favorite/${encodeURIComponent(siteId)}`, {
    method: favorite ? 'PUT' : 'DELETE',
    schema: import.meta.env.DEV ? FavoriteSchema : undefined,
  });
}

export function useToggleFavorite(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(siteId, favorite),
    onSuccess: ({ favorite }) => {
      client.setQueryData<Site>(siteQueryKey(siteId), (site) => (site ? { ...site, favorite } : site));
      return client.invalidateQueries({ queryKey: ['sites'] });
    },
    onError: handleError,
  });
}
