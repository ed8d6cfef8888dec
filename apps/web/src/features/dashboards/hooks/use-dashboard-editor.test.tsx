// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import { BASE_DASHBOARD, type Dashboard } from '@vnoc/contracts';
import { useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { useDashboardEditor } from './use-dashboard-editor.ts';

const stores: Dashboard = { ...BASE_DASHBOARD, id: '7', name: 'Stores', editable: true, owned: true };
const other: Dashboard = { ...stores, id: '8', name: 'Other' };
const byId = new Map([stores, other, BASE_DASHBOARD].map((d) => [d.id, d]));

type Editor = ReturnType<typeof useDashboardEditor>;
function mount(entry: { pathname: string; state?: unknown }) {
  const seen: { editor?: Editor } = {};
  function Probe() {
    const { did = '' } = useParams();
    seen.editor = useDashboardEditor(byId.get(did));
    return null;
  }
  const { router } = renderRoutes(
    [
      { path: '/dashboard/:did', element: <Probe /> },
      { path: '*', element: null },
    ],
    '/',
  );
  act(() => void router.navigate(entry.pathname, { state: entry.state }));
  return { router, editor: () => seen.editor as Editor };
}

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('useDashboardEditor', () => {
  it('a dashboard just created opens in the editor, once: the state that asked is dropped', async () => {
    const view = mount({ pathname: '/dashboard/7', state: { edit: true } });
    await waitFor(() => expect(view.editor().editing).toBe(true));
    expect(view.router.state.location.state).toBeNull();
    expect(view.editor().dirty).toBe(false);
  });

  it('the base dashboard (not editable) does not open in the editor even when asked', async () => {
    const view = mount({ pathname: `/dashboard/${BASE_DASHBOARD.id}`, state: { edit: true } });
    await waitFor(() => expect(view.router.state.location.state).toBeNull());
    expect(view.editor().editing).toBe(false);
  });

  it('another dashboard ends the edit of this one', async () => {
    const view = mount({ pathname: '/dashboard/7' });
    act(() => view.editor().dispatch({ type: 'open', widgets: stores.widgets }));
    expect(view.editor().editing).toBe(true);
    await act(() => view.router.navigate('/dashboard/8'));
    expect(view.editor().editing).toBe(false);
  });

  it('a change makes it dirty: leaving waits for the answer, a reload is asked about', async () => {
    const view = mount({ pathname: '/dashboard/7' });
    act(() => view.editor().dispatch({ type: 'open', widgets: stores.widgets }));
    const first = stores.widgets[0]?.i ?? '';
    act(() => view.editor().dispatch({ type: 'remove', i: first, name: 'First' }));
    expect(view.editor().dirty).toBe(true);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await act(() => view.router.navigate('/elsewhere'));
    expect(view.editor().leave.state).toBe('blocked');
    expect(view.router.state.location.pathname).toBe('/dashboard/7');
    await act(async () => view.editor().leave.proceed?.());
    expect(view.router.state.location.pathname).toBe('/elsewhere');
  });

  it('unchanged, it lets the user leave', async () => {
    const view = mount({ pathname: '/dashboard/7' });
    act(() => view.editor().dispatch({ type: 'open', widgets: stores.widgets }));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await act(() => view.router.navigate('/elsewhere'));
    expect(view.router.state.location.pathname).toBe('/elsewhere');
  });
});
