// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { FIRST_ROWS, Loaded, TableWidget, WidgetTable } from './widget-parts.tsx';

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('Loaded', () => {
  const show = (query: { data: string | undefined; isPending: boolean; error: unknown }) =>
    render(
      <Providers>
        <Loaded query={query} height={40}>
          {(data) => <p>{`content ${data}`}</p>}
        </Loaded>
      </Providers>,
    );

  it('shows the content once the data is there', () => {
    show({ data: 'ok', isPending: false, error: null });
    expect(screen.getByText('content ok')).toBeTruthy();
  });

  it('says why when the call failed, even with data from before', () => {
    show({ data: 'old', isPending: false, error: new Error('down') });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText('content old')).toBeNull();
  });

  it('shows neither while it waits', () => {
    show({ data: undefined, isPending: true, error: null });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/content/)).toBeNull();
  });
});

describe('WidgetTable', () => {
  it('names the table, writes the line above it and its headers, and takes the rows', () => {
    render(
      <Providers>
        <WidgetTable
          label="Vans"
          note="2 of 9"
          columns={[{ header: 'Device' }, { header: 'Site', visibleFrom: 'sm' }]}
        >
          <tr>
            <td>TZ370</td>
            <td>Store 1</td>
          </tr>
        </WidgetTable>
      </Providers>,
    );
    expect(screen.getByRole('table', { name: 'Vans' })).toBeTruthy();
    expect(screen.getByText('2 of 9')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Device', 'Site']);
    expect(screen.getByRole('cell', { name: 'TZ370' })).toBeTruthy();
  });
});

describe('TableWidget', () => {
  it('draws its first rows in the task it mounts in, the others in the next one (issue 39)', async () => {
    const items = Array.from({ length: 8 }, (_, n) => `Device ${n + 1}`);
    render(
      <Providers>
        <TableWidget
          title="Problem devices"
          testId="widget-test"
          query={{ data: items, isPending: false, error: undefined }}
          rows={(data) => data}
          empty={<p>None</p>}
          columns={[{ header: 'Device' }]}
          row={(item) => (
            <tr key={item}>
              <td>{item}</td>
            </tr>
          )}
        />
      </Providers>,
    );
    expect(FIRST_ROWS).toBe(4);
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(items.slice(0, 4));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(items);
  });
});
