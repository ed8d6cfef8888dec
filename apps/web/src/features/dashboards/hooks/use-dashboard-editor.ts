import type { Dashboard } from '@vnoc/contracts';
import { useEffect, useReducer } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { CLOSED_EDITOR, editorReducer } from '../utils/editor.ts';
import { widgetsChanged } from '../utils/layout.ts';

/**
 * The editor of the dashboard shown: its draft and announcements (editorReducer), whether it differs from the
 * saved widgets, and the guard that asks before those changes are left behind (another page, a reload).
 */
export function useDashboardEditor(dashboard: Dashboard | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(editorReducer, CLOSED_EDITOR);
  const editing = state.draft !== null && dashboard !== undefined;
  const dirty =
    state.draft !== null && dashboard !== undefined && widgetsChanged(dashboard.widgets, state.draft);

  // Another dashboard (the switcher, a link) ends the edit of this one; a dashboard just created opens in the editor.
  const dashboardId = dashboard?.id;
  const openEditor = (location.state as { edit?: boolean } | null)?.edit === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dashboard changes
  useEffect(() => {
    dispatch(
      openEditor && dashboard?.editable ? { type: 'open', widgets: dashboard.widgets } : { type: 'close' },
    );
    // Once: a reload of the page must not open the editor again.
    if (openEditor) void navigate(location.pathname, { replace: true, state: null });
  }, [dashboardId]);

  const leave = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  return { draft: state.draft, announcement: state.announcement, editing, dirty, dispatch, leave };
}
