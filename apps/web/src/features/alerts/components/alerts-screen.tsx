import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconTool } from '@tabler/icons-react';
import type { Alert, AlertSeverity, AlertState } from '@vnoc/contracts';
import { memo, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import {
  queryStateProps,
  urlPagingProps,
  useListParams,
} from '../../../components/data-table/server-list.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FilteredEmpty } from '../../../components/filtered-empty.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { alertDeviceLabel, alertName, alertPlace } from '../../../lib/alert-display.ts';
import { paths } from '../../../lib/paths.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useExportAlerts } from '../api/export-alerts.ts';
import { useAlertCounts } from '../api/get-alert-counts.ts';
import { useAlerts } from '../api/get-alerts.ts';
import { useUpdateLastSeenAlert } from '../api/update-last-seen-alert.ts';
import {
  alertFilterRequest,
  alertListRequest,
  CLEAR_FILTERS,
  hasFilters,
  readAlertListState,
  toggleSeverity,
  usesDefaultOrder,
} from '../utils/alert-list-state.ts';
import { useAlertColumns } from './alert-columns.tsx';
import type { AlertTicketAction } from './alert-detail-drawer.tsx';
import { AlertFilters } from './alert-filters.tsx';
import { SeverityCounts } from './severity-counts.tsx';

// An alert's drawer (Mantine's Drawer, the assignee Select, the notes' form) is no part of the list's first view:
// its module loads as the list first draws (beside the list's data), and the drawer shows once it is there.
const AlertDetailDrawer = preloadable(() =>
  import('./alert-detail-drawer.tsx').then((m) => m.AlertDetailDrawer),
).Component;

const TABS: readonly AlertState[] = ['active', 'cleared'];

/**
 * Opening the Alerts screen marks the newest active root alert seen (and again when a newer one arrives
 * while it is open), so the menu's unseen badge clears.
 */
function MarkNewestSeen() {
  const counts = useAlertCounts();
  const mark = useUpdateLastSeenAlert();
  const marked = useRef<string | null>(null);
  // The last stored active root (not the latest raisedAt: an alert is raised when its condition began).
  const newestId = counts.data?.newestId ?? null;
  const lastSeenId = counts.data?.lastSeenId;
  const unseen = counts.data?.unseen ?? 0;
  const { mutate } = mark;
  useEffect(() => {
    if (!newestId || lastSeenId === undefined || marked.current === newestId) return;
    if (newestId === lastSeenId && unseen === 0) return;
    marked.current = newestId;
    mutate(newestId);
  }, [newestId, lastSeenId, unseen, mutate]);
  return null;
}

/**
 * The tab's counts by severity, which read the counts themselves: a live refresh of the counts draws them
 * again, not the tab's filters and list.
 */
const TabSeverityCounts = memo(function TabSeverityCounts({
  status,
  selected,
  onToggle,
}: {
  status: AlertState;
  selected: readonly AlertSeverity[];
  onToggle: (severity: AlertSeverity) => void;
}) {
  const counts = useAlertCounts();
  return <SeverityCounts counts={counts.data?.[status]} selected={selected} onToggle={onToggle} />;
});

const AlertsTab = memo(function AlertsTab({ ticketAction }: { ticketAction?: AlertTicketAction }) {
  const { t, i18n } = useTranslation('alerts');
  const { params, setParams, state, update } = useListParams(readAlertListState);
  const alerts = useAlerts(alertListRequest(state));
  const columns = useAlertColumns(state.status);
  const rows = alerts.data?.content;
  const first: Alert | undefined = rows?.[0];
  const toggle = useCallback(
    (severity: AlertSeverity) => update({ severity: toggleSeverity(state.severity, severity) }),
    [update, state.severity],
  );

  // The open alert is not a filter: opening it keeps the page (patchParams would go back to page 1).
  const openAlert = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('alert', id);
    else next.delete('alert');
    setParams(next);
  };

  const filtered = hasFilters(state);
  const empty = filtered ? (
    <FilteredEmpty
      title={t('empty.filteredTitle')}
      text={t('empty.filteredText')}
      onClear={() => update(CLEAR_FILTERS)}
    />
  ) : state.status === 'active' ? (
    <EmptyState icon={IconCircleCheck} title={t('empty.activeTitle')} text={t('empty.activeText')}>
      <Button variant="light" onClick={() => update({ status: 'cleared' })}>
        {t('empty.showCleared')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState icon={IconAlertTriangle} title={t('empty.clearedTitle')} text={t('empty.clearedText')} />
  );

  return (
    <Stack gap="md">
      <TabSeverityCounts status={state.status} selected={state.severity} onToggle={toggle} />
      {usesDefaultOrder(state) ? (
        <Text size="sm" c="dimmed" data-testid="alerts-default-order">
          {t('list.defaultOrder')}
        </Text>
      ) : null}
      <DataTable<Alert>
        tableId={`alerts-${state.status}`}
        label={t(`list.tableLabel.${state.status}`)}
        columns={columns}
        data={rows}
        total={alerts.data?.totalElements ?? 0}
        {...urlPagingProps(state.table, update)}
        {...queryStateProps(alerts)}
        onOpen={(alert) => openAlert(alert.id)}
        openLabel={(alert) =>
          t('list.openAlert', {
            severity: t(`severity.${alert.severity}`),
            name: alertName(alert.code, i18n.language),
            place: alertPlace(alert) || '—',
          })
        }
        empty={empty}
        toolbar={
          <AlertFilters
            state={state}
            update={update}
            siteName={state.site && first?.siteId === state.site ? first.siteName : null}
            deviceName={state.device && first?.deviceId === state.device ? alertDeviceLabel(first) : null}
          />
        }
      />
      <Suspense fallback={null}>
        <AlertDetailDrawer
          alertId={state.alert}
          onClose={() => openAlert(null)}
          onOpenAlert={(id) => openAlert(id)}
          ticketAction={ticketAction}
        />
      </Suspense>
    </Stack>
  );
});

/** The Active and Cleared tabs with their totals, which read the counts themselves (see TabSeverityCounts). */
function AlertTabList() {
  const { t } = useTranslation('alerts');
  const counts = useAlertCounts();
  return (
    <Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Tab
          key={tab}
          value={tab}
          rightSection={
            counts.data ? (
              <Badge
                size="sm"
                variant={tab === 'active' && counts.data.active.total > 0 ? 'filled' : 'light'}
                color={tab === 'active' && counts.data.active.total > 0 ? 'red' : 'gray'}
                aria-hidden
              >
                {counts.data[tab].total}
              </Badge>
            ) : null
          }
          aria-label={
            counts.data
              ? t('tabs.withCount', { tab: t(`tabs.${tab}`), count: counts.data[tab].total })
              : undefined
          }
          data-testid={`alerts-tab-${tab}`}
        >
          {t(`tabs.${tab}`)}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}

function ExportButton() {
  const { t } = useTranslation('alerts');
  const { state } = useListParams(readAlertListState);
  const exportAlerts = useExportAlerts();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exportAlerts.isPending}
      onClick={() => exportAlerts.mutate(alertFilterRequest(state))}
      data-testid="alerts-export"
    >
      {t('export')}
    </Button>
  );
}

/**
 * Alerts: the organization's root alerts, Active or Cleared, with severity counts that filter, the other
 * filters in the address bar, the server-side table, an alert's detail in a drawer (acknowledge, assign,
 * notes, dependents, a ticket prefilled with the alert), CSV export and a link to the maintenance windows.
 */
export function AlertsScreen({ ticketAction }: { ticketAction?: AlertTicketAction }) {
  const { t } = useTranslation('alerts');
  const { state, update } = useListParams(readAlertListState);

  return (
    <PageFrame
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.alertsMaintenance}
            variant="default"
            leftSection={<IconTool size={16} aria-hidden />}
            data-testid="maintenance-link"
          >
            {t('maintenanceLink')}
          </Button>
          <ExportButton />
        </Group>
      }
    >
      <Tabs
        value={state.status}
        onChange={(value) => update({ status: value === 'cleared' ? 'cleared' : null, alert: null })}
        keepMounted={false}
        activateTabWithKeyboard
      >
        <AlertTabList />
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <AlertsTab ticketAction={ticketAction} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <MarkNewestSeen />
    </PageFrame>
  );
}
