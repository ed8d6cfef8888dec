import { Badge, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { SupportTicket } from '@vnoc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateText } from '../../../components/date-text.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { useSupportTickets } from '../api/get-support-tickets.ts';
import { organizationColumn, SupportList, useSupportListParams } from './support-list.tsx';
import { SupportTicketView } from './support-ticket.tsx';

/**
 * Support area, Tickets (issue 37): the tickets customers sent to support, newest first, with the
 * organization, the device and site, who sent it and the comment, as the email to support carried them. A row
 * opens the ticket and its thread (`?ticket=`, the link in support's emails), answered from there.
 */
export function TicketsInbox() {
  const [params, setParams] = useSearchParams();
  const opened = params.get('ticket');
  const show = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('ticket', id);
      else next.delete('ticket');
      return next;
    });
  if (opened) return <SupportTicketView id={opened} onBack={() => show(null)} />;
  return <TicketList onOpen={(id) => show(id)} />;
}

function TicketList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('support');
  const list = useSupportListParams();
  const tickets = useSupportTickets(list.request);

  const columns = useMemo<ColumnDef<SupportTicket>[]>(
    () => [
      {
        id: 'ticket',
        header: t('tickets.columns.ticket'),
        enableHiding: false,
        enableSorting: false,
        meta: { wrapAt: 260 },
        cell: ({ row }) => (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              #{row.original.number} · {row.original.subject}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              {row.original.comment}
            </Text>
          </Stack>
        ),
      },
      organizationColumn<SupportTicket>(t('columns.organization'), (ticket) => (
        <Text size="xs" c="dimmed">
          {ticket.site.name}
        </Text>
      )),
      {
        id: 'device',
        header: t('tickets.columns.device'),
        enableSorting: false,
        cell: ({ row }) => <Text size="sm">{row.original.device.name ?? row.original.device.model}</Text>,
      },
      {
        id: 'sentBy',
        header: t('tickets.columns.sentBy'),
        enableSorting: false,
        cell: ({ row }) => <Text size="sm">{actorName(row.original.createdBy)}</Text>,
      },
      {
        id: 'status',
        header: t('columns.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge size="sm" variant="light" color={row.original.status === 'open' ? 'blue' : 'gray'}>
            {t(`tickets.status.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'createdAt',
        header: t('tickets.columns.sent'),
        enableSorting: false,
        cell: ({ row }) => <DateText value={row.original.createdAt} />,
      },
    ],
    [t],
  );

  return (
    <SupportList<SupportTicket>
      tableId="support-tickets"
      label={t('tickets.tableLabel')}
      columns={columns}
      list={list}
      query={tickets}
      icon={IconTicket}
      onOpen={(ticket) => onOpen(ticket.id)}
      openLabel={(ticket) => t('tickets.open', { number: ticket.number, subject: ticket.subject })}
      words={{
        searchLabel: t('tickets.search.label'),
        searchHelp: t('tickets.search.help'),
        emptyTitle: t('tickets.empty.title'),
        emptyText: t('tickets.empty.text'),
        noMatchTitle: t('tickets.empty.noMatchTitle'),
        noMatchText: t('tickets.empty.noMatchText', { q: list.state.q }),
      }}
    />
  );
}
