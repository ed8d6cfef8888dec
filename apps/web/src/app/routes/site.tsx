import { useEffect } from 'react';
import { SiteOverview } from '../../features/sites/routes/site-overview.tsx';
import { preloadTimeline, TimelineLater } from '../../features/timeline/components/timeline-later.tsx';

/** Site overview (/sites/{id}): the sites feature's page with the site's timeline, composed here (features stay apart). */
export function Component() {
  // Below the first view: fetched as the page first draws, beside the site's data.
  useEffect(() => void preloadTimeline().catch(() => undefined), []);
  return (
    <SiteOverview
      timeline={(siteId) => <TimelineLater subject={{ kind: 'site', id: siteId }} siteId={siteId} />}
    />
  );
}
