import { Badge } from '@mantine/core';
import type { JobState } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';

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
