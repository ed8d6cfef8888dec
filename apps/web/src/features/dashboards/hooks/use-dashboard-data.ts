import { BASE_DASHBOARD, type Dashboard, type Widget, type WidgetType } from '@vnoc/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { afterPaint } from '../../../lib/after-paint.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { useDeleteDashboard } from '../api/delete-dashboard.ts';
import { useDashboards } from '../api/get-dashboards.ts';
import { useSaveDashboard } from '../api/save-dashboard.ts';
import type { DashboardFormMode } from '../components/dashboard-form.tsx';
import { preloadWidgets } from '../components/render-widget.tsx';
import { type DashboardFields, defaultDashboard, fieldsOf, savePayload } from '../utils/layout.ts';

/**
 * The dashboards, the one shown (`did`, else the caller's default) with its widgets' modules on their way, the
 * groups' names, and the calls that save or delete a dashboard, each telling the user how it went.
 */
export function useDashboardData(did: string | undefined) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const list = useDashboards();
  const groups = useSiteGroups();
  const save = useSaveDashboard();
  const remove = useDeleteDashboard();

  // Without the list (an error), the built-in base dashboard is still shown; the error says what failed.
  const dashboards: Dashboard[] = list.data ?? (list.error ? [BASE_DASHBOARD] : []);
  const dashboard = did ? dashboards.find((d) => d.id === did) : defaultDashboard(dashboards);

  // Once the dashboard is known: its widgets' modules load while the screen renders; with a map, once the screen
  // has painted and those modules are in (the map's download does not delay theirs), Leaflet and the basemap,
  // loaded while the other widgets draw.
  const widgetTypes = [...new Set(dashboard?.widgets.map((widget) => widget.type))].sort().join(',');
  useEffect(() => {
    if (!widgetTypes) return;
    const types = widgetTypes.split(',') as WidgetType[];
    const widgetsLoaded = preloadWidgets(types);
    if (types.includes('SiteMap'))
      Promise.all([widgetsLoaded, afterPaint()])
        .then(() => import('../../../components/map-surface.tsx'))
        .then(({ loadBasemap }) => loadBasemap())
        .catch(() => undefined);
  }, [widgetTypes]);

  const groupNames = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);

  const toastFailure = (error: Error) => toast(errorMessage(error), 'danger');
  // The spec's success messages in the language shown ("{name} has been successfully updated"); the server's
  // answer carries them in English only (issue 37 p15).
  const done = (key: 'created' | 'updated' | 'removed', name: string) => toast(t(`done.${key}`, { name }));

  /** Saves the edited widgets of the dashboard; `onSaved` closes the editor. */
  const saveWidgets = (target: Dashboard, widgets: readonly Widget[], onSaved: () => void) =>
    save.mutate(savePayload(fieldsOf(target), widgets, target.id), {
      onSuccess: () => {
        onSaved();
        done('updated', target.name);
      },
    });

  /** Saves the dashboard's fields as they are but for a change (share), keeping its widgets. */
  const saveFields = (target: Dashboard, change: Partial<DashboardFields>) =>
    save.mutate(savePayload({ ...fieldsOf(target), ...change }, target.widgets, target.id), {
      onSuccess: () => done('updated', target.name),
      onError: toastFailure,
    });

  /** The caller's default: their own preference, allowed on any dashboard they see (base, shared). */
  const makeDefault = (target: Dashboard) =>
    save.mutate(
      { id: target.id, name: target.name, default: true },
      { onSuccess: () => done('updated', target.name), onError: toastFailure },
    );

  /**
   * The form's fields: `edit` saves them on the dashboard; `create` makes an empty dashboard and opens it in the
   * editor; `duplicate` copies the widgets (also those of the base dashboard) and opens the copy.
   */
  const submitForm = (
    mode: DashboardFormMode,
    target: Dashboard,
    fields: DashboardFields,
    onSaved: () => void,
  ) => {
    if (mode === 'edit') {
      save.mutate(savePayload(fields, target.widgets, target.id), {
        onSuccess: () => {
          onSaved();
          done('updated', fields.name);
        },
      });
      return;
    }
    save.mutate(savePayload(fields, mode === 'duplicate' ? target.widgets : []), {
      onSuccess: async (saved) => {
        onSaved();
        done('created', fields.name);
        await list.refetch();
        await navigate(paths.dashboardById(saved.id), { state: { edit: mode === 'create' } });
      },
    });
  };

  /** Deletes the dashboard, then opens the caller's default; `onDeleted` closes the confirmation. */
  const deleteDashboard = (target: Dashboard, onDeleted: () => void) =>
    remove.mutate(target.id, {
      onSuccess: async () => {
        onDeleted();
        done('removed', target.name);
        await navigate(paths.dashboard);
      },
    });

  return {
    list,
    dashboards,
    dashboard,
    groupNames,
    save,
    remove,
    saveWidgets,
    saveFields,
    makeDefault,
    submitForm,
    deleteDashboard,
  };
}
