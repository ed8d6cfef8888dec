import { Alert, Badge, Button, Group, List, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type BatchSummary,
  type DiagnosticAction,
  type Job,
  jobVerdict,
  summarizeJobs,
  type Verdict,
  verdictRank,
} from '@vnoc/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { verdictColour } from '../../../components/verdict.tsx';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useCancelBatch } from '../api/cancel-batch.ts';
import { useBatch } from '../api/get-batch.ts';
import type { BatchDevice, BatchRefusal, StartedBatch } from '../utils/run-batch.ts';
import { jobSummary } from '../utils/summary.ts';
import { ExpandToggle } from './expand-toggle.tsx';
import { JobResult } from './job-result.tsx';
import { JobOutcomeBadge } from './job-state-badge.tsx';

const COLUMNS = 5;
/** Devices named per refusal reason; the rest are counted. */
const LISTED_REFUSALS = 8;

/** Refusals grouped by their message, in the order the reasons first occur. */
function refusalsByReason(refusals: readonly BatchRefusal[]): [string, BatchDevice[]][] {
  const groups = new Map<string, BatchDevice[]>();
  for (const { message, device } of refusals) groups.set(message, [...(groups.get(message) ?? []), device]);
  return [...groups];
}

/** A test's verdict once it ran, else null (still running, failed to run, cancelled, not a test). */
const verdictOf = (job: Job): Verdict | null =>
  job.state === 'succeeded' ? (jobVerdict(job)?.verdict ?? null) : null;
/** A run that failed is a problem as much as a Failing test. */
const rankOf = (job: Job) => (job.state === 'failed' ? verdictRank('failing') : verdictRank(verdictOf(job)));

/**
 * Problems first: Failing tests and failed runs, Degraded, Healthy, then the rest; within each, by device
 * name (then id), so rows neither jump about while the batch runs nor change order when it is reopened.
 */
export function byVerdict(jobs: readonly Job[], nameOf: (deviceId: string) => string = () => ''): Job[] {
  return [...jobs].sort(
    (a, b) =>
      rankOf(a) - rankOf(b) ||
      nameOf(a.deviceId).localeCompare(nameOf(b.deviceId)) ||
      a.deviceId.localeCompare(b.deviceId),
  );
}

/**
 * One row per device of a batch: name and MAC, site, outcome (a test's verdict, else the job's state) and a one-line
 * summary, problems first; a row opens to the full result.
 */
export function BatchJobsTable({ jobs, devices }: { jobs: readonly Job[]; devices: readonly BatchDevice[] }) {
  const { t } = useTranslation('diagnostics');
  const [open, setOpen] = useState<string | null>(null);
  const byId = new Map(devices.map((device) => [device.id, device]));
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('batch.tableLabel')}
        data-testid="batch-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>{t('history.details')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('batch.device')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('batch.site')}</Table.Th>
            <Table.Th>{t('history.state')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('batch.summary')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {byVerdict(jobs, (id) => byId.get(id)?.name ?? '').map((job) => {
            const verdict = verdictOf(job);
            const device = byId.get(job.deviceId);
            const name = device?.name ?? job.deviceId;
            const expanded = open === job.id;
            const toggle = () => setOpen(expanded ? null : job.id);
            return (
              <Fragment key={job.id}>
                <Table.Tr onClick={toggle} style={{ cursor: 'pointer' }} data-testid="batch-row">
                  <Table.Td>
                    <ExpandToggle
                      expanded={expanded}
                      onToggle={toggle}
                      controls={`batch-job-${job.id}`}
                      label={expanded ? t('batch.hide', { name }) : t('batch.show', { name })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm" data-testid="batch-device-name">
                      {name}
                    </Text>
                    {device && (
                      <Text ff="monospace" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {device.macAddress}
                      </Text>
                    )}
                    {/* A phone has no room for a summary column: the summary goes under the device. */}
                    <Text
                      hiddenFrom="sm"
                      size="sm"
                      fw={verdict === 'failing' || job.state === 'failed' ? 600 : undefined}
                    >
                      {jobSummary(job, t)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{device?.site.name ?? ''}</Table.Td>
                  <Table.Td>
                    <JobOutcomeBadge job={job} />
                  </Table.Td>
                  <Table.Td
                    visibleFrom="sm"
                    data-testid="batch-summary"
                    data-verdict={verdict ?? undefined}
                    fw={verdict === 'failing' || job.state === 'failed' ? 600 : undefined}
                  >
                    {jobSummary(job, t)}
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={`batch-job-${job.id}`}>
                    <Table.Td colSpan={COLUMNS} p="md">
                      <JobResult job={job} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SummaryBadges({ summary, jobs }: { summary: BatchSummary; jobs: readonly Job[] }) {
  const { t } = useTranslation('diagnostics');
  const verdicts = (['failing', 'degraded', 'healthy'] as const)
    .map((verdict) => [verdict, jobs.filter((job) => verdictOf(job) === verdict).length] as const)
    .filter(([, count]) => count > 0);
  const items = [
    ['succeeded', 'green'],
    ['failed', 'red'],
    ['running', 'blue'],
    ['queued', 'gray'],
    ['cancelled', 'orange'],
  ] as const;
  return (
    <Group gap="xs" aria-live="polite" data-testid="batch-counts">
      {verdicts.map(([verdict, count]) => (
        <Badge
          key={verdict}
          color={verdictColour[verdict]}
          variant="light"
          tt="none"
          data-testid={`batch-${verdict}`}
        >
          {t(`batch.verdictCount.${verdict}`, { count })}
        </Badge>
      ))}
      {items
        // A finished test counts by its verdict above; "succeeded" would read as "the network is fine".
        .filter(([state]) => summary[state] > 0 && !(state === 'succeeded' && verdicts.length > 0))
        .map(([state, colour]) => (
          <Badge key={state} color={colour} variant="light" tt="none">
            {t(`batch.count.${state}`, { count: summary[state] })}
          </Badge>
        ))}
    </Group>
  );
}

/**
 * A batch's outcome: counts by state, a Cancel button while jobs wait, the devices whose call was refused
 * (with the reason), and the per-device table. Follows the batch until every job is over. `started` is
 * the batch as this page started it (devices, first jobs, refusals); without it (a batch reopened from the
 * recent list, after a reload) everything comes from the server.
 */
export function BatchResults({
  batchId,
  action,
  started,
}: {
  batchId: string;
  action: DiagnosticAction;
  started?: StartedBatch;
}) {
  const { t } = useTranslation('diagnostics');
  const batch = useBatch(started && started.jobs.length === 0 ? null : batchId);
  const cancel = useCancelBatch();
  const jobs = batch.data?.jobs ?? started?.jobs ?? [];
  const devices = batch.data?.devices ?? started?.devices ?? [];
  const refusals = started?.refusals ?? [];
  const summary = batch.data?.summary ?? summarizeJobs(jobs);
  if (!started && batch.isPending)
    return <Loader size="sm" aria-label={t('loading')} data-testid="batch-loading" />;
  return (
    <Stack gap="md" data-testid="batch-results">
      <Text size="sm">
        {t('batch.intro', {
          action: t(`actions.${action}.label`),
          count: started ? started.devices.length : jobs.length,
        })}
      </Text>
      <Group justify="space-between" gap="sm">
        <SummaryBadges summary={summary} jobs={jobs} />
        {summary.queued > 0 && (
          <Button
            variant="default"
            color="red"
            size="xs"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(batchId)}
            data-testid="batch-cancel"
          >
            {t('batch.cancel', { count: summary.queued })}
          </Button>
        )}
      </Group>
      {batch.isError && (
        <Alert color="red" variant="light">
          {errorMessage(batch.error)}
        </Alert>
      )}
      {refusals.length > 0 && (
        <Notice
          color="yellow"
          icon={IconAlertTriangle}
          title={t('batch.refusedTitle', { count: refusals.length })}
          data-testid="batch-refusals"
        >
          {/* One line per reason (a hundred devices refused for one reason read as one line), naming the devices. */}
          <List size="sm" spacing={4}>
            {refusalsByReason(refusals).map(([message, devices]) => (
              <List.Item key={message} data-testid="batch-refusal">
                <Text span size="sm" fw={600}>
                  {message}
                </Text>{' '}
                {devices
                  .slice(0, LISTED_REFUSALS)
                  .map((device) => `${device.name} (${device.site.name})`)
                  .join(', ')}
                {devices.length > LISTED_REFUSALS &&
                  ` ${t('confirm.more', { count: devices.length - LISTED_REFUSALS })}`}
              </List.Item>
            ))}
          </List>
        </Notice>
      )}
      {jobs.length > 0 && <BatchJobsTable jobs={jobs} devices={devices} />}
    </Stack>
  );
}
