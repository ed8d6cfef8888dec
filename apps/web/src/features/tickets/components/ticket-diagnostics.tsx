import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type Job, type JobState, jobVerdict } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { VerdictBadge, VerdictReasons } from '../../../components/verdict.tsx';
import { formatDate } from '../../../lib/format.ts';
import { summarizeJob } from '../utils/diagnostic-summary.ts';
import { phraseText } from '../utils/tickets-text.ts';

const stateColours: Record<JobState, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * One attached run: its action, when and by whom, a test's verdict with its reasons (else the run's state),
 * and its result's key figures.
 */
function DiagnosticCard({ job }: { job: Job }) {
  const { t } = useTranslation('tickets');
  const action = t(`actions.${job.action}`);
  const summary = summarizeJob(job);
  const judged = job.state === 'succeeded' ? jobVerdict(job) : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="ticket-diagnostic" data-action={job.action}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="md">
            {action}
          </Title>
          {judged ? (
            <VerdictBadge verdict={judged.verdict} />
          ) : (
            <Badge
              color={stateColours[job.state]}
              variant="light"
              radius="sm"
              style={{ flexShrink: 0 }}
              styles={{ label: { textTransform: 'none' } }}
            >
              {t(`jobState.${job.state}`)}
            </Badge>
          )}
        </Group>
        {judged && judged.reasons.length > 0 && <VerdictReasons judged={judged} />}
        <Text size="sm" c="dimmed">
          {t('detail.ranBy', {
            date: formatDate(job.finishedAt ?? job.startedAt ?? job.createdAt),
            name: job.requestedBy.name,
          })}
        </Text>
        {summary.note && (
          <Text size="sm" c={job.state === 'failed' ? 'red' : undefined} data-testid="ticket-diagnostic-note">
            {phraseText(t, summary.note)}
          </Text>
        )}
        {summary.rows.length > 0 && (
          <Table
            fz="sm"
            verticalSpacing={4}
            horizontalSpacing="xs"
            withRowBorders={false}
            aria-label={t('detail.resultOf', { action })}
          >
            <Table.Tbody>
              {summary.rows.map((row, index) => {
                const label = phraseText(t, row.label);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a result never move; WAN target labels may repeat
                  <Table.Tr key={`${index}-${label}`}>
                    <Table.Th scope="row" fw={500} c="dimmed" w="45%" style={{ verticalAlign: 'top' }}>
                      {label}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{phraseText(t, row.value)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** The diagnostics a ticket carries: the device's latest finished run of each action when it was sent. */
export function TicketDiagnostics({ jobs }: { jobs: readonly Job[] }) {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="sm" component="section" aria-labelledby="ticket-diagnostics-title">
      <SectionHeading
        id="ticket-diagnostics-title"
        title={t('detail.diagnostics')}
        description={jobs.length > 0 ? t('detail.diagnosticsText') : t('detail.noDiagnostics')}
      />
      {jobs.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {jobs.map((job) => (
            <DiagnosticCard key={job.id} job={job} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
