import { Skeleton, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/detail-card.tsx';
import { preloadable } from '../../../lib/preloadable.tsx';
import type { TimelineSubject } from '../api/keys.ts';

// The timeline (its band, markers and tooltips: Mantine's Tooltip and SegmentedControl, floating-ui's chunk) sits
// below the first view of the site and device pages: it loads once they have drawn, not with them.
const timeline = preloadable(() => import('./entity-timeline.tsx').then((m) => m.EntityTimeline));

/** Starts loading the timeline (a page that will show it, as it first draws). */
export const preloadTimeline = timeline.preload;

/** The card as the timeline draws it while its data loads: its title, the range's row and the band's place. */
function TimelinePlace() {
  const { t } = useTranslation('timeline');
  return (
    <DetailCard title={t('timeline:title')} data-testid="timeline-place">
      <Stack gap="md">
        <Skeleton height={30} />
        <Skeleton height={200} />
      </Stack>
    </DetailCard>
  );
}

/**
 * A site's or device's timeline (`EntityTimeline`), its module loaded on demand: until it is there, a card of its
 * place and size.
 */
export function TimelineLater(props: { subject: TimelineSubject; siteId: string }) {
  return (
    <Suspense fallback={<TimelinePlace />}>
      <timeline.Component {...props} />
    </Suspense>
  );
}
