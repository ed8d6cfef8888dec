// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, Providers } from '../test/render.tsx';
import { ClearFiltersButton, cleanModels, DateRangeInputs, GroupFilter } from './filter-fields.tsx';
import { fleetFilterLabels } from './fleet-filters.tsx';

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('cleanModels', () => {
  it('turns a comma into a space (the parameter is comma-separated) and drops empty models', () => {
    expect(cleanModels(['TZ370,W', ' NSa 2700 ', ',', ''])).toEqual(['TZ370 W', 'NSa 2700']);
  });
});

describe('DateRangeInputs', () => {
  it('writes each end to the address bar and says under "from" when the range runs backwards', () => {
    const update = vi.fn();
    render(
      <Providers>
        <DateRangeInputs
          type="date"
          range={{ from: '2025-06-02', to: '2025-06-01' }}
          labels={{ from: 'From', to: 'To' }}
          reversedError="From is after To"
          update={update}
          testIdPrefix="f"
        />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('f-to'), { target: { value: '2025-06-03' } });
    expect(update).toHaveBeenCalledWith({ to: '2025-06-03' });
    fireEvent.change(screen.getByTestId('f-from'), { target: { value: '2025-06-01' } });
    expect(update).toHaveBeenCalledWith({ from: '2025-06-01' });
    expect(screen.getByText('From is after To')).toBeTruthy();
  });
});

describe('ClearFiltersButton', () => {
  it('clears on click', () => {
    const onClick = vi.fn();
    render(
      <Providers>
        <ClearFiltersButton onClick={onClick} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('GroupFilter', () => {
  it('offers the groups by name and writes the chosen id', async () => {
    const update = vi.fn();
    render(
      <Providers>
        <GroupFilter
          labels={{ group: 'Group', any: 'Any group', none: 'No group matches' }}
          groups={[{ id: 'g1', name: 'Texas stores' }]}
          value={null}
          update={update}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('filter-group'));
    fireEvent.click(await screen.findByRole('option', { name: 'Texas stores' }));
    expect(update).toHaveBeenCalledWith({ group: 'g1' });
  });
});

describe('fleetFilterLabels', () => {
  it("reads the fields' texts from the list's own filters.* keys", () => {
    const t = ((key: string) => `[${key}]`) as unknown as Parameters<typeof fleetFilterLabels>[0];
    expect(fleetFilterLabels(t)).toEqual({
      search: '[filters.search]',
      searchPlaceholder: '[filters.searchPlaceholder]',
      status: '[filters.status]',
      kind: '[filters.kind]',
      any: '[filters.any]',
      toggle: '[filters.toggle]',
    });
  });
});
