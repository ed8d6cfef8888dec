// @vitest-environment jsdom

import type { ColumnDef } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, Providers } from '../../test/render.tsx';
import { showsCards } from './card-list.tsx';
import { resetColumnVisibility } from './column-visibility.ts';
import { DataTable } from './data-table.tsx';
import type { DataTableProps } from './data-table-props.ts';
import { CHECKBOXES } from './row-checkboxes.tsx';
import { nextSort } from './table-sort.ts';

interface Item {
  id: string;
  name: string;
  city: string;
  code: string;
}

const columns: ColumnDef<Item>[] = [
  { id: 'name', header: 'Name', enableHiding: false, cell: ({ row }) => row.original.name },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city },
  {
    id: 'code',
    header: 'Code',
    enableSorting: false,
    meta: { hiddenByDefault: true },
    cell: ({ row }) => row.original.code,
  },
];

const items: Item[] = Array.from({ length: 3 }, (_, i) => ({
  id: `i${i}`,
  name: `Site ${i}`,
  city: `City ${i}`,
  code: `C${i}`,
}));

function setup(overrides: Partial<DataTableProps<Item>> = {}) {
  const props: DataTableProps<Item> = {
    tableId: 'test-table',
    label: 'Things',
    columns,
    data: items,
    total: 1234,
    page: 0,
    pageSize: 50,
    sort: null,
    onSortChange: vi.fn(),
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    getRowId: (item) => item.id,
    onOpen: vi.fn(),
    empty: <p>Nothing here</p>,
    ...overrides,
  };
  render(
    <Providers>
      <DataTable {...props} />
    </Providers>,
  );
  return props;
}

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  resetColumnVisibility();
});

describe('nextSort: ascending, then descending, then the server default', () => {
  it.each([
    [null, 'name', { id: 'name', desc: false }],
    [{ id: 'name', desc: false }, 'name', { id: 'name', desc: true }],
    [{ id: 'name', desc: true }, 'name', null],
    [{ id: 'city', desc: true }, 'name', { id: 'name', desc: false }],
  ])('%j + click %s → %j', (current, id, expected) => {
    expect(nextSort(current, id)).toEqual(expected);
  });
});

describe('DataTable', () => {
  it('shows the rows, the range "1–50 of 1,234" and aria-sort on sortable headers', () => {
    setup({ sort: { id: 'city', desc: true } });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByTestId('data-row')).toHaveLength(3);
    expect(screen.getByTestId('table-range').textContent).toBe('1–50 of 1,234');
    const [name, city] = within(table).getAllByRole('columnheader');
    expect(name?.getAttribute('aria-sort')).toBe('none');
    expect(city?.getAttribute('aria-sort')).toBe('descending');
  });

  it('clicking a header asks for the next sort', () => {
    const props = setup({ sort: { id: 'name', desc: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onSortChange).toHaveBeenCalledWith({ id: 'name', desc: true });
    fireEvent.click(screen.getByRole('button', { name: 'City' }));
    expect(props.onSortChange).toHaveBeenLastCalledWith({ id: 'city', desc: false });
  });

  it('paging: first and previous disabled on page 1; next and last ask for pages 2 and 25; size change', () => {
    const props = setup();
    expect(screen.getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(24);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '200' } });
    expect(props.onPageSizeChange).toHaveBeenCalledWith(200);
  });

  it('on the last page next and last are disabled and the range ends at the total', () => {
    setup({ page: 24 });
    expect(screen.getByTestId('table-range').textContent).toBe('1,201–1,234 of 1,234');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveProperty('disabled', true);
  });

  it('Enter on a focused row opens it; so does a click', () => {
    const props = setup();
    const [first, second] = screen.getAllByTestId('data-row');
    fireEvent.keyDown(first as HTMLElement, { key: 'Enter' });
    expect(props.onOpen).toHaveBeenCalledWith(items[0]);
    fireEvent.click(second as HTMLElement);
    expect(props.onOpen).toHaveBeenLastCalledWith(items[1]);
    expect(first?.getAttribute('tabindex')).toBe('0');
  });

  it('the column picker shows a hidden column, hides another, and the choice is remembered per table', async () => {
    setup();
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Name', 'City']);
    fireEvent.click(screen.getByTestId('column-picker'));
    const code = await screen.findByRole('checkbox', { name: 'Code' });
    expect(screen.queryByRole('checkbox', { name: 'Name' })).toBeNull(); // cannot be hidden
    fireEvent.click(code);
    fireEvent.click(screen.getByRole('checkbox', { name: 'City' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Code']));
    cleanup();
    setup();
    expect(headers()).toEqual(['Name', 'Code']);
    cleanup();
    setup({ tableId: 'another-table' });
    expect(headers()).toEqual(['Name', 'City']);
  });

  it('loading shows skeleton rows; an empty page shows the empty state; an error offers retry', () => {
    setup({ data: undefined, loading: true, pageSize: 10 });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(8);
    cleanup();
    setup({ data: [], total: 0 });
    expect(screen.getByText('Nothing here')).toBeTruthy();
    cleanup();
    const onRetry = vi.fn();
    setup({ data: undefined, error: new Error('boom'), onRetry });
    fireEvent.click(within(screen.getByTestId('table-error')).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('a page longer than 100 rows draws its first rows, then only those in view with a spacer for the rest', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      id: `m${i}`,
      name: `Site ${i}`,
      city: `City ${i}`,
      code: `C${i}`,
    }));
    setup({ data: many, total: 150, pageSize: 200 });
    // Never all 150 (while the virtualizer loads, the box's first view: 16 rows of 45 px).
    expect(screen.getAllByTestId('data-row').length).toBeLessThanOrEqual(16);
    expect(screen.getAllByTestId('data-row')[0]?.textContent).toContain('Site 0');
    expect(screen.getByTestId('data-table').getAttribute('aria-rowcount')).toBe('151');
    // The rows below stand as one spacer row as tall as they are.
    const spacer = await waitFor(() => {
      const cell = screen.getByTestId('data-table').querySelector<HTMLTableCellElement>('tr[aria-hidden] td');
      if (!cell) throw new Error('no spacer yet');
      return cell;
    });
    const drawn = screen.queryAllByTestId('data-row').length;
    expect(spacer.style.height).toBe(`${(150 - drawn) * 45}px`);
  });

  it('while the first page loads the footer says so instead of "0–0 of 0", and cannot page', () => {
    setup({ data: undefined, loading: true, total: 0 });
    expect(screen.getByTestId('table-range').textContent).toBe('Loading…');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DataTable cells', () => {
  it('stay on one line, but a column with wrapAt wraps within that width instead of widening the table', () => {
    setup({
      columns: [
        columns[0] as ColumnDef<Item>,
        { id: 'city', header: 'City', meta: { wrapAt: 180 }, cell: ({ row }) => row.original.city },
      ],
    });
    const [name, city] = within(screen.getAllByTestId('data-row')[0] as HTMLElement).getAllByRole('cell');
    expect(name?.style.whiteSpace).toBe('nowrap');
    expect(city?.style.whiteSpace).toBe('normal');
    expect(city?.style.maxWidth).toBe('180px');
  });
});

describe('showsCards: rows become cards below 600 px', () => {
  it.each([
    [0, false],
    [390, true],
    [599, true],
    [600, false],
    [1366, false],
  ])('%i px → %s', (width, expected) => {
    expect(showsCards(width)).toBe(expected);
  });
});

describe('DataTable on a narrow screen', () => {
  /** A ResizeObserver that reports every observed element `width` px wide. */
  function narrow(width: number) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          const box = [{ inlineSize: width, blockSize: 800 }];
          const entry = { borderBoxSize: box, contentBoxSize: box, contentRect: { width, height: 800 } };
          this.report([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
  }
  afterEach(() => vi.unstubAllGlobals());

  it('shows each row as a card with every shown column labelled; a card opens by click or Enter', async () => {
    narrow(390);
    const props = setup();
    await screen.findByTestId('data-cards');
    const cards = screen.getAllByRole('listitem');
    expect(screen.queryByTestId('data-table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Things' })).toBeTruthy();
    expect(cards).toHaveLength(3);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Site 0')).toBeTruthy();
    expect(first.getByText('City')).toBeTruthy();
    expect(first.getByText('City 0')).toBeTruthy();
    // A hidden column stays hidden on cards too.
    expect(first.queryByText('C0')).toBeNull();
    fireEvent.click(cards[1] as HTMLElement);
    expect(props.onOpen).toHaveBeenCalledWith(items[1]);
    fireEvent.keyDown(cards[2] as HTMLElement, { key: 'Enter' });
    expect(props.onOpen).toHaveBeenCalledWith(items[2]);
  });

  it('sorts from a list of the sortable columns, as the headers would', async () => {
    narrow(390);
    const props = setup({ sort: { id: 'city', desc: true } });
    await screen.findByTestId('data-cards');
    const select = (await screen.findByTestId('card-sort')) as HTMLSelectElement;
    expect(select.value).toBe('city-desc');
    // Code is not sortable: not offered.
    expect([...select.options].map((o) => o.value)).toEqual([
      '',
      'name-asc',
      'name-desc',
      'city-asc',
      'city-desc',
    ]);
    fireEvent.change(select, { target: { value: 'name-asc' } });
    expect(props.onSortChange).toHaveBeenCalledWith({ id: 'name', desc: false });
    fireEvent.change(select, { target: { value: '' } });
    expect(props.onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('ticks cards and the whole page', async () => {
    narrow(390);
    const onChange = vi.fn();
    setup({
      selection: {
        selected: new Set(['i0']),
        onChange,
        rowLabel: (item) => `Select ${item.name}`,
        allLabel: 'Select page',
        checkboxes: CHECKBOXES,
      },
    });
    await screen.findByTestId('data-cards');
    const page = screen.getByLabelText('Select page') as HTMLInputElement;
    expect(page.indeterminate).toBe(true);
    fireEvent.click(page);
    expect(onChange).toHaveBeenLastCalledWith(new Set(['i0', 'i1', 'i2']));
    fireEvent.click(screen.getByLabelText('Select Site 1'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['i0', 'i1']));
  });

  it('stays a table at laptop width', async () => {
    narrow(1366);
    setup();
    expect(await screen.findByTestId('data-table')).toBeTruthy();
    expect(screen.queryByTestId('data-cards')).toBeNull();
  });
});

describe('DataTable draws again only the rows that changed', () => {
  /** Columns whose cells count how often each row's cells are drawn. */
  function counted() {
    const drawn = new Map<string, number>();
    const cols: ColumnDef<Item>[] = [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => {
          drawn.set(row.original.id, (drawn.get(row.original.id) ?? 0) + 1);
          return row.original.name;
        },
      },
    ];
    return { drawn, cols };
  }
  const base = (cols: ColumnDef<Item>[], data: Item[], onOpen: (item: Item) => void) =>
    ({
      tableId: 'memo-table',
      label: 'Things',
      columns: cols,
      data,
      total: data.length,
      page: 0,
      pageSize: 50,
      sort: null,
      onSortChange: () => undefined,
      onPageChange: () => undefined,
      onPageSizeChange: () => undefined,
      onOpen,
      openLabel: (item: Item) => `Open ${item.name}`,
      empty: <p>Nothing here</p>,
    }) satisfies DataTableProps<Item>;

  it('a new render with new callbacks and the same items draws no row; a changed item draws its row alone', () => {
    const { drawn, cols } = counted();
    const first = vi.fn();
    const { rerender } = render(
      <Providers>
        <DataTable {...base(cols, items, first)} />
      </Providers>,
    );
    const once = new Map(drawn);
    // The screen around the table draws again (a filter, a live refresh of the counts): new callbacks, same items.
    const second = vi.fn();
    rerender(
      <Providers>
        <DataTable {...base(cols, items, second)} />
      </Providers>,
    );
    expect(drawn).toEqual(once);
    // A refresh where one item changed (the others kept as the same objects).
    const changed = items.map((item) => (item.id === 'i1' ? { ...item, name: 'Site 1 renamed' } : item));
    rerender(
      <Providers>
        <DataTable {...base(cols, changed, second)} />
      </Providers>,
    );
    expect(drawn.get('i0')).toBe(once.get('i0'));
    expect(drawn.get('i2')).toBe(once.get('i2'));
    expect(drawn.get('i1')).toBe((once.get('i1') ?? 0) + 1);
    expect(screen.getByRole('row', { name: 'Open Site 1 renamed' })).toBeTruthy();
    // A row not drawn again still opens with the screen's latest callback.
    fireEvent.click(screen.getByRole('row', { name: 'Open Site 0' }));
    expect(second).toHaveBeenCalledWith(items[0]);
    expect(first).not.toHaveBeenCalled();
  });
});
