import { Text } from '@mantine/core';
import type { Site } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/detail-card.tsx';
import { LocationMap } from '../../../components/location-map.tsx';

/** The site map box: the site's location as one marker (spec part 2 "site map box"). */
export function SiteLocation({ site }: { site: Site }) {
  const { t } = useTranslation('siteDetail');
  return (
    <DetailCard title={t('location.title')} h="100%">
      {site.coordinates ? (
        <LocationMap
          lat={site.coordinates.lat}
          lng={site.coordinates.lng}
          color="blue"
          label={t('location.mapLabel', { name: site.name })}
          markerLabel={site.name}
        />
      ) : (
        <Text c="dimmed">{t('location.none')}</Text>
      )}
    </DetailCard>
  );
}
