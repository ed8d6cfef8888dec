import { Skeleton, Text } from '@mantine/core';
import type { Site } from '@vnoc/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/detail-card.tsx';
import { afterPaint } from '../../../lib/after-paint.ts';
import { preloadable } from '../../../lib/preloadable.tsx';

/** The map box's height: the skeleton holds its place while the map loads. */
const MAP_HEIGHT = 220;

/**
 * The map (Leaflet and our map surface, ~51 KB gzipped with its styles), fetched once the page has painted, as the
 * dashboard's map is: the site's details, devices and alerts draw without waiting for it (on a phone the box is
 * below them), the box showing a skeleton of its size meanwhile.
 */
const locationMap = preloadable(() =>
  afterPaint()
    .then(() => import('../../../components/location-map.tsx'))
    .then((m) => m.LocationMap),
);

/** The site map box: the site's location as one marker (spec part 2 "site map box"). */
export function SiteLocation({ site }: { site: Site }) {
  const { t } = useTranslation('siteDetail');
  return (
    <DetailCard title={t('location.title')} h="100%">
      {site.coordinates ? (
        <Suspense fallback={<Skeleton height={MAP_HEIGHT} data-testid="site-map-loading" />}>
          <locationMap.Component
            lat={site.coordinates.lat}
            lng={site.coordinates.lng}
            color="blue"
            height={MAP_HEIGHT}
            label={t('location.mapLabel', { name: site.name })}
            markerLabel={site.name}
          />
        </Suspense>
      ) : (
        <Text c="dimmed">{t('location.none')}</Text>
      )}
    </DetailCard>
  );
}
