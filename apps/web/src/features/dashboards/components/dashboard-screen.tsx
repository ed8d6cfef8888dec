import {
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Select,
  Skeleton,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconEdit,
  IconLayoutDashboard,
  IconPencil,
  IconPlus,
  IconShare,
  IconStar,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { BASE_DASHBOARD, type Dashboard, type Widget, type WidgetType } from '@vnoc/contracts';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { canChange, hasEntitlement } from '../../../lib/permissions.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useDeleteDashboard } from '../api/delete-dashboard.ts';
import { useDashboards } from '../api/get-dashboards.ts';
import { useGroups } from '../api/get-groups.ts';
import { useSaveDashboard } from '../api/save-dashboard.ts';
import {
  ANALYTICS_WIDGETS,
  applyLayout,
  type DashboardFields,
  type Direction,
  defaultDashboard,
  fieldsOf,
  moveWidget,
  newWidget,
  resizeWidget,
  type SizeChange,
  savePayload,
  widgetsChanged,
} from '../utils/layout.ts';
import type { DashboardFormMode } from './dashboard-form.tsx';
import { DashboardIcon } from './dashboard-icon.tsx';
import { preloadWidgets, RenderWidget, widgetTitle } from './render-widget.tsx';
import { WidgetFrame } from './widget-frame.tsx';

// The grid and the editor's dialogs load after the screen's heading and toolbar.
const grid = preloadable(() => import('./dashboard-grid.tsx').then((m) => m.DashboardGrid));
const DashboardGrid = grid.Component;

/**
 * The modules nearly every dashboard draws with (the base one all of them): the grid and the base dashboard's
 * widgets. No call to the API, so it may run before the sign-in completes (the MFA screen, app/router.tsx): loaded
 * by the screen's first render, they render at once instead of suspending.
 */
export function preloadDashboardModules(): void {
  grid.preload().catch(() => undefined);
  preloadWidgets(BASE_DASHBOARD.widgets.map((widget) => widget.type));
}

const DashboardForm = lazy(() => import('./dashboard-form.tsx').then((m) => ({ default: m.DashboardForm })));
const WidgetCatalogue = lazy(() =>
  import('./widget-catalogue.tsx').then((m) => ({ default: m.WidgetCatalogue })),
);
const WidgetSettings = lazy(() =>
  import('./widget-settings.tsx').then((m) => ({ default: m.WidgetSettings })),
);

/** Below this width the widgets stack (dashboard-grid.tsx says the same). */
const STACK_BELOW_PX = 768;

interface DashboardScreenProps {
  /** The dashboard to show; none → the caller's default (/dashboard). */
  did?: string;
  /** Heading for /dashboard (the greeting); /dashboard/{did} shows the dashboard's name. */
  heading?: ReactNode;
  /** A line under the heading (the organization and role on /dashboard). */
  subheading?: ReactNode;
}

const NO_FIELDS: DashboardFields = {
  name: '',
  description: '',
  icon: null,
  tagNames: [],
  groupIds: [],
  shared: false,
  default: false,
};

/** A short random widget key (unique within a dashboard). */
function widgetKey(type: WidgetType): string {
  return `${type}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A confirmation dialog (leave with unsaved changes, cancel the edit, delete). */
function Confirm({
  opened,
  title,
  text,
  confirm,
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('actions.keep')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          loading={loading}
          data-testid="confirm-button"
        >
          {confirm}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * A dashboard on the 12-column grid with its switcher and actions; Edit turns on the editor (add from the
 * catalogue, drag, resize, configure, remove; arrow keys on a widget's bar move it, Shift + arrows resize it),
 * Save or Cancel. Changes are never lost silently: leaving or cancelling asks first.
 */
export function DashboardScreen({ did, heading, subheading }: DashboardScreenProps) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const location = useLocation();
  const { claims } = useAuth();
  const mayChange = canChange(claims?.role);
  const list = useDashboards();
  const groups = useGroups();
  useEffect(preloadDashboardModules, []);
  const save = useSaveDashboard();
  const remove = useDeleteDashboard();

  // Without the list (an error), the built-in base dashboard is still shown; the error says what failed.
  const dashboards: Dashboard[] = list.data ?? (list.error ? [BASE_DASHBOARD] : []);
  const dashboard = did ? dashboards.find((d) => d.id === did) : defaultDashboard(dashboards);

  // Once the dashboard is known: its widgets' modules, and with a map the basemap's shapes, load (and are
  // prepared) while the screen renders.
  const widgetTypes = [...new Set(dashboard?.widgets.map((widget) => widget.type))].sort().join(',');
  useEffect(() => {
    if (!widgetTypes) return;
    const types = widgetTypes.split(',') as WidgetType[];
    preloadWidgets(types);
    if (types.includes('SiteMap'))
      import('../../../components/map-surface.tsx')
        .then(({ loadBasemapShapes }) => loadBasemapShapes())
        .catch(() => undefined);
  }, [widgetTypes]);

  const [draft, setDraft] = useState<Widget[] | null>(null);
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [configuring, setConfiguring] = useState<Widget | null>(null);
  const [formMode, setFormMode] = useState<DashboardFormMode | null>(null);
  const [confirm, setConfirm] = useState<'cancel' | 'delete' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [narrow, setNarrow] = useState(false);

  const editing = draft !== null && dashboard !== undefined;
  const dirty = editing && widgetsChanged(dashboard.widgets, draft);

  // Another dashboard (the switcher, a link) ends the edit of this one; a dashboard just created opens in the editor.
  const dashboardId = dashboard?.id;
  const openEditor = (location.state as { edit?: boolean } | null)?.edit === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dashboard changes
  useEffect(() => {
    setDraft(openEditor && dashboard?.editable ? dashboard.widgets : null);
    // Once: a reload of the page must not open the editor again.
    if (openEditor) void navigate(location.pathname, { replace: true, state: null });
  }, [dashboardId]);

  useEffect(() => {
    const check = () => setNarrow(window.innerWidth < STACK_BELOW_PX);
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  const groupNames = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);
  const unavailable = useMemo(
    () =>
      hasEntitlement(claims, 'analytics') ? new Set<WidgetType>() : new Set<WidgetType>(ANALYTICS_WIDGETS),
    [claims],
  );

  const titleOf = useCallback((widget: Widget) => widgetTitle(widget, t), [t]);

  const handleMove = (widget: Widget, direction: Direction) => {
    if (!draft) return;
    const next = moveWidget(draft, widget.i, direction);
    setDraft(next);
    const placed = next.find((w) => w.i === widget.i)?.layout;
    if (placed)
      setAnnouncement(t('editor.moved', { name: titleOf(widget), column: placed.x + 1, row: placed.y + 1 }));
  };
  const handleResize = (widget: Widget, change: SizeChange) => {
    if (!draft) return;
    const next = resizeWidget(draft, widget.i, change);
    setDraft(next);
    const placed = next.find((w) => w.i === widget.i)?.layout;
    if (placed) setAnnouncement(t('editor.resized', { name: titleOf(widget), w: placed.w, h: placed.h }));
  };

  const handleAdd = (type: WidgetType) => {
    if (!draft) return;
    const added = newWidget(type, draft, widgetKey(type));
    setDraft([...draft, added]);
    setCatalogueOpen(false);
    setAnnouncement(t('editor.added', { name: t(`widgets.${type}`) }));
  };

  const handleRemove = (widget: Widget) => {
    if (!draft) return;
    setDraft(draft.filter((w) => w.i !== widget.i));
    setAnnouncement(t('editor.removed', { name: titleOf(widget) }));
  };

  const handleSave = () => {
    if (!dashboard || !draft) return;
    save.mutate(savePayload(fieldsOf(dashboard), draft, dashboard.id), {
      onSuccess: (saved) => {
        setDraft(null);
        toast(saved.message);
      },
    });
  };

  const handleCancel = () => {
    if (dirty) setConfirm('cancel');
    else setDraft(null);
  };

  /** Saves the dashboard's fields as they are but for a change (share, default), keeping its widgets. */
  const saveFields = (target: Dashboard, change: Partial<DashboardFields>) => {
    save.mutate(savePayload({ ...fieldsOf(target), ...change }, target.widgets, target.id), {
      onSuccess: (saved) => toast(saved.message),
      onError: (error) => toast(errorMessage(error), 'danger'),
    });
  };

  /** The caller's default: their own preference, allowed on any dashboard they see (base, shared). */
  const makeDefault = (target: Dashboard) => {
    save.mutate(
      { id: target.id, name: target.name, default: true },
      {
        onSuccess: (saved) => toast(saved.message),
        onError: (error) => toast(errorMessage(error), 'danger'),
      },
    );
  };

  const handleForm = (fields: DashboardFields) => {
    if (!dashboard) return;
    if (formMode === 'edit') {
      save.mutate(savePayload(fields, dashboard.widgets, dashboard.id), {
        onSuccess: (saved) => {
          setFormMode(null);
          toast(saved.message);
        },
      });
      return;
    }
    // Create starts empty (then opens the editor); duplicate copies the widgets, also those of the base dashboard.
    const widgets = formMode === 'duplicate' ? dashboard.widgets : [];
    const creating = formMode === 'create';
    save.mutate(savePayload(fields, widgets), {
      onSuccess: async (saved) => {
        setFormMode(null);
        toast(saved.message);
        await list.refetch();
        await navigate(paths.dashboardById(saved.id), { state: { edit: creating } });
      },
    });
  };

  const handleDelete = () => {
    if (!dashboard) return;
    remove.mutate(dashboard.id, {
      onSuccess: async (answer) => {
        setConfirm(null);
        toast(answer.message);
        await navigate(paths.dashboard);
      },
    });
  };

  const openForm = (mode: DashboardFormMode) => {
    save.reset();
    setFormMode(mode);
  };

  const formInitial = useMemo<DashboardFields>(() => {
    if (!dashboard || formMode === 'create') return NO_FIELDS;
    const fields = fieldsOf(dashboard);
    if (formMode === 'duplicate')
      return { ...fields, name: t('copyOf', { name: dashboard.name }), shared: false, default: false };
    return fields;
  }, [dashboard, formMode, t]);

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

  const switcher = (
    <Select
      aria-label={t('switcher')}
      data={dashboards.map((d) => ({
        value: d.id,
        label: d.id === BASE_DASHBOARD.id ? t('baseName') : d.name,
      }))}
      value={dashboard?.id ?? null}
      onChange={(value) => value && void navigate(paths.dashboardById(value))}
      allowDeselect={false}
      leftSection={<DashboardIcon name={dashboard?.icon ?? null} />}
      w={{ base: '100%', xs: 280 }}
      data-testid="dashboard-switcher"
      comboboxProps={{ withinPortal: true }}
    />
  );

  if (!dashboard) {
    return (
      <PageFrame title={pageTitle}>
        {switcher}
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

  const isBase = dashboard.id === BASE_DASHBOARD.id;
  const mayEdit = mayChange && dashboard.editable;
  const widgets = draft ?? dashboard.widgets;

  const actions = editing ? (
    <Group gap="xs">
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        variant="light"
        onClick={() => setCatalogueOpen(true)}
      >
        {t('actions.addWidget')}
      </Button>
      <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={handleCancel}>
        {t('actions.cancel')}
      </Button>
      <Button
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        onClick={handleSave}
        loading={save.isPending}
        data-testid="dashboard-save"
      >
        {t('actions.save')}
      </Button>
    </Group>
  ) : (
    <Group gap="xs">
      {mayEdit && (
        <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setDraft(dashboard.widgets)}>
          {t('actions.edit')}
        </Button>
      )}
      {mayChange && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
              {t('actions.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPlus size={14} aria-hidden />} onClick={() => openForm('create')}>
              {t('actions.create')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={() => openForm('duplicate')}>
              {t('actions.duplicate')}
            </Menu.Item>
            {mayEdit && (
              <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => openForm('edit')}>
                {t('actions.settings')}
              </Menu.Item>
            )}
            {mayEdit && dashboard.owned && (
              <Menu.Item
                leftSection={<IconShare size={14} aria-hidden />}
                onClick={() => saveFields(dashboard, { shared: !dashboard.shared })}
              >
                {dashboard.shared ? t('actions.unshare') : t('actions.share')}
              </Menu.Item>
            )}
            {!dashboard.default && mayChange && (
              <Menu.Item
                leftSection={<IconStar size={14} aria-hidden />}
                onClick={() => makeDefault(dashboard)}
              >
                {t('actions.makeDefault')}
              </Menu.Item>
            )}
            {mayEdit && (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => {
                    remove.reset();
                    setConfirm('delete');
                  }}
                >
                  {t('actions.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );

  return (
    <PageFrame title={pageTitle}>
      {subheading}
      {list.error ? (
        <Alert color="red" variant="light" role="alert" title={t('listFailed')}>
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {switcher}
          {isBase && (
            <Badge variant="light" color="gray" tt="none">
              {t('builtIn')}
            </Badge>
          )}
          {dashboard.default && (
            <Badge variant="light" tt="none" data-testid="dashboard-default-badge">
              {t('badges.default')}
            </Badge>
          )}
          {dashboard.shared && (
            <Badge variant="light" color="teal" tt="none">
              {t('badges.shared')}
            </Badge>
          )}
          {dashboard.tagNames.map((tag) => (
            <Badge key={tag} variant="outline" color="gray" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
        {actions}
      </Group>
      {dashboard.description && (
        <Text size="sm" c="dimmed" mt={-8}>
          {dashboard.description}
        </Text>
      )}
      {isBase && mayChange && !editing && (
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
        {announcement}
      </VisuallyHidden>
      {widgets.length === 0 ? (
        <EmptyState
          icon={IconLayoutDashboard}
          title={t('empty.title')}
          text={editing ? t('empty.editing') : mayEdit ? t('empty.editable') : t('empty.readOnly')}
        >
          {editing && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCatalogueOpen(true)}>
              {t('actions.addWidget')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <Suspense fallback={<Skeleton h={400} radius="md" />}>
          <DashboardGrid
            widgets={widgets}
            editing={editing}
            onLayoutChange={(layout) =>
              setDraft((current) => (current ? applyLayout(current, layout) : current))
            }
            renderWidget={(widget) => {
              const content = (
                <RenderWidget widget={widget} dashboard={dashboard} t={t} groupNames={groupNames} />
              );
              if (!editing) return content;
              return (
                <WidgetFrame
                  title={titleOf(widget)}
                  draggable={!narrow}
                  onMove={(direction) => handleMove(widget, direction)}
                  onResize={(change) => handleResize(widget, change)}
                  onConfigure={() => setConfiguring(widget)}
                  onRemove={() => handleRemove(widget)}
                >
                  {content}
                </WidgetFrame>
              );
            }}
          />
        </Suspense>
      )}

      <Suspense fallback={null}>
        {catalogueOpen && (
          <WidgetCatalogue
            opened={catalogueOpen}
            onClose={() => setCatalogueOpen(false)}
            onAdd={handleAdd}
            unavailable={unavailable}
          />
        )}
        {configuring && (
          <WidgetSettings
            widget={configuring}
            dashboardGroupIds={dashboard.groupIds}
            onClose={() => setConfiguring(null)}
            onApply={(changed) => {
              setDraft((current) => current?.map((w) => (w.i === changed.i ? changed : w)) ?? current);
              setConfiguring(null);
            }}
          />
        )}
        {formMode && (
          <DashboardForm
            mode={formMode}
            initial={formInitial}
            canShare={formMode !== 'edit' || dashboard.owned}
            saving={save.isPending}
            error={save.error}
            onClose={() => setFormMode(null)}
            onSubmit={handleForm}
          />
        )}
      </Suspense>
      <Confirm
        opened={confirm === 'cancel'}
        title={t('confirm.cancelTitle')}
        text={t('confirm.cancelText')}
        confirm={t('confirm.discard')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          setDraft(null);
        }}
      />
      <Confirm
        opened={confirm === 'delete'}
        title={t('confirm.deleteTitle', { name: dashboard.name })}
        text={remove.error ? errorMessage(remove.error) : t('confirm.deleteText', { name: dashboard.name })}
        confirm={t('actions.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={handleDelete}
      />
      <Confirm
        opened={blocker.state === 'blocked'}
        title={t('confirm.leaveTitle')}
        text={t('confirm.leaveText')}
        confirm={t('confirm.leave')}
        danger
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </PageFrame>
  );
}
