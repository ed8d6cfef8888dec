// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { BASE_DASHBOARD, type Dashboard } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import * as notify from '../../../lib/notify.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { useDashboardData } from './use-dashboard-data.ts';

// A spy, not vi.mock: the DOM tier shares one module graph per worker, where a mocked module would stay mocked
// for the files after this one (and a module an earlier file loaded would not be mocked at all).
const toasts: unknown[][] = [];
vi.spyOn(notify, 'toast').mockImplementation((...args: unknown[]) => {
  toasts.push(args);
  return 'toast';
});

const stores: Dashboard = {
  ...BASE_DASHBOARD,
  id: '7',
  name: 'Stores',
  description: 'East',
  default: true,
  editable: true,
  owned: true,
  groupIds: ['44444444-4444-4444-8444-444444444444'],
};

let listFails = false;
let saveFails = false;
const posts: { path: string; body: Record<string, unknown> }[] = [];
beforeAll(() => installDomStubs());
beforeEach(() => {
  listFails = false;
  saveFails = false;
  posts.length = 0;
  toasts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') posts.push({ path, body: JSON.parse(String(init.body)) });
      if (path === '/api/dashboard/all')
        return listFails
          ? json({ message: 'down' }, 500)
          : json([{ ...BASE_DASHBOARD, default: false }, stores]);
      if (path === '/api/dashboard/save')
        return saveFails ? json({ message: 'Not allowed' }, 403) : json({ id: '9', message: 'Saved' });
      if (path === '/api/dashboard/delete') return json({ message: 'Stores has been successfully removed' });
      return json([]);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Data = ReturnType<typeof useDashboardData>;
/** The hook on /dashboard (or /dashboard/{did}); `current()` is its latest answer, `router` where it went. */
function mount(path = '/dashboard') {
  const seen: { data?: Data } = {};
  function Probe({ did }: { did?: string }) {
    seen.data = useDashboardData(did);
    return null;
  }
  function ById() {
    const did = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
    return <Probe did={did || undefined} />;
  }
  const { router } = renderRoutes(
    [
      { path: '/dashboard', element: <Probe /> },
      { path: '/dashboard/:did', element: <ById /> },
    ],
    path,
  );
  const current = () => seen.data as Data;
  return { current, router, loaded: () => waitFor(() => expect(current().dashboard).toBeDefined()) };
}

describe('useDashboardData', () => {
  it("shows the caller's default, and the base dashboard with the error when the list fails", async () => {
    const view = mount();
    await view.loaded();
    expect(view.current().dashboard?.id).toBe('7');
    cleanup();
    listFails = true;
    const failed = mount();
    await waitFor(() => expect(failed.current().list.error).toBeTruthy());
    expect(failed.current().dashboards.map((d) => d.id)).toEqual([BASE_DASHBOARD.id]);
  });

  it("saves the edited widgets with the dashboard's fields as they are, then closes the editor", async () => {
    const view = mount();
    await view.loaded();
    const onSaved = vi.fn();
    view.current().saveWidgets(stores, stores.widgets.slice(0, 1), onSaved);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(posts[0]).toMatchObject({
      path: '/api/dashboard/save',
      body: { id: '7', name: 'Stores', description: 'East', groupIds: stores.groupIds, default: true },
    });
    expect(posts[0]?.body.widgets).toHaveLength(1);
    expect(toasts).toEqual([['Stores has been successfully updated']]);
  });

  it('shares, or makes a dashboard the default, with a toast either way', async () => {
    const view = mount();
    await view.loaded();
    view.current().saveFields(stores, { shared: true });
    await waitFor(() => expect(toasts).toHaveLength(1));
    view.current().makeDefault(BASE_DASHBOARD);
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(posts.map((p) => p.body)).toEqual([
      expect.objectContaining({ id: '7', shared: true, widgets: expect.any(Array) }),
      { id: BASE_DASHBOARD.id, name: BASE_DASHBOARD.name, default: true },
    ]);
    saveFails = true;
    view.current().makeDefault(stores);
    await waitFor(() => expect(toasts).toHaveLength(3));
    expect(toasts[2]?.[1]).toBe('danger');
  });

  it.each([
    ['create', 0, true],
    ['duplicate', stores.widgets.length, false],
  ] as const)(
    '%s makes a new dashboard with %i widgets and opens it (in the editor: %s)',
    async (mode, widgets, edit) => {
      const view = mount();
      await view.loaded();
      const onSaved = vi.fn();
      view.current().submitForm(mode, stores, { ...fieldsOfCopy(), name: 'New' }, onSaved);
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/9'));
      expect(view.router.state.location.state).toEqual({ edit });
      expect(onSaved).toHaveBeenCalledOnce();
      expect(posts[0]?.body).not.toHaveProperty('id');
      expect(posts[0]?.body.widgets).toHaveLength(widgets);
    },
  );

  it("edit saves the form's fields on the dashboard and stays", async () => {
    const view = mount('/dashboard/7');
    await view.loaded();
    const onSaved = vi.fn();
    view.current().submitForm('edit', stores, { ...fieldsOfCopy(), name: 'Renamed' }, onSaved);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(posts[0]?.body).toMatchObject({ id: '7', name: 'Renamed' });
    expect(posts[0]?.body.widgets).toHaveLength(stores.widgets.length);
    expect(view.router.state.location.pathname).toBe('/dashboard/7');
  });

  it("deletes the dashboard, says so and opens the caller's default", async () => {
    const view = mount('/dashboard/7');
    await view.loaded();
    const onDeleted = vi.fn();
    view.current().deleteDashboard(stores, onDeleted);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    expect(posts).toEqual([{ path: '/api/dashboard/delete', body: { id: '7' } }]);
    expect(onDeleted).toHaveBeenCalledOnce();
    expect(toasts).toEqual([['Stores has been successfully removed']]);
  });

  it("says how it went in the language shown, not in the server's English (issue 37)", async () => {
    await i18n.changeLanguage('es');
    try {
      const view = mount('/dashboard/7');
      await view.loaded();
      view.current().saveFields(stores, { shared: true });
      await waitFor(() => expect(toasts).toHaveLength(1));
      view.current().submitForm('create', stores, { ...fieldsOfCopy(), name: 'Nuevo' }, vi.fn());
      await waitFor(() => expect(toasts).toHaveLength(2));
      view.current().deleteDashboard(stores, vi.fn());
      await waitFor(() => expect(toasts).toHaveLength(3));
      expect(toasts).toEqual([
        ['Stores se ha actualizado correctamente'],
        ['Nuevo se ha creado correctamente'],
        ['Stores se ha eliminado correctamente'],
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

function fieldsOfCopy() {
  return { name: '', description: '', icon: null, tagNames: [], groupIds: [], shared: false, default: false };
}
