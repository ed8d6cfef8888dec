import { Anchor, Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { REPORT_SORT_FIELDS, type ReportId, type ReportPage } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ColumnMeta } from '../../../components/data-table/column-meta.ts';
import { formatBytes, formatDate, formatPercent } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { formatCount, formatDay, formatDuration } from '../utils/report-format.ts';

export type ReportRow = ReportPage['content'][number];

type Kind = 'text' | 'day' | 'time' | 'bytes' | 'percent' | 'seconds' | 'count' | 'mac' | 'site' | 'met';

interface ColumnSpec {
  key: string;
  kind: Kind;
  hidden?: boolean;
}

const IDENTITY: ColumnSpec[] = [
  { key: 'date', kind: 'day' },
  { key: 'macAddress', kind: 'mac' },
  { key: 'manufacturer', kind: 'text', hidden: true },
  { key: 'model', kind: 'text' },
  { key: 'siteName', kind: 'site' },
];
const PLACE: ColumnSpec[] = [
  { key: 'address', kind: 'text', hidden: true },
  { key: 'city', kind: 'text' },
  { key: 'state', kind: 'text' },
  { key: 'zip', kind: 'text', hidden: true },
  { key: 'country', kind: 'text', hidden: true },
];

/** The columns of each report, in order (spec part 3's rows; the SLA report is ours). */
export const REPORT_COLUMNS: Record<ReportId, ColumnSpec[]> = {
  'cellular-billing': [
    { key: 'date', kind: 'day' },
    { key: 'macAddress', kind: 'mac' },
    { key: 'manufacturer', kind: 'text' },
    { key: 'model', kind: 'text' },
    { key: 'usage_backup', kind: 'bytes' },
    { key: 'lastUpdated', kind: 'time' },
    { key: 'siteName', kind: 'site' },
    { key: 'address', kind: 'text' },
    { key: 'city', kind: 'text' },
    { key: 'state', kind: 'text' },
    { key: 'zip', kind: 'text' },
    { key: 'country', kind: 'text', hidden: true },
  ],
  'online-analytics': [
    ...IDENTITY,
    ...PLACE,
    { key: 'percentOnline', kind: 'percent' },
    { key: 'percentOnPrimary', kind: 'percent' },
    { key: 'percentOnBackup', kind: 'percent' },
    { key: 'percentOffline', kind: 'percent' },
    { key: 'secondsOnline', kind: 'seconds', hidden: true },
    { key: 'secondsOnPrimary', kind: 'seconds', hidden: true },
    { key: 'secondsOnBackup', kind: 'seconds' },
    { key: 'secondsOffline', kind: 'seconds' },
    { key: 'offlineEvents', kind: 'count' },
    { key: 'backupEvents', kind: 'count' },
    { key: 'wanBytesReceived', kind: 'bytes' },
    { key: 'wanBytesTransmitted', kind: 'bytes' },
  ],
  sla: [
    { key: 'siteName', kind: 'site' },
    ...PLACE,
    { key: 'devices', kind: 'count' },
    { key: 'availability', kind: 'percent' },
    { key: 'met', kind: 'met' },
    { key: 'percentOnBackup', kind: 'percent' },
    { key: 'percentDown', kind: 'percent' },
    { key: 'secondsOnBackup', kind: 'seconds' },
    { key: 'secondsDown', kind: 'seconds' },
    { key: 'downEvents', kind: 'count' },
    { key: 'backupEvents', kind: 'count' },
  ],
};

function cellOf(spec: ColumnSpec, row: Record<string, unknown>, t: TFunction, language: string) {
  const value = row[spec.key];
  const dash = (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );
  switch (spec.kind) {
    case 'day':
      return formatDay(value as string);
    case 'time':
      return value ? formatDate(value as string) : dash;
    case 'bytes':
      // A billing figure the carrier has not reported yet is not zero.
      return value === null || value === undefined ? (
        <Text span size="sm" c="dimmed" title={t('notReportedHint')}>
          {t('notReported')}
        </Text>
      ) : (
        formatBytes(value as number)
      );
    case 'percent':
      return formatPercent(value as number, language);
    case 'seconds':
      return formatDuration(value as number);
    case 'count':
      return formatCount(value as number, language);
    case 'mac':
      return (
        <Text span size="sm" ff="monospace">
          {String(value ?? '')}
        </Text>
      );
    case 'site':
      return (
        <Anchor component={Link} to={paths.site(String(row.siteId))} size="sm">
          {String(value ?? '')}
        </Anchor>
      );
    case 'met':
      return (
        <Badge variant="light" color={value ? 'teal' : 'red'} size="sm">
          {value ? t('met.yes') : t('met.no')}
        </Badge>
      );
    default:
      return value === null || value === undefined || value === '' ? dash : String(value);
  }
}

/** The table's columns for a report: headers in the user's language, values in the spec's display rules. */
export function useReportColumns(report: ReportId): ColumnDef<ReportRow>[] {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  return useMemo(() => {
    const sortable: readonly string[] = REPORT_SORT_FIELDS[report];
    return REPORT_COLUMNS[report].map((spec): ColumnDef<ReportRow> => {
      const label = t(`columns.${spec.key}`);
      const meta: ColumnMeta = { label, hiddenByDefault: spec.hidden };
      return {
        id: spec.key,
        header: label,
        meta,
        enableSorting: sortable.includes(spec.key),
        cell: ({ row }) => cellOf(spec, row.original as unknown as Record<string, unknown>, t, language),
      };
    });
  }, [report, t, language]);
}
