// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { BASE_DASHBOARD, type Dashboard } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import type { Blocker } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { type DashboardDialog, DashboardDialogs, formInitial } from './dashboard-dialogs.tsx';

const t = i18n.getFixedT('en', 'dashboards') as unknown as TFunction<'dashboards'>;
const stores: Dashboard = {
  ...BASE_DASHBOARD,
  id: '7',
  name: 'Stores',
  description: 'East',
  shared: true,
  default: true,
  tagNames: ['east'],
};

describe('formInitial', () => {
  it.each([
    ['create', { name: '', description: '', tagNames: [], shared: false, default: false }],
    ['edit', { name: 'Stores', description: 'East', tagNames: ['east'], shared: true, default: true }],
    [
      'duplicate',
      { name: 'Copy of Stores', description: 'East', tagNames: ['east'], shared: false, default: false },
    ],
  ] as const)('%s starts from %o', (mode, fields) => {
    expect(formInitial(stores, mode, t)).toMatchObject(fields);
  });
});

const idle = { isPending: false, error: null };
function show(
  dialog: DashboardDialog | null,
  options: { deleteError?: Error; leave?: Partial<Blocker> } = {},
) {
  const on = { onClose: vi.fn(), onDiscard: vi.fn(), onDelete: vi.fn() };
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <DashboardDialogs
            dialog={dialog}
            dashboard={stores}
            unavailable={new Set()}
            onAdd={vi.fn()}
            onConfigure={vi.fn()}
            saving={idle}
            deleting={{ isPending: false, error: options.deleteError ?? null }}
            onSubmitForm={vi.fn()}
            leave={{ state: 'unblocked', ...options.leave } as Blocker}
            {...on}
          />
        ),
      },
    ],
    '/',
  );
  return on;
}

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('DashboardDialogs', () => {
  it('discard asks first; Keep editing closes, Discard discards', async () => {
    const on = show({ kind: 'discard' });
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(on.onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('confirm-button'));
    expect(on.onDiscard).toHaveBeenCalledOnce();
  });

  it('delete names the dashboard, and says why the server refused', async () => {
    show(
      { kind: 'delete' },
      {
        deleteError: new ApiError(
          409,
          { id: 'conflict', message: 'Only its owner may delete it' },
          'dashboard/delete',
        ),
      },
    );
    expect(await screen.findByText('Delete Stores?')).toBeTruthy();
    expect(screen.getByText('Only its owner may delete it')).toBeTruthy();
  });

  it('a navigation blocked by unsaved changes asks; Leave lets it go on', async () => {
    const proceed = vi.fn();
    show(null, { leave: { state: 'blocked', proceed, reset: vi.fn() } });
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-button'));
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('nothing open: no dialog', () => {
    show(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
