import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconTool, IconUser } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Alert, AlertState } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertSeverityBadge } from '../../../components/alert-severity-badge.tsx';
import { CellLink } from '../../../components/data-table/cell-link.tsx';
import type { ColumnMeta } from '../../../components/data-table/column-meta.ts';
import { DateText } from '../../../components/date-text.tsx';
import { HoverTooltip } from '../../../components/hover-tooltip.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { alertDeviceLabel, alertMeasuredText, alertName, alertPlace } from '../../../lib/alert-display.ts';
import { paths } from '../../../lib/paths.ts';
import { AlertTicketLink } from './alert-ticket-link.tsx';

/**
 * A name wraps within the column: a support person's "Sam Support (vNOC support) for Uriel Operator" ran past the
 * table's right edge at 1366 px in Spanish.
 */
const WRAP = { whiteSpace: 'normal', maxWidth: 200 } as const;

/** Who handles it: acknowledged (by whom) and the assignee, or a dash. */
function OwnerCell({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  if (!alert.acknowledgedBy && !alert.assignee) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {alert.acknowledgedBy && (
        <Group
          gap={4}
          wrap="nowrap"
          align="flex-start"
          title={t('list.acknowledgedBy', { name: actorName(alert.acknowledgedBy) })}
        >
          <IconCircleCheck
            size={14}
            aria-hidden
            color="var(--mantine-color-green-7)"
            style={{ flexShrink: 0 }}
          />
          <Text size="xs" style={WRAP}>
            <VisuallyHidden>{t('list.acknowledgedByLabel')} </VisuallyHidden>
            {actorName(alert.acknowledgedBy)}
          </Text>
        </Group>
      )}
      {alert.assignee && (
        <Group gap={4} wrap="nowrap" title={t('list.assignedTo', { name: alert.assignee.name })}>
          <IconUser size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs" style={WRAP}>
            <VisuallyHidden>{t('list.assignedToLabel')} </VisuallyHidden>
            {alert.assignee.name}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** The Alerts table's columns; cleared time only on the Cleared tab. Sortable ids are the API's fields. */
export function useAlertColumns(status: AlertState): ColumnDef<Alert>[] {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  return useMemo(() => alertColumns(t, lang, status), [t, lang, status]);
}

function alertColumns(t: TFunction<'alerts'>, lang: string, status: AlertState): ColumnDef<Alert>[] {
  const columns: (ColumnDef<Alert> | null)[] = [
    {
      id: 'severity',
      header: t('list.columns.severity'),
      enableHiding: false,
      cell: ({ row }) => <AlertSeverityBadge severity={row.original.severity} />,
    },
    {
      id: 'code',
      header: t('list.columns.alert'),
      enableHiding: false,
      cell: ({ row }) => {
        const alert = row.original;
        const measured = alertMeasuredText(alert, lang);
        const marks = alert.inMaintenance || alert.dependents > 0 || alert.occurrences > 1;
        const badge = {
          size: 'xs',
          variant: 'light',
          radius: 'sm',
          style: { minWidth: 'max-content' },
          styles: { label: { textTransform: 'none', overflow: 'visible' } },
        } as const;
        return (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {alertName(alert.code, lang)}
            </Text>
            {measured && (
              <Text size="xs" c="dimmed">
                {measured}
              </Text>
            )}
            {marks && (
              <Group gap={4} wrap="nowrap">
                {alert.inMaintenance && (
                  <HoverTooltip label={t('marks.maintenance')}>
                    <Badge
                      {...badge}
                      color="grape"
                      leftSection={<IconTool size={11} aria-hidden />}
                      data-testid="maintenance-mark"
                    >
                      {t('marks.maintenanceShort')}
                    </Badge>
                  </HoverTooltip>
                )}
                {alert.dependents > 0 && (
                  <Badge {...badge} color="gray" data-testid="dependents-count">
                    {t('list.dependentsCount', { count: alert.dependents })}
                  </Badge>
                )}
                {alert.occurrences > 1 && (
                  <Badge {...badge} color="gray" data-testid="occurrences-count">
                    {t('list.occurrencesCount', { count: alert.occurrences })}
                  </Badge>
                )}
              </Group>
            )}
            {alert.ticket && <AlertTicketLink ticket={alert.ticket} inRow size="xs" />}
            {/* On a phone the table scrolls sideways: where and when come along with the name. */}
            <Group gap={4} hiddenFrom="sm" wrap="nowrap">
              {alertPlace(alert) && (
                <Text size="xs" c="dimmed">
                  {alertPlace(alert)} ·
                </Text>
              )}
              <DateText value={alert.raisedAt} relative size="xs" c="dimmed" />
            </Group>
          </Stack>
        );
      },
    },
    {
      id: 'siteName',
      header: t('list.columns.siteDevice'),
      meta: { label: t('list.columns.siteDevice') } satisfies ColumnMeta,
      cell: ({ row }) => {
        const alert = row.original;
        const site =
          alert.siteId && alert.siteName ? (
            <CellLink to={paths.site(alert.siteId)}>{alert.siteName}</CellLink>
          ) : (
            <Text size="sm">{alert.region ? t('list.region', { region: alert.region }) : '—'}</Text>
          );
        return (
          <Stack gap={0}>
            {site}
            {alert.deviceId && alert.siteId && (
              <Group gap={6} wrap="nowrap">
                <CellLink to={paths.device(alert.siteId, alert.deviceId)} size="xs">
                  {alertDeviceLabel(alert)}
                </CellLink>
                {alert.macAddress && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {alert.macAddress}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        );
      },
    },
    {
      id: 'raisedAt',
      header: t('list.columns.raisedAt'),
      cell: ({ row }) => <DateText value={row.original.raisedAt} relative />,
    },
    {
      id: 'lastSeenAt',
      header: t('list.columns.lastSeenAt'),
      meta: { hiddenByDefault: true, label: t('list.columns.lastSeenAt') } satisfies ColumnMeta,
      cell: ({ row }) => <DateText value={row.original.lastSeenAt} relative />,
    },
    status === 'cleared'
      ? {
          id: 'clearedAt',
          header: t('list.columns.clearedAt'),
          cell: ({ row }) => <DateText value={row.original.clearedAt} />,
        }
      : null,
    {
      id: 'occurrences',
      header: t('list.columns.occurrences'),
      // Shown in the alert's cell when it came back; the column is there to sort by it.
      meta: { hiddenByDefault: true, label: t('list.columns.occurrences') } satisfies ColumnMeta,
      cell: ({ row }) => <Text size="sm">{row.original.occurrences}</Text>,
    },
    {
      id: 'owner',
      header: t('list.columns.owner'),
      enableSorting: false,
      cell: ({ row }) => <OwnerCell alert={row.original} />,
    },
  ];
  return columns.filter((column): column is ColumnDef<Alert> => column !== null);
}
