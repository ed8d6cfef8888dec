import { SiteOverview } from '../../features/sites/routes/site-overview.tsx';
import { EntityTimeline } from '../../features/timeline/components/entity-timeline.tsx';

/** Site overview (/sites/{id}): the sites feature's page with the site's timeline, composed here (features stay apart). */
export function Component() {
  return (
    <SiteOverview
      timeline={(siteId) => <EntityTimeline subject={{ kind: 'site', id: siteId }} siteId={siteId} />}
    />
  );
}
