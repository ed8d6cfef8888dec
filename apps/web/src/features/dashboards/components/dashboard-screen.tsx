import { Alert, Button, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { BASE_DASHBOARD, type Widget, type WidgetType } from '@vnoc/contracts';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddButton } from '../../../components/add-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { canChange, hasEntitlement } from '../../../lib/permissions.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useDashboardData } from '../hooks/use-dashboard-data.ts';
import { useDashboardEditor } from '../hooks/use-dashboard-editor.ts';
import { newWidget, STACK_BELOW_PX, shownWidgets, unavailableWidgets } from '../utils/layout.ts';
import type { DashboardDialog } from './dashboard-dialogs.tsx';
import { DashboardSwitcher, DashboardToolbar } from './dashboard-toolbar.tsx';
import { preloadWidgets, RenderWidget, widgetTitle } from './render-widget.tsx';

// The grid loads after the screen's heading and toolbar.
const grid = preloadable(() => import('./dashboard-grid.tsx').then((m) => m.DashboardGrid));
// The editor's frame around each widget (its menus and tooltips: Mantine's Menu, Tooltip, floating-ui) loads when
// Edit is pressed, not with the dashboard.
const frame = preloadable(() => import('./widget-frame.tsx').then((m) => m.WidgetFrame));
const WidgetFrame = frame.Component;
// The dialogs (Mantine's Modal, which imports ScrollArea and with it floating-ui) load when one first opens, and
// stay mounted from then on (their close transitions and focus return).
const dialogs = preloadable(() => import('./dashboard-dialogs.tsx').then((m) => m.DashboardDialogs));
const DashboardDialogs = dialogs.Component;
const DashboardGrid = grid.Component;

/**
 * The modules nearly every dashboard draws with (the base one all of them): the grid and the base dashboard's
 * widgets, and the page's first number, date and relative-time formatters (`prepareFormats`), which load the
 * locale's data (~14–27 and 12–23 ms at 4× CPU, in tasks of their own) while they load rather than inside the
 * first widget's draw. No call to the API, so it may run before the sign-in completes
 * (the MFA screen, app/router.tsx): loaded by the screen's first render, they render at once instead of
 * suspending. Not before that render: the formatters' module sits with the screens' common modules (~55 KB with
 * what they import), which the widgets load anyway, and the screen's first draw does not wait for them.
 */
export function preloadDashboardModules(): void {
  grid.preload().catch(() => undefined);
  void preloadWidgets(BASE_DASHBOARD.widgets.map((widget) => widget.type));
  import('../../../lib/format.ts')
    .then(({ prepareFormats }) => prepareFormats(currentLanguage()))
    .catch(() => undefined);
}

/** A short random widget key (unique within a dashboard). */
function widgetKey(type: WidgetType): string {
  return `${type}-${Math.random().toString(36).slice(2, 8)}`;
}

interface DashboardScreenProps {
  /** The dashboard to show; none → the caller's default (/dashboard). */
  did?: string;
  /** Heading for /dashboard (the greeting); /dashboard/{did} shows the dashboard's name. */
  heading?: ReactNode;
  /** A line under the heading (the organization and role on /dashboard). */
  subheading?: ReactNode;
}

/**
 * A dashboard on the 12-column grid with its switcher and actions; Edit turns on the editor (add from the
 * catalogue, drag, resize, configure, remove; arrow keys on a widget's bar move it, Shift + arrows resize it),
 * Save or Cancel. Changes are never lost silently: leaving or cancelling asks first.
 */
export function DashboardScreen({ did, heading, subheading }: DashboardScreenProps) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const { claims } = useAuth();
  const mayChange = canChange(claims?.role);
  useEffect(preloadDashboardModules, []);
  const data = useDashboardData(did);
  const { dashboard, list, save, remove } = data;
  const editor = useDashboardEditor(dashboard);
  const { draft, editing, dispatch } = editor;
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const [dialogsUsed, setDialogsUsed] = useState(false);
  const closeDialog = () => setDialog(null);
  const narrow = useMediaQuery(`(max-width: ${STACK_BELOW_PX - 0.02}px)`) ?? false;

  const unavailable = useMemo(() => unavailableWidgets(hasEntitlement(claims, 'analytics')), [claims]);
  const titleOf = useCallback((widget: Widget) => widgetTitle(widget, t), [t]);
  const pageTitle = heading ?? dashboard?.name ?? t('title');

  if (list.isPending) {
    return (
      <PageFrame title={pageTitle}>
        {subheading}
        <Skeleton h={36} w={320} />
        <Skeleton h={400} />
      </PageFrame>
    );
  }

  if (!dashboard) {
    return (
      <PageFrame title={pageTitle}>
        <DashboardSwitcher dashboards={data.dashboards} current={undefined} />
        <EmptyState
          icon={IconLayoutDashboard}
          title={t('notFound.title')}
          text={t('notFound.text', { id: did ?? '' })}
        >
          <Button onClick={() => void navigate(paths.dashboard)}>{t('notFound.back')}</Button>
        </EmptyState>
      </PageFrame>
    );
  }

  // The editor needs them too: leaving it with unsaved changes asks first.
  if ((dialog || editing) && !dialogsUsed) setDialogsUsed(true);
  const mayEdit = mayChange && dashboard.editable;
  const widgets = shownWidgets(draft ?? dashboard.widgets, unavailable, editing);
  const openCatalogue = () => setDialog({ kind: 'catalogue' });

  return (
    <PageFrame title={pageTitle}>
      {subheading}
      {list.error ? (
        <Alert color="red" variant="light" role="alert" title={t('listFailed')}>
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      <DashboardToolbar
        dashboards={data.dashboards}
        dashboard={dashboard}
        mayChange={mayChange}
        editing={editing}
        saving={save.isPending}
        onEdit={() => {
          const open = () => dispatch({ type: 'open', widgets: dashboard.widgets });
          // The editor's grid (react-grid-layout) too: the dashboard was viewed without it.
          const editableGrid = import('./dashboard-grid.tsx').then((m) => m.preloadEditableGrid());
          Promise.all([frame.preload(), dialogs.preload(), editableGrid]).then(open, open);
        }}
        onAddWidget={openCatalogue}
        onCancel={() => (editor.dirty ? setDialog({ kind: 'discard' }) : dispatch({ type: 'close' }))}
        onSave={() => draft && data.saveWidgets(dashboard, draft, () => dispatch({ type: 'close' }))}
        onForm={(mode) => {
          save.reset();
          setDialog({ kind: 'form', mode });
        }}
        onShare={(shared) => data.saveFields(dashboard, { shared })}
        onMakeDefault={() => data.makeDefault(dashboard)}
        onDelete={() => {
          remove.reset();
          setDialog({ kind: 'delete' });
        }}
      />
      {dashboard.description && (
        <Text size="sm" c="dimmed" mt={-8}>
          {dashboard.description}
        </Text>
      )}
      {dashboard.id === BASE_DASHBOARD.id && mayChange && !editing && (
        <Text size="sm" c="dimmed" mt={-8}>
          {t('baseHint')}
        </Text>
      )}
      {save.error && editing ? (
        <Alert color="red" variant="light" role="alert" title={t('saveFailed')}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      {editing && (
        <Text size="sm" c="dimmed" id="dashboard-keyboard-help">
          {narrow ? t('editor.helpNarrow') : t('editor.help')}
        </Text>
      )}
      <VisuallyHidden role="status" aria-live="polite" data-testid="dashboard-announcer">
        {editor.announcement ? t(editor.announcement.key, editor.announcement.values) : ''}
      </VisuallyHidden>
      {widgets.length === 0 ? (
        <EmptyState
          icon={IconLayoutDashboard}
          title={t('empty.title')}
          text={editing ? t('empty.editing') : mayEdit ? t('empty.editable') : t('empty.readOnly')}
        >
          {editing && <AddButton onClick={openCatalogue}>{t('actions.addWidget')}</AddButton>}
        </EmptyState>
      ) : (
        <Suspense fallback={<Skeleton h={400} radius="md" />}>
          <DashboardGrid
            widgets={widgets}
            editing={editing}
            onLayoutChange={(layout) => dispatch({ type: 'layout', layout })}
            renderWidget={(widget) => {
              const content = (
                <RenderWidget widget={widget} dashboard={dashboard} t={t} groupNames={data.groupNames} />
              );
              if (!editing) return content;
              const name = titleOf(widget);
              return (
                <WidgetFrame
                  title={name}
                  draggable={!narrow}
                  onMove={(direction) => dispatch({ type: 'move', i: widget.i, name, direction })}
                  onResize={(change) => dispatch({ type: 'resize', i: widget.i, name, change })}
                  onConfigure={() => setDialog({ kind: 'settings', widget })}
                  onRemove={() => dispatch({ type: 'remove', i: widget.i, name })}
                >
                  {content}
                </WidgetFrame>
              );
            }}
          />
        </Suspense>
      )}
      {dialogsUsed && (
        <Suspense fallback={null}>
          <DashboardDialogs
            dialog={dialog}
            onClose={closeDialog}
            dashboard={dashboard}
            unavailable={unavailable}
            onAdd={(type) => {
              if (!draft) return;
              dispatch({
                type: 'add',
                widget: newWidget(type, draft, widgetKey(type)),
                name: t(`widgets.${type}`),
              });
              closeDialog();
            }}
            onConfigure={(widget) => {
              dispatch({ type: 'configure', widget });
              closeDialog();
            }}
            saving={save}
            deleting={remove}
            onSubmitForm={(mode, fields) => data.submitForm(mode, dashboard, fields, closeDialog)}
            onDiscard={() => {
              closeDialog();
              dispatch({ type: 'close' });
            }}
            onDelete={() => data.deleteDashboard(dashboard, closeDialog)}
            leave={editor.leave}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
