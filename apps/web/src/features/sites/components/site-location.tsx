import { Card, Text, Title } from '@mantine/core';
import type { Site } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { LocationMap } from '../../../components/location-map.tsx';

/** The site map box: the site's location as one marker (spec part 2 "site map box"). */
export function SiteLocation({ site }: { site: Site }) {
  const { t } = useTranslation('siteDetail');
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        {t('location.title')}
      </Title>
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
    </Card>
  );
}
