import { Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRouter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Job, PORT_ACTIONS } from '@vnoc/contracts';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoadFailed } from '../../components/page-load-failed.tsx';
import { DeviceAlerts } from '../../features/alerts/components/device-alerts.tsx';
import { useDevice } from '../../features/devices/api/get-device.ts';
import { deviceQueryKey } from '../../features/devices/api/keys.ts';
import { DeviceHeader } from '../../features/devices/components/device-header.tsx';
import { DevicePorts } from '../../features/devices/components/device-ports.tsx';
import { DeviceStatusCards } from '../../features/devices/components/device-status-cards.tsx';
import {
  type ActionRequest,
  TroubleshootingPanel,
} from '../../features/diagnostics/components/troubleshooting-panel.tsx';
import { useRebootWatch } from '../../features/diagnostics/hooks/use-reboot-watch.ts';
import { deviceActions, diagnosticsAccess } from '../../features/diagnostics/utils/access.ts';
import { getSiteQueryOptions } from '../../features/sites/api/get-site.ts';
import { useRecordSiteVisit } from '../../features/sites/api/record-visit.ts';
import { SendTicketButton } from '../../features/tickets/components/send-ticket-button.tsx';
import { preloadTimeline } from '../../features/timeline/components/timeline-later.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useCrumbDetail } from '../../lib/breadcrumb-detail.ts';
import { paths } from '../../lib/paths.ts';
import { canChange } from '../../lib/permissions.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { deviceAnalyticsTags, productAnalytics, useTrackOnce } from '../../lib/product-analytics.ts';

/**
 * Device (/sites/{id}/device/{deviceId}): status, connection, active alerts, ports, troubleshooting and its run
 * history, tickets, its timeline, what a real device reports, signal, VLANs, versions, WAN chart, and sending a support ticket.
 * After a reboot the device is asked every 2 s until it is back, and after a port action at once, so the page
 * shows what the action did.
 */
// What the page draws below its first view (device-below.tsx: the run history, tickets, timeline, telemetry,
// signal, WAN chart, VLANs, versions; ~24 KB gzipped with their wording and components, bench:web) is fetched
// beside the device's data, not before the page can show itself.
const below = preloadable(() => import('./device-below.tsx').then((m) => m.DeviceBelow));

/** The place of what is below the first view while its module loads: cards of their size, no empty state. */
function BelowPlace() {
  return (
    <Stack gap="lg" data-testid="device-below-loading">
      <Skeleton height={160} />
      <Skeleton height={120} />
      <Skeleton height={260} />
    </Stack>
  );
}

export function Component() {
  const { deviceId = '' } = useParams();
  // A fresh screen per device: the panel's job, inputs and reboot watch never carry over to another one.
  return <DeviceScreen key={deviceId} deviceId={deviceId} />;
}

function DeviceScreen({ deviceId }: { deviceId: string }) {
  // Below the first view: fetched as the page first draws, beside the device's data.
  useEffect(() => {
    void below.preload().catch(() => undefined);
    void preloadTimeline().catch(() => undefined);
  }, []);
  const { t } = useTranslation('siteDetail');
  const { claims } = useAuth();
  const client = useQueryClient();
  const reboot = useRebootWatch();
  // A port action asked for from a port tile, handed to the troubleshooting panel.
  const [portRequest, setPortRequest] = useState<ActionRequest | null>(null);
  // Read at once (not after the first paint), so the actions start in their place on a phone.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const {
    data: device,
    isPending,
    error,
    dataUpdatedAt,
    refetch,
  } = useDevice(deviceId, {
    refetchInterval: reboot.refetchInterval,
  });
  const { start: startWatch, track } = reboot;
  const status = device?.status;
  useEffect(() => track(status, dataUpdatedAt), [track, status, dataUpdatedAt]);
  // The device's site gives the rest of its analytics tags (alias, account number, account holders).
  const siteId = device?.site.id ?? '';
  const site = useQuery({ ...getSiteQueryOptions(siteId), enabled: siteId !== '', refetchInterval: false });
  const tags = device && !site.isPending ? deviceAnalyticsTags(device, site.data) : null;
  // The Device route sends this instead of a page view (spec part 2).
  useTrackOnce('device.viewed', deviceId, tags);
  // A device's page is a visit to its site too (the menu's Last Visited Site, Recently Viewed).
  useRecordSiteVisit(device?.site);
  useCrumbDetail(
    device
      ? {
          parents: [{ label: device.site.name, to: paths.site(device.site.id) }],
          name: device.name,
        }
      : null,
  );

  const handleJobFinished = useCallback(
    (job: Job) => {
      if (device) {
        productAnalytics.track('device.diagnosticFinished', {
          ...deviceAnalyticsTags(device, site.data),
          action: job.action,
          state: job.state,
        });
      }
      if (job.state !== 'succeeded') return;
      if (job.action === 'reboot' || (PORT_ACTIONS as readonly string[]).includes(job.action)) {
        void client.invalidateQueries({ queryKey: deviceQueryKey(job.deviceId) });
      }
      startWatch(job);
    },
    [client, startWatch, device, site.data],
  );

  if (isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={110} />
        <Skeleton height={90} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (error || !device) {
    return (
      <PageLoadFailed
        error={error}
        icon={IconRouter}
        notFound={{ title: t('device.notFoundTitle'), text: t('device.notFoundText') }}
        failedTitle={t('loadFailedTitle')}
        back={{ to: paths.devices, label: t('backToDevices') }}
        retry={{ label: t('retry'), onRetry: () => void refetch() }}
      />
    );
  }
  // The kind decides the actions (issue 37 point 7): no port tile action on a kind not offered port actions; an
  // offline device says why they cannot run.
  const offer = deviceActions(diagnosticsAccess(claims), device);
  const portActions = offer.offered.includes('disableLanPorts');
  const actions = (
    <TroubleshootingPanel
      key="actions"
      device={device}
      request={portRequest}
      onJobFinished={handleJobFinished}
    />
  );
  return (
    <Stack gap="lg" component="section" aria-labelledby="page-title">
      <DeviceHeader
        device={device}
        canRename={canChange(claims?.role)}
        actions={<SendTicketButton device={device} />}
      />
      {/*
       * On a phone the troubleshooting actions come first: below the status cards, alerts and up to 16 port
       * tiles, Run was two screens down (issue 37 point 11). Keyed, so the panel keeps its state when a turned
       * phone moves it.
       */}
      {[
        phone && actions,
        <DeviceStatusCards key="status" device={device} />,
        <DeviceAlerts key="alerts" deviceId={device.id} />,
        <DevicePorts
          key="ports"
          device={device}
          canRename={canChange(claims?.role)}
          onPortAction={
            portActions
              ? (action, port) =>
                  setPortRequest({
                    action,
                    ports: action === 'disableLanPorts' ? [port] : [],
                    at: Date.now(),
                  })
              : undefined
          }
          blockedReason={offer.block ? t(`ports.blocked.${offer.block}`) : null}
        />,
        !phone && actions,
      ]}
      <Suspense fallback={<BelowPlace />}>
        <below.Component device={device} />
      </Suspense>
    </Stack>
  );
}
