import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SiteVisit, SiteVisitSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST site/{siteId}/user/{userId}: records that the user opened the site (its `usa.lastVisited`). */
export function recordVisit(siteId: string, userId: string): Promise<SiteVisit> {
  return apiRequest(`site/${encodeURIComponent(siteId)}/user/${encodeURIComponent(userId)}`, {
    method: 'POST',
    schema: SiteVisitSchema,
  });
}

export function useRecordVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, userId }: { siteId: string; userId: string }) => recordVisit(siteId, userId),
    // The menu's Recently Viewed and Last Visited Site read these lists.
    onSuccess: () => client.invalidateQueries({ queryKey: ['sites', 'recent'] }),
  });
}
