import { Anchor, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/error-handler.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTickets } from '../api/get-tickets.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

/** How many of a device's tickets its page lists (newest first); the Tickets screen has them all. */
export const DEVICE_TICKETS_SHOWN = 5;

/** The device's support tickets, newest first, each opening the ticket. */
export function DeviceTickets({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('tickets');
  const tickets = useTickets({ page: 0, pageSize: DEVICE_TICKETS_SHOWN, deviceId });
  const total = tickets.data?.totalElements ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="device-tickets">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t('device.title')}
        </Title>
        {tickets.isFetching && <Loader size="xs" aria-label={t('device.loading')} />}
      </Group>
      {tickets.isError ? (
        <FormError message={errorMessage(tickets.error)} />
      ) : tickets.data && total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('device.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-label={t('device.title')}>
              <Table.Tbody>
                {tickets.data?.content.map((ticket) => (
                  <Table.Tr key={ticket.id}>
                    <Table.Td w={80}>
                      <Anchor component={Link} to={paths.ticket(ticket.id)} fw={700} size="sm">
                        {t('number', { number: ticket.number })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{ticket.subject}</Table.Td>
                    <Table.Td w={90}>
                      <TicketStatusBadge status={ticket.status} />
                    </Table.Td>
                    <Table.Td w={180}>
                      <Text size="sm" c="dimmed">
                        {formatDate(ticket.createdAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > DEVICE_TICKETS_SHOWN && (
            <Anchor component={Link} to={paths.tickets} size="sm">
              {t('device.all', { count: total })}
            </Anchor>
          )}
        </Stack>
      )}
    </Card>
  );
}
