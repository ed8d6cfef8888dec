import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { TicketSummary } from '@vnoc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CellLink } from '../../../components/data-table/cell-link.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../components/data-table/search-input.tsx';
import { serverListProps, useListParams } from '../../../components/data-table/server-list.ts';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LabelledSegmented } from '../../../components/labelled-segmented.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { paths } from '../../../lib/paths.ts';
import { useTickets } from '../api/get-tickets.ts';
import { readTicketListState, ticketListRequest } from './ticket-list-state.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

const STATUS_FILTERS = ['all', 'open', 'closed'] as const;

/**
 * Tickets: the organization's support tickets, newest first, searched by subject or number (and site or device)
 * and filtered by status. Their times are ages ("2 hours
 * ago", the exact time on hover and focus) and the subject and site wrap, so every column fits 1366 px.
 */
export function TicketsList() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const { state, update } = useListParams(readTicketListState);
  const tickets = useTickets(ticketListRequest(state));

  const columns = useMemo<ColumnDef<TicketSummary>[]>(
    () => [
      {
        id: 'number',
        header: t('list.columns.number'),
        enableHiding: false,
        cell: ({ row }) => (
          <Text size="sm" fw={600} ff="monospace">
            {t('number', { number: row.original.number })}
          </Text>
        ),
      },
      {
        id: 'subject',
        header: t('list.columns.subject'),
        enableHiding: false,
        // The subject wraps rather than widening the table (issue 37: at 1366 px the dates fell off its end).
        meta: { wrapAt: 260 },
        cell: ({ row }) => <Text size="sm">{row.original.subject}</Text>,
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        cell: ({ row }) => <TicketStatusBadge status={row.original.status} />,
      },
      {
        id: 'device',
        header: t('list.columns.device'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.device.name ?? row.original.device.model}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {row.original.device.macAddress}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'site',
        header: t('list.columns.site'),
        enableSorting: false,
        meta: { wrapAt: 180 },
        cell: ({ row }) => (
          <CellLink to={paths.site(row.original.site.id)}>{row.original.site.name}</CellLink>
        ),
      },
      {
        id: 'sentBy',
        header: t('list.columns.sentBy'),
        enableSorting: false,
        cell: ({ row }) => actorName(row.original.createdBy),
      },
      {
        id: 'createdAt',
        header: t('list.columns.createdAt'),
        cell: ({ row }) => <DateText value={row.original.createdAt} relative />,
      },
      {
        id: 'updatedAt',
        header: t('list.columns.updatedAt'),
        cell: ({ row }) => <DateText value={row.original.updatedAt} relative />,
      },
    ],
    [t],
  );

  const filter = state.status ?? 'all';
  const toolbar = (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Box style={{ flex: '1 1 260px', maxWidth: 420 }}>
        <SearchInput
          label={t('list.search.label')}
          placeholder={t('list.search.placeholder')}
          value={state.q}
          onChange={(q) => update({ q })}
          queryTarget="tickets"
        />
      </Box>
      <LabelledSegmented
        gap={4}
        align="flex-start"
        label={t('list.filter.label')}
        value={filter}
        onChange={(value) => update({ status: value === 'all' ? null : value })}
        data={STATUS_FILTERS.map((value) => ({ value, label: t(`list.filter.${value}`) }))}
        data-testid="ticket-status-filter"
      />
    </Group>
  );

  const empty = state.q ? (
    <EmptyState icon={IconTicket} title={t('list.empty.searchTitle')} text={t('list.empty.searchText')}>
      <Button variant="light" onClick={() => update({ q: '' })}>
        {t('list.empty.clearSearch')}
      </Button>
    </EmptyState>
  ) : state.status ? (
    <EmptyState
      icon={IconTicket}
      title={state.status === 'open' ? t('list.empty.openTitle') : t('list.empty.closedTitle')}
      text={t('list.empty.filteredText')}
    >
      <Button variant="light" onClick={() => update({ status: null })}>
        {t('list.empty.showAll')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState icon={IconTicket} title={t('list.empty.title')} text={t('list.empty.text')}>
      <Button component={Link} to={paths.devices} variant="light">
        {t('list.empty.goToDevices')}
      </Button>
    </EmptyState>
  );

  return (
    <DataTable<TicketSummary>
      tableId="tickets-list"
      label={t('list.tableLabel')}
      columns={columns}
      {...serverListProps(state.table, update, tickets)}
      onOpen={(ticket) => navigate(paths.ticket(ticket.id))}
      openLabel={(ticket) => t('list.openTicket', { number: ticket.number, subject: ticket.subject })}
      empty={empty}
      toolbar={toolbar}
    />
  );
}
