import { Alert, Loader, Table, VisuallyHidden } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { Device, Job } from '@vnoc/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/detail-card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { formatDate } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useDeviceJobs } from '../api/get-device-jobs.ts';
import { diagnosticsAccess } from '../utils/access.ts';
import { formatDuration, jobDurationMs } from '../utils/format.ts';
import { jobInputsText } from '../utils/summary.ts';
import { ExpandToggle } from './expand-toggle.tsx';
import { JobResultLater, usePreloadJobResult } from './job-result-later.tsx';
import { JobOutcomeBadge } from './job-state-badge.tsx';

const COLUMNS = 7;

/** The device's troubleshooting runs, newest first; a row opens to that run's result. */
export function JobHistory({ device }: { device: Device }) {
  const { t } = useTranslation('diagnostics');
  const { claims } = useAuth();
  const access = diagnosticsAccess(claims);
  const jobs = useDeviceJobs(device.id, { enabled: access.visible });
  const [open, setOpen] = useState<string | null>(null);
  const now = useNow(1000);
  usePreloadJobResult();

  if (!access.visible) return null;
  // The device's status now is shown with its newest reboot only; older reboots are history.
  const latestReboot = jobs.data?.find((job) => job.action === 'reboot')?.id;

  const row = (job: Job) => {
    const expanded = open === job.id;
    const name = t(`actions.${job.action}.label`);
    const toggle = () => setOpen(expanded ? null : job.id);
    return (
      <Fragment key={job.id}>
        <Table.Tr onClick={toggle} style={{ cursor: 'pointer' }} data-testid="history-row">
          <Table.Td w={40}>
            <ExpandToggle
              expanded={expanded}
              onToggle={toggle}
              controls={`job-${job.id}`}
              label={expanded ? t('history.hide', { action: name }) : t('history.show', { action: name })}
            />
          </Table.Td>
          {/* The action's name may wrap: in Spanish ("Prueba de rendimiento del sistema") the row on one line ran the
              Duration column out of the card at 1366 px (issue 37's screenshots). */}
          <Table.Td fw={600} style={{ whiteSpace: 'normal', minWidth: 140 }}>
            {name}
          </Table.Td>
          <Table.Td>{jobInputsText(job, t)}</Table.Td>
          <Table.Td>
            <JobOutcomeBadge job={job} />
          </Table.Td>
          <Table.Td>{job.requestedBy.name}</Table.Td>
          <Table.Td>{formatDate(job.createdAt)}</Table.Td>
          <Table.Td>{formatDuration(jobDurationMs(job, now))}</Table.Td>
        </Table.Tr>
        {expanded && (
          <Table.Tr id={`job-${job.id}`}>
            <Table.Td colSpan={COLUMNS} p="md" style={{ whiteSpace: 'normal' }}>
              <JobResultLater
                job={job}
                device={device}
                liveStatus={job.id === latestReboot ? device.status : undefined}
              />
            </Table.Td>
          </Table.Tr>
        )}
      </Fragment>
    );
  };

  return (
    <DetailCard
      title={t('history.title')}
      busyLabel={jobs.isFetching && !jobs.isPending && t('loading')}
      data-testid="job-history"
    >
      {jobs.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(jobs.error)}
        </Alert>
      ) : jobs.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : jobs.data.length === 0 ? (
        <EmptyState icon={IconHistory} title={t('history.emptyTitle')} text={t('history.emptyText')} />
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-label={t('history.title')}
            style={{ whiteSpace: 'nowrap' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>{t('history.details')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('history.action')}</Table.Th>
                <Table.Th>{t('history.inputs')}</Table.Th>
                <Table.Th>{t('history.state')}</Table.Th>
                <Table.Th>{t('history.requestedBy')}</Table.Th>
                <Table.Th>{t('history.when')}</Table.Th>
                <Table.Th>{t('history.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{jobs.data.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DetailCard>
  );
}
