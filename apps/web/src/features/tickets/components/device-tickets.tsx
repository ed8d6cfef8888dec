import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/detail-card.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
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
    <DetailCard
      title={t('device.title')}
      busyLabel={tickets.isFetching && t('device.loading')}
      data-testid="device-tickets"
    >
      {tickets.isError ? (
        <FormError error={tickets.error} />
      ) : tickets.data && total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('device.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          <PlainList aria-label={t('device.title')}>
            {tickets.data?.content.map((ticket) => (
              <Group component="li" key={ticket.id} justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <Anchor component={Link} to={paths.ticket(ticket.id)} fw={700} size="sm">
                      {t('number', { number: ticket.number })}
                    </Anchor>
                    <Text size="sm" truncate="end">
                      {ticket.subject}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDate(ticket.createdAt)}
                  </Text>
                </Stack>
                <TicketStatusBadge status={ticket.status} />
              </Group>
            ))}
          </PlainList>
          {total > DEVICE_TICKETS_SHOWN && (
            <Anchor component={Link} to={paths.tickets} size="sm">
              {t('device.all', { count: total })}
            </Anchor>
          )}
        </Stack>
      )}
    </DetailCard>
  );
}
