import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SupportTicket } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/back-link.tsx';
import { DateText } from '../../../components/date-text.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TicketConversation } from '../../../components/ticket-thread.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSupportTicket } from '../api/get-support-ticket.ts';

/**
 * Support area, one ticket (issue 37): what the customer sent — organization, site, device, who and when, the
 * comment — and the thread, answered from here (the customer's people are emailed the reply).
 */
export function SupportTicketView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('support');
  const ticket = useSupportTicket(id);
  const back = (
    <BackButton onBack={onBack} data-testid="support-ticket-back">
      {t('tickets.back')}
    </BackButton>
  );
  if (ticket.isPending) {
    return (
      <Stack gap="md" aria-busy>
        {back}
        <Skeleton height={32} width="60%" />
        <Skeleton height={140} />
      </Stack>
    );
  }
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && ticket.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <LoadError
          error={ticket.error}
          title={missing ? t('tickets.notFound') : t('tickets.loadFailed')}
          onRetry={missing ? undefined : () => void ticket.refetch()}
          retryLabel={t('tickets.retry')}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="support-ticket">
      {back}
      <TicketHeading ticket={ticket.data} />
      <TicketConversation id={id} status={ticket.data.status} side="support" via="support" canReply />
    </Stack>
  );
}

function TicketHeading({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            <Text span inherit c="dimmed" ff="monospace" mr="xs">
              #{ticket.number}
            </Text>
            {ticket.subject}
          </Title>
          <Badge size="sm" variant="light" color={ticket.status === 'open' ? 'blue' : 'gray'}>
            {t(`tickets.status.${ticket.status}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label={t('columns.organization')}>
            <Text size="sm">{ticket.organization.name}</Text>
            <Text size="xs" c="dimmed">
              {ticket.site.name}
            </Text>
          </Field>
          <Field label={t('tickets.columns.device')}>
            <Text size="sm">{ticket.device.name ?? ticket.device.model}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {ticket.device.macAddress}
            </Text>
          </Field>
          <Field label={t('tickets.columns.sentBy')}>
            <Text size="sm">{actorName(ticket.createdBy)}</Text>
          </Field>
          <Field label={t('tickets.columns.sent')}>
            <DateText value={ticket.createdAt} relative />
          </Field>
        </SimpleGrid>
        <Field label={t('tickets.comment')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ticket.comment}
          </Text>
        </Field>
      </Stack>
    </Card>
  );
}
