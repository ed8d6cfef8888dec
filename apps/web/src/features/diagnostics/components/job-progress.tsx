import { Group, Paper, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Job } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/use-now.ts';
import { formatElapsed, jobDurationMs } from '../utils/format.ts';
import { JobStateBadge } from './job-state-badge.tsx';

/** A job on its way: queued → running, with the time elapsed since it was requested. */
export function JobProgress({ job }: { job: Job }) {
  const { t } = useTranslation('diagnostics');
  const now = useNow(1000);
  const elapsed = jobDurationMs({ createdAt: job.createdAt, startedAt: null, finishedAt: null }, now) ?? 0;
  const running = job.state === 'running';
  return (
    <Paper withBorder radius="md" p="md" data-testid="job-progress">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <JobStateBadge state={job.state} />
            {/* Only the state is announced; the clock below ticks every second and is not. */}
            <Text size="sm" aria-live="polite">
              {running ? t('progress.running') : t('progress.queued')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" ff="monospace">
            <VisuallyHidden>{t('progress.elapsedLabel')}: </VisuallyHidden>
            {formatElapsed(elapsed)}
          </Text>
        </Group>
        <Progress
          value={running ? 100 : 15}
          striped
          animated
          color={running ? 'blue' : 'gray'}
          aria-label={running ? t('progress.running') : t('progress.queued')}
        />
      </Stack>
    </Paper>
  );
}
