// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE_DASHBOARD, type Dashboard } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { DashboardToolbar } from './dashboard-toolbar.tsx';

const own: Dashboard = {
  ...BASE_DASHBOARD,
  id: '7',
  name: 'Stores',
  editable: true,
  owned: true,
  shared: false,
  default: false,
  tagNames: ['east'],
};

const handlers = () => ({
  onEdit: vi.fn(),
  onAddWidget: vi.fn(),
  onCancel: vi.fn(),
  onSave: vi.fn(),
  onForm: vi.fn(),
  onShare: vi.fn(),
  onMakeDefault: vi.fn(),
  onDelete: vi.fn(),
});

function show(dashboard: Dashboard, options: { mayChange?: boolean; editing?: boolean } = {}) {
  const on = handlers();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <DashboardToolbar
            dashboards={[BASE_DASHBOARD, own]}
            dashboard={dashboard}
            mayChange={options.mayChange ?? true}
            editing={options.editing ?? false}
            saving={false}
            {...on}
          />
        ),
      },
    ],
    '/',
  );
  return on;
}

/** Opens the "Dashboard" menu as a press does (focus, then Enter or a click) and lists its items. */
async function openMenu() {
  const more = screen.getByRole('button', { name: 'Dashboard' });
  more.focus();
  fireEvent.click(more);
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent);
}

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('DashboardToolbar', () => {
  it("an owner's own dashboard: Edit, and every action of the menu; its badges and tags", async () => {
    const on = show(own);
    expect(screen.getByText('east')).toBeTruthy();
    expect(screen.queryByText('Built-in')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(on.onEdit).toHaveBeenCalledOnce();
    expect(await openMenu()).toEqual([
      'New dashboard',
      'Duplicate',
      'Rename and settings',
      'Share with the organization',
      'Set as default',
      'Delete',
    ]);
  });

  it('the base dashboard: no Edit; create, duplicate or make it the default only', async () => {
    show({ ...BASE_DASHBOARD, default: false });
    expect(screen.getByText('Built-in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(await openMenu()).toEqual(['New dashboard', 'Duplicate', 'Set as default']);
  });

  it('a shared default someone else owns: no share toggle, no default offer; badges say it', async () => {
    show({ ...own, owned: false, shared: true, default: true });
    expect(screen.getByTestId('dashboard-default-badge').textContent).toBe('Default');
    expect(screen.getByText('Shared')).toBeTruthy();
    expect(await openMenu()).toEqual(['New dashboard', 'Duplicate', 'Rename and settings', 'Delete']);
  });

  it('a role that may not change dashboards sees neither Edit nor the menu', () => {
    show(own, { mayChange: false });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dashboard' })).toBeNull();
  });

  it.each<[string, Partial<Dashboard>, keyof ReturnType<typeof handlers>, unknown[]]>([
    ['New dashboard', {}, 'onForm', ['create']],
    ['Duplicate', {}, 'onForm', ['duplicate']],
    ['Rename and settings', {}, 'onForm', ['edit']],
    ['Share with the organization', {}, 'onShare', [true]],
    ['Stop sharing', { shared: true }, 'onShare', [false]],
    ['Set as default', {}, 'onMakeDefault', []],
    ['Delete', {}, 'onDelete', []],
  ])('the menu item %s calls its action', async (name, change, handler, args) => {
    const on = show({ ...own, ...change });
    await openMenu();
    // The opened menu's items (a test of jsdom sees them hidden once its transition has run).
    fireEvent.click(screen.getByRole('menuitem', { name, hidden: true }));
    expect(on[handler]).toHaveBeenCalledOnce();
    if (args.length > 0) expect(on[handler]).toHaveBeenCalledWith(...args);
  });

  it('the keyboard goes through the menu in order, and Escape closes it', async () => {
    show(own);
    await openMenu();
    const more = screen.getByRole('button', { name: 'Dashboard' });
    const focused: (string | null | undefined)[] = [];
    for (let step = 0; step < 3; step += 1) {
      fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
      focused.push(document.activeElement?.textContent);
    }
    expect(focused.filter(Boolean).slice(0, 2)).toEqual(['New dashboard', 'Duplicate']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
  });

  it('in the editor: add a widget, cancel or save, and no menu', () => {
    const on = show(own, { editing: true });
    expect(screen.queryByRole('button', { name: 'Dashboard' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByTestId('dashboard-save'));
    expect([on.onAddWidget, on.onCancel, on.onSave].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });
});
