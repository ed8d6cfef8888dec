import { Badge } from '@mantine/core';
import { type Job, type JobState, jobVerdict } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { VerdictBadge } from '../../../components/verdict.tsx';

const colours: Record<JobState, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** A job's state as a coloured badge: Queued, Running, Succeeded, Failed, Cancelled. */
export function JobStateBadge({ state }: { state: JobState }) {
  const { t } = useTranslation('diagnostics');
  return (
    <Badge
      color={colours[state]}
      variant="light"
      radius="sm"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
      data-testid="job-state"
    >
      {t(`states.${state}`)}
    </Badge>
  );
}

/**
 * What a run came to, for tables: a finished test's verdict (Healthy, Degraded, Failing), otherwise the
 * job's state (Running, Failed, …) — "Succeeded" alone would read as "the network is fine".
 */
export function JobOutcomeBadge({ job }: { job: Job }) {
  const judged = job.state === 'succeeded' ? jobVerdict(job) : null;
  return judged ? <VerdictBadge verdict={judged.verdict} /> : <JobStateBadge state={job.state} />;
}
