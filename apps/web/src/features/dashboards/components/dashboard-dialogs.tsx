import { Button, Group, Modal, Text } from '@mantine/core';
import type { Dashboard, Widget, WidgetType } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { errorMessage } from '../../../lib/error-handler.ts';
import { type DashboardFields, fieldsOf } from '../utils/layout.ts';
import type { DashboardFormMode } from './dashboard-form.tsx';

// The editor's dialogs load after the screen's heading and toolbar.
const DashboardForm = lazy(() => import('./dashboard-form.tsx').then((m) => ({ default: m.DashboardForm })));
const WidgetCatalogue = lazy(() =>
  import('./widget-catalogue.tsx').then((m) => ({ default: m.WidgetCatalogue })),
);
const WidgetSettings = lazy(() =>
  import('./widget-settings.tsx').then((m) => ({ default: m.WidgetSettings })),
);

/** The one dialog of the dashboard screen open at a time (leaving with unsaved changes aside: the router's). */
export type DashboardDialog =
  | { kind: 'catalogue' }
  | { kind: 'settings'; widget: Widget }
  | { kind: 'form'; mode: DashboardFormMode }
  | { kind: 'discard' }
  | { kind: 'delete' };

const NO_FIELDS: DashboardFields = {
  name: '',
  description: '',
  icon: null,
  tagNames: [],
  groupIds: [],
  shared: false,
  default: false,
};

/** What the form starts from: nothing to create, the dashboard's fields to edit, a private copy to duplicate. */
export function formInitial(
  dashboard: Dashboard,
  mode: DashboardFormMode,
  t: TFunction<'dashboards'>,
): DashboardFields {
  if (mode === 'create') return NO_FIELDS;
  const fields = fieldsOf(dashboard);
  if (mode === 'duplicate')
    return { ...fields, name: t('copyOf', { name: dashboard.name }), shared: false, default: false };
  return fields;
}

/** A confirmation dialog (leave with unsaved changes, cancel the edit, delete). */
function Confirm({
  opened,
  title,
  text,
  confirm,
  loading = false,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
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
        <Button color="red" onClick={onConfirm} loading={loading} data-testid="confirm-button">
          {confirm}
        </Button>
      </Group>
    </Modal>
  );
}

interface DashboardDialogsProps {
  dialog: DashboardDialog | null;
  onClose: () => void;
  dashboard: Dashboard;
  /** Widget types the organization lacks the entitlement for (the catalogue says so). */
  unavailable: ReadonlySet<WidgetType>;
  onAdd: (type: WidgetType) => void;
  onConfigure: (widget: Widget) => void;
  /** The save or delete under way, and how the last one failed. */
  saving: { isPending: boolean; error: Error | null };
  deleting: { isPending: boolean; error: Error | null };
  onSubmitForm: (mode: DashboardFormMode, fields: DashboardFields) => void;
  onDiscard: () => void;
  onDelete: () => void;
  /** The router's guard: a navigation away from unsaved changes waits for the user's answer. */
  leave: Blocker;
}

/** The screen's dialogs: the widget catalogue, a widget's settings, the dashboard form and the confirmations. */
export function DashboardDialogs(props: DashboardDialogsProps) {
  const { dialog, onClose, dashboard, saving, deleting, leave } = props;
  const { t } = useTranslation('dashboards');
  const formMode = dialog?.kind === 'form' ? dialog.mode : null;
  // The same object while the form is open: the form takes a new one as a reset of what was typed.
  const initial = useMemo(
    () => (formMode ? formInitial(dashboard, formMode, t) : NO_FIELDS),
    [dashboard, formMode, t],
  );
  return (
    <>
      <Suspense fallback={null}>
        {dialog?.kind === 'catalogue' && (
          <WidgetCatalogue opened onClose={onClose} onAdd={props.onAdd} unavailable={props.unavailable} />
        )}
        {dialog?.kind === 'settings' && (
          <WidgetSettings
            widget={dialog.widget}
            dashboardGroupIds={dashboard.groupIds}
            onClose={onClose}
            onApply={props.onConfigure}
          />
        )}
        {formMode && (
          <DashboardForm
            mode={formMode}
            initial={initial}
            canShare={formMode !== 'edit' || dashboard.owned}
            saving={saving.isPending}
            error={saving.error}
            onClose={onClose}
            onSubmit={(fields) => props.onSubmitForm(formMode, fields)}
          />
        )}
      </Suspense>
      <Confirm
        opened={dialog?.kind === 'discard'}
        title={t('confirm.cancelTitle')}
        text={t('confirm.cancelText')}
        confirm={t('confirm.discard')}
        onCancel={onClose}
        onConfirm={props.onDiscard}
      />
      <Confirm
        opened={dialog?.kind === 'delete'}
        title={t('confirm.deleteTitle', { name: dashboard.name })}
        text={
          deleting.error ? errorMessage(deleting.error) : t('confirm.deleteText', { name: dashboard.name })
        }
        confirm={t('actions.delete')}
        loading={deleting.isPending}
        onCancel={onClose}
        onConfirm={props.onDelete}
      />
      <Confirm
        opened={leave.state === 'blocked'}
        title={t('confirm.leaveTitle')}
        text={t('confirm.leaveText')}
        confirm={t('confirm.leave')}
        onCancel={() => leave.reset?.()}
        onConfirm={() => leave.proceed?.()}
      />
    </>
  );
}
