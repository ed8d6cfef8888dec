import { Badge, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { SupportTicket } from '@vnoc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../components/data-table/search-input.tsx';
import { serverPageProps, useListParams } from '../../../components/data-table/server-list.ts';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { useSupportTickets } from '../api/get-support-tickets.ts';
import { readPeopleListState } from './people-list.tsx';
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
  const { state, update } = useListParams(readPeopleListState);
  const tickets = useSupportTickets({ q: state.q, page: state.table.page, pageSize: state.table.pageSize });

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
      {
        id: 'organization',
        header: t('columns.organization'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.organization.name}</Text>
            <Text size="xs" c="dimmed">
              {row.original.site.name}
            </Text>
          </Stack>
        ),
      },
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
    <DataTable<SupportTicket>
      tableId="support-tickets"
      label={t('tickets.tableLabel')}
      columns={columns}
      {...serverPageProps(tickets, state.table, update)}
      getRowId={(ticket) => ticket.id}
      onOpen={(ticket) => onOpen(ticket.id)}
      openLabel={(ticket) => t('tickets.open', { number: ticket.number, subject: ticket.subject })}
      empty={
        state.q ? (
          <EmptyState
            icon={IconTicket}
            title={t('tickets.empty.noMatchTitle')}
            text={t('tickets.empty.noMatchText', { q: state.q })}
          />
        ) : (
          <EmptyState icon={IconTicket} title={t('tickets.empty.title')} text={t('tickets.empty.text')} />
        )
      }
      toolbar={
        <SearchInput
          label={t('tickets.search.label')}
          placeholder={t('tickets.search.placeholder')}
          value={state.q}
          onChange={(q) => update({ q: q || null })}
        />
      }
    />
  );
}
