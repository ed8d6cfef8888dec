import { Group, Skeleton, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../components/lazy-select.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MapSitePopup } from '../../../components/map-site-popup.tsx';
import { MapStatusLegend } from '../../../components/map-status-legend.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { deviceStatusLabelKey } from '../../../lib/device-status.ts';
import { useAlertMarks } from '../../../lib/map-alerts.ts';
import { MAP_STATUS_FILTERS, type MapStatusFilter } from '../../../lib/map-clusters.ts';
import { useMapView } from '../../../lib/map-view.ts';
import { preloadable } from '../../../lib/preloadable.tsx';

/**
 * The map (Leaflet and our map surface, ~52 KB gzipped with its styles) is fetched as the screen first renders,
 * beside the sites' summary it draws: the screen asks for its data without first downloading and running the map.
 */
const statusMap = preloadable(() => import('../../../components/status-map.tsx').then((m) => m.StatusMap));
const StatusMap = statusMap.Component;
/** The map's height: most of the window, never less than 420 px. */
const MAP_HEIGHT = 'max(420px, calc(100dvh - 260px))';

function isFilter(value: string | null): value is MapStatusFilter {
  return (MAP_STATUS_FILTERS as readonly string[]).includes(value ?? '');
}

/**
 * Map Overview (/sites/map): every site as a marker coloured by status, ringed by its worst active alert
 * and marked in maintenance, clustered, filtered by status.
 */
export function Component() {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation('fleet');
  const { t: ta } = useTranslation('alerts');
  useEffect(() => void statusMap.preload().catch(() => undefined), []);
  const marks = useAlertMarks();
  const [filter, setFilter] = useState<MapStatusFilter>('none');
  const view = useMapView({ status: filter === 'none' ? undefined : filter });
  const { data, isPending, error } = view.summary;
  const withoutLocation = data?.withoutLocation ?? 0;

  return (
    <PageFrame
      actions={
        <LazySelect
          label={t('map.filterLabel')}
          data={MAP_STATUS_FILTERS.map((value) => ({
            value,
            label: value === 'none' ? t('map.filterAll') : tf(deviceStatusLabelKey(value)),
          }))}
          value={filter}
          onChange={(value) => setFilter(isFilter(value) ? value : 'none')}
          allowDeselect={false}
          w={220}
          data-testid="map-filter"
        />
      }
    >
      {error ? (
        <LoadError error={error} />
      ) : isPending ? (
        <Skeleton height={560} />
      ) : (
        <>
          <Group gap="lg" mt={-8}>
            <Text size="sm" c="dimmed" data-testid="map-count">
              {t('map.showing', { count: data?.matching ?? 0, total: data?.located ?? 0 })}
            </Text>
            {withoutLocation > 0 && (
              <Text size="sm" c="dimmed">
                {t('map.withoutLocation', { count: withoutLocation })}
              </Text>
            )}
            <Text size="sm" c="dimmed" data-testid="map-legend">
              {ta('map.legend')}
            </Text>
          </Group>
          <MapStatusLegend label={t('map.legendLabel')} />
          <Suspense fallback={<Skeleton height={MAP_HEIGHT} data-testid="map-loading" />}>
            <StatusMap
              view={view}
              height={MAP_HEIGHT}
              label={t('map.label')}
              renderPopup={(point) => <MapSitePopup point={point} />}
              clusterLabel={(count) => t('map.cluster', { count })}
              marks={marks}
              scrollWheelZoom
            />
          </Suspense>
        </>
      )}
    </PageFrame>
  );
}
