import { Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PageLoadFailed } from '../../../components/page-load-failed.tsx';
import { useCrumbDetail } from '../../../lib/breadcrumb-detail.ts';
import { paths } from '../../../lib/paths.ts';
import { siteAnalyticsTags, useTrackOnce } from '../../../lib/product-analytics.ts';
import { useSite } from '../api/get-site.ts';
import { useRecordSiteVisit } from '../api/record-visit.ts';
import { SiteAlerts } from '../components/site-alerts.tsx';
import { SiteContacts, SiteDetails } from '../components/site-details.tsx';
import { SiteDevices } from '../components/site-devices.tsx';
import { SiteEditButton } from '../components/site-edit-button.tsx';
import { SiteFavoriteButton } from '../components/site-favorite-button.tsx';
import { SiteLocation } from '../components/site-location.tsx';
import { SiteMaintenanceBanner } from '../components/site-maintenance-banner.tsx';

/**
 * Site overview (/sites/{id}): a maintenance window's banner, details, map box, devices, `timeline` (what
 * another feature adds: the route composes it, app/routes/site.tsx), contacts, alerts and the favourite star.
 */
export function SiteOverview({ timeline }: { timeline?: (siteId: string) => ReactNode }) {
  const { t } = useTranslation('siteDetail');
  const { id = '' } = useParams();
  const { data: site, isPending, error, refetch } = useSite(id);
  useRecordSiteVisit(site);
  // The Site route sends this instead of a page view (spec part 2), with the site's analytics tags.
  useTrackOnce('site.viewed', id, site ? siteAnalyticsTags(site) : null);
  useCrumbDetail(site ? { parents: [], name: site.name } : null);

  if (isPending) {
    return (
      <PageFrame title={<Skeleton height={32} width={280} />}>
        <Skeleton height={220} />
        <Skeleton height={160} />
      </PageFrame>
    );
  }
  if (error || !site) {
    return (
      <PageLoadFailed
        error={error}
        icon={IconBuildingStore}
        notFound={{ title: t('notFoundTitle'), text: t('notFoundText') }}
        failedTitle={t('loadFailedTitle')}
        back={{ to: paths.sites, label: t('backToSites') }}
        retry={{ label: t('retry'), onRetry: () => void refetch() }}
      />
    );
  }
  return (
    <PageFrame
      title={site.name}
      actions={
        <Group gap="xs">
          <SiteEditButton site={site} />
          <SiteFavoriteButton siteId={site.id} favorite={site.favorite} />
        </Group>
      }
    >
      {site.alias && (
        <Text c="dimmed" mt={-12}>
          {site.alias}
        </Text>
      )}
      <Stack gap="lg">
        <SiteMaintenanceBanner siteId={site.id} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SiteDetails site={site} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {/* Leaflet keeps its first centre: a new location or name (an edit) draws the map anew. */}
            <SiteLocation
              key={`${site.coordinates?.lat},${site.coordinates?.lng},${site.name}`}
              site={site}
            />
          </Grid.Col>
        </Grid>
        <SiteDevices siteId={site.id} deviceIds={site.devices.map((d) => d.id)} />
        {timeline?.(site.id)}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SiteContacts site={site} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SiteAlerts siteId={site.id} />
          </Grid.Col>
        </Grid>
      </Stack>
    </PageFrame>
  );
}
