import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReportPage } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatPercent } from '../../../lib/format.ts';
import { formatCount, formatDuration } from '../utils/report-format.ts';

interface Total {
  key: string;
  value: string;
  /** A second line (e.g. the time behind a percentage). */
  detail?: string;
}

/** The totals of the whole filtered report (not only the page), as label/value pairs in the spec's units. */
export function reportTotals(page: ReportPage, language: string): Total[] {
  const pct = (v: number) => formatPercent(v, language);
  const n = (v: number) => formatCount(v, language);
  if (page.report === 'cellular-billing') {
    const x = page.totals;
    return [
      { key: 'usageBackup', value: formatBytes(x.usage_backup) },
      { key: 'devices', value: n(x.devices) },
      { key: 'rows', value: n(x.rows) },
      { key: 'reportedRows', value: n(x.reportedRows) },
      { key: 'awaitingRows', value: n(x.awaitingRows) },
    ];
  }
  if (page.report === 'online-analytics') {
    const x = page.totals;
    return [
      { key: 'percentOnline', value: pct(x.percentOnline), detail: formatDuration(x.secondsOnline) },
      { key: 'percentOnBackup', value: pct(x.percentOnBackup), detail: formatDuration(x.secondsOnBackup) },
      { key: 'percentOffline', value: pct(x.percentOffline), detail: formatDuration(x.secondsOffline) },
      { key: 'events', value: `${n(x.offlineEvents)} / ${n(x.backupEvents)}` },
      {
        key: 'wanBytes',
        value: `${formatBytes(x.wanBytesReceived)} / ${formatBytes(x.wanBytesTransmitted)}`,
      },
      { key: 'devices', value: n(x.devices), detail: `${n(x.rows)}` },
    ];
  }
  const x = page.totals;
  return [
    { key: 'availability', value: pct(x.availability) },
    { key: 'sitesMeetingTarget', value: `${n(x.sitesMeetingTarget)} / ${n(x.sites)}`, detail: pct(x.target) },
    { key: 'percentOnBackup', value: pct(x.percentOnBackup), detail: formatDuration(x.secondsOnBackup) },
    { key: 'percentDown', value: pct(x.percentDown), detail: formatDuration(x.secondsDown) },
    { key: 'events', value: `${n(x.downEvents)} / ${n(x.backupEvents)}` },
  ];
}

export function ReportTotals({ page }: { page: ReportPage }) {
  const { t, i18n } = useTranslation('reports');
  const totals = reportTotals(page, i18n.language);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: totals.length }}
      spacing="sm"
      component="dl"
      m={0}
      aria-label={t('totals.label')}
      data-testid="report-totals"
    >
      {totals.map((total) => (
        <Paper key={total.key} withBorder radius="md" p="sm" data-testid={`total-${total.key}`}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {t(`totals.${page.report}.${total.key}`)}
          </Text>
          <Text component="dd" m={0} fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {total.value}
          </Text>
          {total.detail && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {t(`totals.${page.report}.${total.key}Detail`, { value: total.detail })}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
