import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Ticket } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertSeverityBadge } from '../../../components/alert-severity-badge.tsx';
import { NoteList } from '../../../components/note-list.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { alertName } from '../../../lib/alert-display.ts';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The alert a ticket was sent from (issue 37): a link back to it, what vNOC wrote on the ticket since
 * ("Alert cleared at …") and the alert's notes as they were sent. Nothing for a ticket sent from a device.
 */
export function TicketAlert({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation('tickets');
  const { alert } = ticket;
  if (!alert) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="ticket-alert">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconAlertTriangle size={20} aria-hidden />
          <Title order={2} fz="lg">
            {t('detail.alert')}
          </Title>
        </Group>
        <Group gap="xs" wrap="wrap">
          <AlertSeverityBadge severity={alert.severity} />
          <Text fw={600}>{alertName(alert.code, i18n.language)}</Text>
          <Badge variant="light" color={alert.status === 'active' ? 'red' : 'gray'} radius="sm" tt="none">
            {t(`detail.alertStatus.${alert.status}`)}
          </Badge>
        </Group>
        <Anchor
          component={Link}
          to={paths.alert(alert.id, alert.status)}
          size="sm"
          data-testid="ticket-alert-link"
        >
          {t('detail.openAlert')}
        </Anchor>
        {ticket.notes.length > 0 && (
          <PlainList data-testid="ticket-notes">
            {ticket.notes.map((note) => (
              <Text component="li" key={note.id} size="sm">
                {t('detail.alertCleared', { date: formatDate(note.at) })}
              </Text>
            ))}
          </PlainList>
        )}
        <Title order={3} fz="md">
          {t('detail.alertNotes', { count: ticket.alertNotes.length })}
        </Title>
        <NoteList
          notes={ticket.alertNotes}
          emptyText={t('detail.noAlertNotes')}
          data-testid="ticket-alert-notes"
        />
      </Stack>
    </Card>
  );
}
