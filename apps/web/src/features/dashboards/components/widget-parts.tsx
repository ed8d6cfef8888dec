import { Anchor, Group, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-handler.ts';
import { paths } from '../../../lib/paths.ts';
import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';

/** Why a widget has no data: the failure's message, read out as an alert. */
export function Failure({ error }: { error: unknown }) {
  return (
    <Text c="red" size="sm" role="alert">
      {errorMessage(error)}
    </Text>
  );
}

/** What a widget reads of its query. */
export interface WidgetQuery<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
}

/** A widget's state before its data: an error, a skeleton of the content's height, or the content. */
export function Loaded<T>({
  query,
  height,
  children,
}: {
  query: WidgetQuery<T>;
  height: number;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <Failure error={query.error} />;
  if (query.isPending || query.data === undefined) return <Skeleton h={height} />;
  return <>{children(query.data)}</>;
}

/** An empty state that says only what the system knows; `ok` when nothing is the good news (no problems). */
export function Nothing({ text, ok = false }: { text: string; ok?: boolean }) {
  const Icon = ok ? IconCircleCheck : IconInfoCircle;
  return (
    <Group gap="xs" wrap="nowrap" c={ok ? 'green' : 'dimmed'} align="flex-start">
      <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

/** A column of a widget's table; `visibleFrom`: hidden on screens narrower than that breakpoint. */
export interface WidgetColumn {
  header: string;
  visibleFrom?: 'sm' | 'md';
}

/**
 * A widget's table, scrolling inside its card: an optional line above it (how many of how many), the headers,
 * and the rows given as children.
 */
export function WidgetTable({
  label,
  note,
  columns,
  children,
}: {
  label?: string;
  note?: string;
  columns: readonly WidgetColumn[];
  children: ReactNode;
}) {
  return (
    <>
      {note && (
        <Text size="xs" c="dimmed" mb={4}>
          {note}
        </Text>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Table verticalSpacing={6} fz="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} visibleFrom={column.visibleFrom}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}

interface TableWidgetProps<D, R> extends Omit<WidgetCardProps, 'children'> {
  query: WidgetQuery<D>;
  /** The rows in the data; none: `empty` instead of the table. */
  rows: (data: D) => readonly R[];
  empty: ReactNode;
  /** The table's accessible name. */
  label?: string;
  note?: (data: D) => string;
  columns: readonly WidgetColumn[];
  /** One row (a keyed Table.Tr). */
  row: (item: R) => ReactNode;
}

/**
 * The rows a table widget draws in its first task; the others in the next. Drawing all eight of the base
 * dashboard's active alerts in the widget's mount was the longest task of /dashboard's first seconds on a phone's
 * CPU (150–290 ms at ×4, bench/README.md, 2026-11-30, branch dash): two shorter tasks instead, the first rows (on
 * screen first) in the first.
 */
export const FIRST_ROWS = 4;

/** False in the first task after the widget mounted, true from the next one on. */
function usePastFirstTask(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (past) return;
    const id = setTimeout(() => setPast(true), 0);
    return () => clearTimeout(id);
  }, [past]);
  return past;
}

/**
 * A widget that lists rows of its data in a table (WidgetTable), or says there are none; the rows past FIRST_ROWS
 * drawn in a task after the first.
 */
export function TableWidget<D, R>({
  query,
  rows,
  empty,
  label,
  note,
  columns,
  row,
  ...card
}: TableWidgetProps<D, R>) {
  const allRows = usePastFirstTask();
  return (
    <WidgetCard {...card}>
      <Loaded query={query} height={200}>
        {(data) => {
          const items = rows(data);
          if (items.length === 0) return empty;
          return (
            <WidgetTable label={label} note={note?.(data)} columns={columns}>
              {(allRows ? items : items.slice(0, FIRST_ROWS)).map(row)}
            </WidgetTable>
          );
        }}
      </Loaded>
    </WidgetCard>
  );
}

/**
 * A site's name opening the site, on two lines at most: on a phone the status column leaves a name about 110 px,
 * and one line cut three sites to the same "Acme Raleigh…" (screenshot pass, issue 37).
 */
export function SiteLink({ id, name }: { id: string; name: ReactNode }) {
  return (
    <Anchor component={Link} to={paths.site(id)} size="sm" lineClamp={2}>
      {name}
    </Anchor>
  );
}

/** A device's name opening the device, its MAC address under it. */
export function DeviceCell({
  siteId,
  id,
  name,
  mac,
}: {
  siteId: string;
  id: string;
  name: string;
  mac: string;
}) {
  return (
    <>
      <Anchor component={Link} to={paths.device(siteId, id)} size="sm">
        {name}
      </Anchor>
      <Text size="xs" c="dimmed" ff="monospace">
        {mac}
      </Text>
    </>
  );
}
