import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SiteVisit, SiteVisitSchema } from '@vnoc/contracts';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { writeLastViewedSite } from '../utils/stored-sites.ts';

/** POST site/{siteId}/user/{userId}: records that the user opened the site (its `usa.lastVisited`). */
export function recordVisit(siteId: string, userId: string): Promise<SiteVisit> {
  return apiRequest(`site/${encodeURIComponent(siteId)}/user/${encodeURIComponent(userId)}`, {
    method: 'POST',
    schema: import.meta.env.DEV ? SiteVisitSchema : undefined,
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

/**
 * Records a visit to `site` once per opening (not on refetches or re-renders): its overview or one of its
 * devices' pages, both "visiting the site" for the menu's Recently Viewed and Last Visited Site. The server keeps
 * `usa.lastVisited`; this browser keeps the site in the `sites` storage item. `site` is undefined while it loads.
 */
export function useRecordSiteVisit(site: { id: string; name: string } | undefined) {
  const { user } = useAuth();
  const record = useRecordVisit();
  const recorded = useRef<string | null>(null);
  const userId = user?.id;
  const siteId = site?.id;
  const siteName = site?.name;
  useEffect(() => {
    if (siteId === undefined || siteName === undefined || !userId || recorded.current === siteId) return;
    recorded.current = siteId;
    writeLastViewedSite({ id: siteId, name: siteName }, new Date());
    record.mutate({ siteId, userId });
  }, [userId, siteId, siteName, record]);
}
