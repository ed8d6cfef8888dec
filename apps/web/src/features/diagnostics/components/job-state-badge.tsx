import { Badge } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { type Job, type JobState, jobVerdict } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../../components/hover-tooltip.tsx';
import { VerdictBadge } from '../../../components/verdict.tsx';

const colours: Record<JobState, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  // Not red: "Failed" (the test did not run, nothing is known of the network) must not read as the verdict
  // "Failing" (it ran and the network fails), a red badge with its own icon (issue 37 point 13).
  failed: 'gray',
  cancelled: 'orange',
};

/**
 * A job's state as a badge: Queued, Running, Succeeded, Failed, Cancelled; Failed dashed with a "did not run"
 * icon; each with a tooltip saying what it means.
 */
export function JobStateBadge({ state }: { state: JobState }) {
  const { t } = useTranslation('diagnostics');
  return (
    <HoverTooltip label={t(`stateHints.${state}`)} multiline w={260} withArrow>
      <Badge
        color={colours[state]}
        variant={state === 'failed' ? 'outline' : 'light'}
        radius="sm"
        leftSection={state === 'failed' ? <IconBan size={14} aria-hidden /> : undefined}
        style={{ minWidth: 'max-content', borderStyle: state === 'failed' ? 'dashed' : undefined }}
        styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
        data-testid="job-state"
        data-state={state}
        aria-description={t(`stateHints.${state}`)}
      >
        {t(`states.${state}`)}
      </Badge>
    </HoverTooltip>
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
