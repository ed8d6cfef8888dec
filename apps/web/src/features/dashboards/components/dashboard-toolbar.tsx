import { Badge, Button, Group, NativeSelect } from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconEdit,
  IconPencil,
  IconPlus,
  IconShare,
  IconStar,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { BASE_DASHBOARD, type Dashboard } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddButton } from '../../../components/add-button.tsx';
import { HeaderMenu } from '../../../components/header-menu.tsx';
import { paths } from '../../../lib/paths.ts';
import type { DashboardFormMode } from './dashboard-form.tsx';
import { DashboardIcon } from './dashboard-icon.tsx';

/**
 * The dashboards the caller sees, by name (the base one by its name in the user's language); one opens it. The
 * browser's own select: a phone's picker, and no Combobox (floating-ui) in the dashboard's first load.
 */
export function DashboardSwitcher({
  dashboards,
  current,
}: {
  dashboards: readonly Dashboard[];
  current: Dashboard | undefined;
}) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  return (
    <NativeSelect
      aria-label={t('switcher')}
      data={dashboards.map((d) => ({
        value: d.id,
        label: d.id === BASE_DASHBOARD.id ? t('baseName') : d.name,
      }))}
      value={current?.id ?? ''}
      onChange={(event) => void navigate(paths.dashboardById(event.currentTarget.value))}
      leftSection={<DashboardIcon name={current?.icon ?? null} />}
      w={{ base: '100%', xs: 280 }}
      data-testid="dashboard-switcher"
    />
  );
}

interface DashboardToolbarProps {
  dashboards: readonly Dashboard[];
  dashboard: Dashboard;
  /** The caller's role may change dashboards (create, duplicate, pick a default). */
  mayChange: boolean;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onAddWidget: () => void;
  onCancel: () => void;
  onSave: () => void;
  onForm: (mode: DashboardFormMode) => void;
  onShare: (shared: boolean) => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}

/**
 * The switcher and the dashboard's badges, then its actions: in the editor add a widget, cancel or save; else
 * edit and the "More" menu, each shown only where the caller may do it (the server checks again).
 */
export function DashboardToolbar({
  dashboards,
  dashboard,
  mayChange,
  editing,
  saving,
  onEdit,
  onAddWidget,
  onCancel,
  onSave,
  onForm,
  onShare,
  onMakeDefault,
  onDelete,
}: DashboardToolbarProps) {
  const { t } = useTranslation('dashboards');
  const mayEdit = mayChange && dashboard.editable;
  const actions = editing ? (
    <Group gap="xs">
      <AddButton variant="light" onClick={onAddWidget}>
        {t('actions.addWidget')}
      </AddButton>
      <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        onClick={onSave}
        loading={saving}
        data-testid="dashboard-save"
      >
        {t('actions.save')}
      </Button>
    </Group>
  ) : (
    <Group gap="xs">
      {mayEdit && (
        <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          {t('actions.edit')}
        </Button>
      )}
      {mayChange && (
        <HeaderMenu
          target={
            <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
              {t('actions.more')}
            </Button>
          }
          title={t('actions.more')}
          items={(Item, Divider) => (
            <>
              <Item leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onForm('create')}>
                {t('actions.create')}
              </Item>
              <Item leftSection={<IconCopy size={14} aria-hidden />} onClick={() => onForm('duplicate')}>
                {t('actions.duplicate')}
              </Item>
              {mayEdit && (
                <Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onForm('edit')}>
                  {t('actions.settings')}
                </Item>
              )}
              {mayEdit && dashboard.owned && (
                <Item
                  leftSection={<IconShare size={14} aria-hidden />}
                  onClick={() => onShare(!dashboard.shared)}
                >
                  {dashboard.shared ? t('actions.unshare') : t('actions.share')}
                </Item>
              )}
              {!dashboard.default && (
                <Item leftSection={<IconStar size={14} aria-hidden />} onClick={onMakeDefault}>
                  {t('actions.makeDefault')}
                </Item>
              )}
              {mayEdit && (
                <>
                  <Divider />
                  <Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
                    {t('actions.delete')}
                  </Item>
                </>
              )}
            </>
          )}
        />
      )}
    </Group>
  );

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <DashboardSwitcher dashboards={dashboards} current={dashboard} />
        {dashboard.id === BASE_DASHBOARD.id && (
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
  );
}
