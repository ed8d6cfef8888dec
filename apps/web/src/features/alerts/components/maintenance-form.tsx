import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarPlus } from '@tabler/icons-react';
import { MAINTENANCE_REASON_MAX } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ModalButton } from '../../../components/modal-button.tsx';
import { SiteMultiSelect } from '../../../components/site-multi-select.tsx';
import { fieldRefusal } from '../../../lib/error-handler.ts';
import { toast } from '../../../lib/notify.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { useCreateMaintenanceWindow } from '../api/create-maintenance-window.ts';
import { isoToLocal } from '../utils/alert-list-state.ts';
import {
  initialMaintenanceValues,
  type MaintenanceFormValues,
  maintenanceFormErrors,
  maintenanceMessage,
  maintenanceRequest,
} from '../utils/maintenance-form.ts';

const FIELDS = ['siteIds', 'groupId', 'startsAt', 'endsAt', 'reason'] as const;

// The window's two ends: its form field, and the name its label and test id go by.
const bounds = [
  { field: 'startsAt', name: 'start' },
  { field: 'endsAt', name: 'end' },
] as const;

/** A 400 about one field (the server's own check), to show under that field. */
function fieldOfError(
  error: unknown,
  t: TFunction,
): { field: (typeof FIELDS)[number]; message: string } | null {
  const refused = fieldRefusal(error, FIELDS);
  return refused && { field: refused.field, message: maintenanceMessage(refused.message, t) };
}

function MaintenanceForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const create = useCreateMaintenanceWindow();
  const groups = useSiteGroups();
  const form = useForm<MaintenanceFormValues>({
    initialValues: initialMaintenanceValues(new Date(), isoToLocal),
    validate: (values) => maintenanceFormErrors(values, t),
  });

  const onSubmit = form.onSubmit((values) => {
    const request = maintenanceRequest(values);
    if (!request) return;
    create.mutate(request, {
      onSuccess: (created) => {
        onClose();
        toast(t('maintenance.scheduled', { count: created.sites.length, reason: created.reason }));
      },
      onError: (error) => {
        const field = fieldOfError(error, t);
        if (field) form.setFieldError(field.field, field.message);
      },
    });
  });
  const fieldError = fieldOfError(create.error, t);

  return (
    <form noValidate onSubmit={onSubmit} data-testid="maintenance-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('maintenance.form.intro')}
        </Text>
        <SiteMultiSelect
          {...form.getInputProps('siteIds')}
          value={form.values.siteIds}
          onChange={(ids) => form.setFieldValue('siteIds', ids)}
          label={t('maintenance.form.sites')}
          placeholder={form.values.siteIds.length ? undefined : t('maintenance.form.sitesPlaceholder')}
          data-autofocus
          data-testid="maintenance-sites"
        />
        <Select
          {...form.getInputProps('groupId')}
          label={t('maintenance.form.group')}
          placeholder={t('maintenance.form.groupPlaceholder')}
          data={(groups.data ?? []).map((group) => ({
            value: group.id,
            label: t('maintenance.form.groupOption', { name: group.name, count: group.siteIds.length }),
          }))}
          clearable
          searchable
          nothingFoundMessage={t('filters.noGroups')}
          data-testid="maintenance-group"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {bounds.map(({ field, name }) => (
            <TextInput
              key={field}
              {...form.getInputProps(field)}
              type="datetime-local"
              label={t(`maintenance.form.${name}`)}
              required
              data-testid={`maintenance-${name}`}
            />
          ))}
        </SimpleGrid>
        <CountedTextarea
          {...form.getInputProps('reason')}
          label={t('maintenance.form.reason')}
          placeholder={t('maintenance.form.reasonPlaceholder')}
          max={MAINTENANCE_REASON_MAX}
          rows={3}
          required
          data-testid="maintenance-reason"
        />
        <Text size="xs" c="dimmed">
          {t('maintenance.form.effect')}
        </Text>
        <ModalActions
          error={fieldError ? null : create.error}
          cancelLabel={t('cancel')}
          submitLabel={t('maintenance.form.submit')}
          onCancel={onClose}
          loading={create.isPending}
          lockCancel
          submitTestId="maintenance-submit"
        />
      </Stack>
    </form>
  );
}

/** "Schedule a window": the form in a modal (full screen on a phone). */
export function ScheduleMaintenanceButton() {
  const { t } = useTranslation('alerts');
  return (
    <ModalButton
      label={t('maintenance.schedule')}
      icon={IconCalendarPlus}
      data-testid="maintenance-schedule"
      title={t('maintenance.form.title')}
      size="lg"
    >
      {(close) => <MaintenanceForm onClose={close} />}
    </ModalButton>
  );
}
