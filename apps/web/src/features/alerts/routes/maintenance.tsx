import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerStop, IconTool } from '@tabler/icons-react';
import type { MaintenanceWindow } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LabelledSegmented } from '../../../components/labelled-segmented.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useEndMaintenanceWindow } from '../api/end-maintenance-window.ts';
import { type MaintenanceState, useMaintenanceWindows } from '../api/get-maintenance-windows.ts';
import { ScheduleMaintenanceButton } from '../components/maintenance-form.tsx';

/** How many site names a row shows before "and N more". */
const SITES_SHOWN = 3;

const stateColour = { scheduled: 'blue', active: 'grape', ended: 'gray' } as const;

function WindowStateBadge({ state }: { state: MaintenanceWindow['state'] }) {
  const { t } = useTranslation('alerts');
  return (
    <Badge
      variant="light"
      color={stateColour[state]}
      radius="sm"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
    >
      {t(`maintenance.state.${state}`)}
    </Badge>
  );
}

/** The window's sites: the group (if any), then the first few site names, linked. */
function WindowSites({ maintenanceWindow }: { maintenanceWindow: MaintenanceWindow }) {
  const { t } = useTranslation('alerts');
  const shown = maintenanceWindow.sites.slice(0, SITES_SHOWN);
  const more = maintenanceWindow.sites.length - shown.length;
  return (
    <Stack gap={2}>
      {maintenanceWindow.group && (
        <Text size="sm" fw={600}>
          {t('maintenance.groupName', { name: maintenanceWindow.group.name })}
        </Text>
      )}
      {shown.length > 0 && (
        <Text size="sm">
          {shown.map((site, index) => (
            <span key={site.id}>
              {index > 0 && ', '}
              <Anchor component={Link} to={paths.site(site.id)} size="sm">
                {site.name}
              </Anchor>
            </span>
          ))}
          {more > 0 && (
            <Text span size="sm" c="dimmed">
              {' '}
              {t('maintenance.moreSites', { count: more })}
            </Text>
          )}
        </Text>
      )}
    </Stack>
  );
}

/** Ends a window after a confirmation naming it. */
function EndWindowButton({ maintenanceWindow }: { maintenanceWindow: MaintenanceWindow }) {
  const { t } = useTranslation('alerts');
  const [confirming, setConfirming] = useState(false);
  const end = useEndMaintenanceWindow(() => {
    setConfirming(false);
    toast(t('maintenance.ended', { reason: maintenanceWindow.reason }));
  });
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlayerStop size={14} aria-hidden />}
        onClick={() => setConfirming(true)}
        aria-label={t('maintenance.endLabel', { reason: maintenanceWindow.reason })}
        data-testid="maintenance-end-window"
      >
        {maintenanceWindow.state === 'scheduled' ? t('maintenance.cancelWindow') : t('maintenance.end')}
      </Button>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('maintenance.confirmTitle')}
        centered
        cancelLabel={t('cancel')}
        confirmLabel={
          maintenanceWindow.state === 'scheduled' ? t('maintenance.cancelWindow') : t('maintenance.end')
        }
        onConfirm={() => end.mutate(maintenanceWindow.id)}
        loading={end.isPending}
        lockCancel
        confirmTestId="maintenance-end-confirm"
      >
        {maintenanceWindow.state === 'scheduled'
          ? t('maintenance.confirmCancelText', { reason: maintenanceWindow.reason })
          : t('maintenance.confirmEndText', { reason: maintenanceWindow.reason })}
      </ConfirmModal>
    </>
  );
}

interface WindowsProps {
  windows: MaintenanceWindow[];
  state: MaintenanceState;
  canAct: boolean;
}

function WindowsTable({ windows, state, canAct }: WindowsProps) {
  const { t } = useTranslation('alerts');
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760}>
        <Table
          verticalSpacing="sm"
          aria-label={t(`maintenance.tableLabel.${state}`)}
          data-testid="maintenance-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('maintenance.columns.reason')}</Table.Th>
              <Table.Th>{t('maintenance.columns.sites')}</Table.Th>
              <Table.Th>{t('maintenance.columns.start')}</Table.Th>
              <Table.Th>{t('maintenance.columns.end')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('maintenance.columns.state')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('maintenance.columns.createdBy')}</Table.Th>
              {canAct && state === 'current' && (
                <Table.Th>
                  <VisuallyHidden>{t('maintenance.columns.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {windows.map((maintenanceWindow) => (
              <Table.Tr key={maintenanceWindow.id} data-testid="maintenance-row">
                <Table.Td miw={180} maw={280}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {maintenanceWindow.reason}
                  </Text>
                </Table.Td>
                <Table.Td maw={280}>
                  <WindowSites maintenanceWindow={maintenanceWindow} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(maintenanceWindow.startsAt)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(maintenanceWindow.endsAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <WindowStateBadge state={maintenanceWindow.state} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{maintenanceWindow.createdBy.name}</Text>
                </Table.Td>
                {canAct && state === 'current' && (
                  <Table.Td>
                    <EndWindowButton maintenanceWindow={maintenanceWindow} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** On a phone, each window as a card: reason and state, sites, times, who scheduled it, and End. */
function WindowCards({ windows, state, canAct }: WindowsProps) {
  const { t } = useTranslation('alerts');
  return (
    <PlainList gap="sm" aria-label={t(`maintenance.tableLabel.${state}`)}>
      {windows.map((maintenanceWindow) => (
        <Paper
          component="li"
          key={maintenanceWindow.id}
          withBorder
          radius="md"
          p="md"
          data-testid="maintenance-row"
        >
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {maintenanceWindow.reason}
              </Text>
              <WindowStateBadge state={maintenanceWindow.state} />
            </Group>
            <WindowSites maintenanceWindow={maintenanceWindow} />
            <Text size="sm" c="dimmed">
              {formatDate(maintenanceWindow.startsAt)} – {formatDate(maintenanceWindow.endsAt)}
            </Text>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {t('maintenance.scheduledBy', { name: maintenanceWindow.createdBy.name })}
              </Text>
              {canAct && state === 'current' && <EndWindowButton maintenanceWindow={maintenanceWindow} />}
            </Group>
          </Stack>
        </Paper>
      ))}
    </PlainList>
  );
}

/** A table from sm up, cards on a phone (a table of six columns does not fit one). */
function WindowList(props: WindowsProps) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return narrow ? <WindowCards {...props} /> : <WindowsTable {...props} />;
}

/**
 * Maintenance windows (/alerts/maintenance): current (scheduled and active) and ended windows; administrators
 * schedule one (sites or a group, start, end, reason) and end one. Alerts raised in a window are
 * recorded and marked, not notified.
 */
export function Component() {
  const { t } = useTranslation('alerts');
  const { claims } = useAuth();
  // A window silences notifications for the whole organization: an administrator's to schedule or end.
  const canAct = claims?.role === 'ADMINISTRATOR';
  const [params, setParams] = useSearchParams();
  const state: MaintenanceState = params.get('state') === 'ended' ? 'ended' : 'current';
  const windows = useMaintenanceWindows(state);

  return (
    <PageFrame actions={canAct ? <ScheduleMaintenanceButton /> : undefined}>
      <Group justify="space-between" gap="sm" mt={-8}>
        <BackLink to={paths.alerts}>{t('maintenance.backToAlerts')}</BackLink>
      </Group>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('maintenance.intro')}
      </Text>
      <LabelledSegmented
        gap={4}
        align="flex-start"
        label={t('maintenance.show')}
        value={state}
        onChange={(value) => setParams(value === 'ended' ? { state: 'ended' } : {})}
        data={[
          { value: 'current', label: t('maintenance.current') },
          { value: 'ended', label: t('maintenance.endedTab') },
        ]}
        data-testid="maintenance-state"
      />
      {windows.error ? (
        <LoadError
          error={windows.error}
          onRetry={() => void windows.refetch()}
          retryLabel={t('retry')}
          title={t('loadFailed')}
        />
      ) : windows.isPending ? (
        <Skeleton height={160} />
      ) : windows.data.length === 0 ? (
        <EmptyState
          icon={IconTool}
          title={state === 'current' ? t('maintenance.emptyCurrentTitle') : t('maintenance.emptyEndedTitle')}
          text={state === 'current' ? t('maintenance.emptyCurrentText') : t('maintenance.emptyEndedText')}
        />
      ) : (
        <WindowList windows={windows.data} state={state} canAct={canAct} />
      )}
    </PageFrame>
  );
}
