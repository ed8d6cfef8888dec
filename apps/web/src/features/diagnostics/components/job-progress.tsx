import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
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
    <Paper withBorder radius="md" p="md" data-testid="job-progress" aria-live="polite">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <JobStateBadge state={job.state} />
            <Text size="sm">{running ? t('progress.running') : t('progress.queued')}</Text>
          </Group>
          <Text size="sm" c="dimmed" ff="monospace" aria-label={t('progress.elapsedLabel')}>
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
