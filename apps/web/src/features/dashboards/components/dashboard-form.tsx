import { Group, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnyOfSelect } from '../../../components/filter-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import type { DashboardFields } from '../utils/layout.ts';
import { DASHBOARD_ICON_NAMES, DashboardIcon } from './dashboard-icon.tsx';

export type DashboardFormMode = 'create' | 'edit' | 'duplicate';

interface DashboardFormProps {
  mode: DashboardFormMode | null;
  initial: DashboardFields;
  /** Whether the caller may share with the organization (owner of it, or creating one). */
  canShare: boolean;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (fields: DashboardFields) => void;
}

/** Create, edit (rename, describe, scope, share, default) or duplicate a dashboard. */
export function DashboardForm({
  mode,
  initial,
  canShare,
  saving,
  error,
  onClose,
  onSubmit,
}: DashboardFormProps) {
  const { t } = useTranslation('dashboards');
  const [fields, setFields] = useState<DashboardFields>(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const groups = useSiteGroups(mode !== null);

  useEffect(() => {
    if (mode) {
      setFields(initial);
      setNameError(null);
    }
  }, [mode, initial]);

  if (!mode) return null;
  const set = <K extends keyof DashboardFields>(key: K, value: DashboardFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(`form.title.${mode}`)}
      size="lg"
      onSubmit={() => {
        if (!fields.name.trim()) {
          setNameError(t('form.nameRequired'));
          return;
        }
        onSubmit(fields);
      }}
      error={error}
      submitLabel={t(`form.submit.${mode}`)}
      loading={saving}
      submitTestId="dashboard-form-submit"
    >
      <TextInput
        label={t('form.name')}
        required
        maxLength={100}
        value={fields.name}
        error={nameError}
        onChange={(event) => {
          set('name', event.currentTarget.value);
          setNameError(null);
        }}
        data-autofocus
        data-testid="dashboard-name-input"
      />
      <Textarea
        label={t('form.description')}
        maxLength={1000}
        autosize
        minRows={2}
        value={fields.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      <Select
        label={t('form.icon')}
        data={DASHBOARD_ICON_NAMES.map((value) => ({ value, label: t(`icons.${value}`) }))}
        value={fields.icon}
        onChange={(value) => set('icon', value)}
        clearable
        leftSection={<DashboardIcon name={fields.icon} />}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <DashboardIcon name={option.value} />
            {option.label}
          </Group>
        )}
      />
      <TagsInput
        label={t('form.tags')}
        description={t('form.tagsHelp')}
        value={fields.tagNames}
        onChange={(value) => set('tagNames', value)}
        maxTags={50}
        clearable
      />
      <AnyOfSelect
        label={t('form.groups')}
        description={t('form.groupsHelp')}
        anyLabel={t('form.allSites')}
        data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={fields.groupIds}
        onChange={(value) => set('groupIds', value)}
        disabled={groups.isPending}
        error={groups.error ? errorMessage(groups.error) : undefined}
      />
      {canShare && (
        <Switch
          label={t('form.shared')}
          description={t('form.sharedHelp')}
          checked={fields.shared}
          onChange={(event) => set('shared', event.currentTarget.checked)}
        />
      )}
      <Switch
        label={t('form.default')}
        description={t('form.defaultHelp')}
        checked={fields.default}
        onChange={(event) => set('default', event.currentTarget.checked)}
      />
    </FormModal>
  );
}
