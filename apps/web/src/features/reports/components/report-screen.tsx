import { Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconReportOff } from '@tabler/icons-react';
import type { ReportId, ReportPage } from '@vnoc/contracts';
import { lazy, Suspense, useCallback, useMemo } from 'react';
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
import { useCrumbDetail } from '../../../lib/breadcrumb-detail.ts';
import { paths } from '../../../lib/paths.ts';
import { type ExportFormat, useExportReport } from '../api/export-report.ts';
import { useReport } from '../api/get-report.ts';
import { formatCount, formatDay } from '../utils/report-format.ts';
import {
  CLEAR_FILTERS,
  filterCount,
  isReportId,
  type ReportState,
  readReportState,
  reportFilters,
  reportQuery,
} from '../utils/report-state.ts';
import { type ReportRow, useReportColumns } from './report-columns.tsx';
import { ReportFilters } from './report-filters.tsx';
import { ReportRangePicker } from './report-range-picker.tsx';
import { ScheduleButton } from './report-schedule.tsx';
import { SubscriptionList } from './report-subscriptions.tsx';
import { ReportTotals } from './report-totals.tsx';

// The chart library loads with the first report, not with the app.
const ReportChart = lazy(() => import('./report-chart.tsx'));

/** The export buttons in display order: one button shape, the format and its icon differ. */
const EXPORTS = [
  { format: 'csv', icon: IconDownload },
  { format: 'pdf', icon: IconFileTypePdf },
] as const satisfies readonly { format: ExportFormat; icon: typeof IconDownload }[];

function ExportButtons({ report, state }: { report: ReportId; state: ReportState }) {
  const { t } = useTranslation('reports');
  const exporter = useExportReport();
  const run = (format: ExportFormat) =>
    exporter.mutate({ id: report, format, query: reportQuery(state, false) });
  const busy = (format: ExportFormat) => exporter.isPending && exporter.variables?.format === format;
  return (
    <Button.Group aria-label={t('export.label')}>
      {EXPORTS.map(({ format, icon: Icon }) => (
        <Button
          key={format}
          variant="default"
          leftSection={<Icon size={16} aria-hidden />}
          loading={busy(format)}
          onClick={() => run(format)}
          data-testid={`report-export-${format}`}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
    </Button.Group>
  );
}

function SummaryChart({ page, loading }: { page: ReportPage | undefined; loading: boolean }) {
  const { t } = useTranslation('reports');
  const skeleton = <Skeleton height={240} radius="sm" />;
  let body = skeleton;
  if (page && page.summary.series.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        {t('chart.empty')}
      </Text>
    );
  } else if (page) {
    body = (
      <Suspense fallback={skeleton}>
        <ReportChart page={page} />
      </Suspense>
    );
  } else if (!loading) {
    return null;
  }
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} data-testid="report-chart">
      <Stack gap="xs">
        <Text component="figcaption" fw={600} size="sm">
          {page ? t(`chart.title.${page.report}`) : t('chart.loading')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

/**
 * One report: its caption, a date range (default the last 7 days), filters in the address bar, totals and a
 * per-day chart over the whole filtered set, the server-paged and sorted table, CSV / PDF downloads and
 * scheduling by email.
 */
export function ReportScreen({ id }: { id: string }) {
  if (!isReportId(id)) return <UnknownReport />;
  return <KnownReport report={id} />;
}

function UnknownReport() {
  const { t } = useTranslation('reports');
  return (
    <PageFrame>
      <EmptyState icon={IconReportOff} title={t('unknown.title')} text={t('unknown.text')}>
        <Button component={Link} to={paths.reports} variant="light">
          {t('unknown.back')}
        </Button>
      </EmptyState>
    </PageFrame>
  );
}

function KnownReport({ report }: { report: ReportId }) {
  const { t, i18n } = useTranslation('reports');
  // "Today" for the default range and the pickers' limits: fixed while the screen is open.
  const now = useMemo(() => new Date(), []);
  const read = useCallback((params: URLSearchParams) => readReportState(report, params, now), [report, now]);
  const { state, update } = useListParams(read);
  const query = useReport(report, reportQuery(state));
  const columns = useReportColumns(report);
  // The breadcrumb names the report ("Reports / Site availability (SLA)"), not the route's "Report".
  useCrumbDetail({ parents: [], name: t(`catalogue.${report}.title`) });
  const page = query.data;
  const rows = page?.content;

  const seenModels = useMemo(
    () => [...new Set((rows ?? []).flatMap((row) => ('model' in row ? [row.model] : [])))],
    [rows],
  );
  const seenSites = useMemo(() => new Map((rows ?? []).map((row) => [row.siteId, row.siteName])), [rows]);

  const filtered = filterCount(state) > 0;
  const empty = filtered ? (
    <FilteredEmpty
      title={t('empty.filteredTitle')}
      text={t('empty.filteredText')}
      onClear={() => update(CLEAR_FILTERS)}
    />
  ) : (
    <EmptyState icon={IconReportOff} title={t('empty.title')} text={t(`empty.text.${report}`)} />
  );
  const failed = Boolean(query.error);
  const showSummary = !failed && (query.isLoading || (page && page.totalElements > 0));

  return (
    <PageFrame
      title={t(`catalogue.${report}.title`)}
      actions={
        <Group gap="xs" wrap="wrap">
          <ExportButtons report={report} state={state} />
          <ScheduleButton report={report} filters={reportFilters(state)} />
        </Group>
      }
    >
      <Text size="sm" c="dimmed" mt={-8} data-testid="report-caption">
        {t(`catalogue.${report}.caption`)}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <ReportRangePicker
            report={report}
            range={state.range}
            now={now}
            onChange={(range) => update({ from: range.from, to: range.to })}
          />
          <ReportFilters
            report={report}
            state={state}
            update={update}
            seenModels={seenModels}
            seenSites={seenSites}
          />
        </Stack>
      </Paper>
      {page && !failed && (
        <Text size="sm" aria-live="polite" data-testid="report-range">
          {t(report === 'sla' ? 'range.showingSites' : 'range.showing', {
            from: formatDay(page.from),
            to: formatDay(page.to),
            count: page.totalElements,
            rows: formatCount(page.totalElements, i18n.language),
          })}
        </Text>
      )}
      {showSummary && (
        <Stack gap="md">
          <VisuallyHidden component="h2">{t('totals.label')}</VisuallyHidden>
          {page ? <ReportTotals page={page} /> : <Skeleton height={72} radius="md" />}
          <SummaryChart page={page} loading={query.isLoading} />
        </Stack>
      )}
      <DataTable<ReportRow>
        tableId={`report-${report}`}
        label={t('table.label', { report: t(`catalogue.${report}.title`) })}
        columns={columns}
        data={failed ? undefined : rows}
        total={page?.totalElements ?? 0}
        {...urlPagingProps(state.table, update)}
        {...queryStateProps(query)}
        empty={empty}
      />
      <SubscriptionList report={report} />
    </PageFrame>
  );
}
