import { Checkbox, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_PRESETS,
  type Webhook,
  type WebhookCreate,
  WebhookCreateSchema,
  type WebhookEvent,
  type WebhookPreset,
} from '@vnoc/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal.tsx';
import { SiteGroupMultiSelect } from '../../../../components/site-group-multi-select.tsx';
import { SiteMultiSelect } from '../../../../components/site-multi-select.tsx';
import { fieldErrors } from '../../../../lib/form-validation.ts';

export type WebhookFormValues = {
  name: string;
  preset: WebhookPreset;
  url: string;
  events: WebhookEvent[];
  siteIds: string[];
  groupIds: string[];
  routingKey: string;
  username: string;
  password: string;
};

function valuesOf(webhook: Webhook | null): WebhookFormValues {
  return {
    name: webhook?.name ?? '',
    preset: webhook?.preset ?? 'generic',
    url: webhook?.url ?? '',
    events: webhook?.events ?? ['alert.raised', 'alert.acknowledged', 'alert.cleared'],
    siteIds: webhook?.siteIds ?? [],
    groupIds: webhook?.groupIds ?? [],
    routingKey: '',
    username: webhook?.settings.username ?? '',
    password: '',
  };
}

/** The request of the form's values: settings the preset does not use are left out, empty ones keep the stored. */
export function requestOf(values: WebhookFormValues): WebhookCreate {
  const settings =
    values.preset === 'pagerduty'
      ? { routingKey: values.routingKey || undefined }
      : values.preset === 'servicenow'
        ? { username: values.username || undefined, password: values.password || undefined }
        : {};
  return {
    name: values.name,
    preset: values.preset,
    url: values.url,
    events: values.events,
    siteIds: values.siteIds,
    groupIds: values.groupIds,
    settings,
  };
}

// The shared schema's messages, as keys of this screen's namespace.
const messageKeys: Record<string, string> = {
  'Enter a name.': 'validation.name',
  'Enter the address to send to.': 'validation.url',
  'Choose at least one event.': 'validation.events',
  'Enter the PagerDuty routing key.': 'validation.routingKey',
  'Enter the ServiceNow user name and password.': 'validation.account',
};

/**
 * A preset's secret (PagerDuty's routing key, ServiceNow's password), never shown again once stored: left blank,
 * the stored one stays (said under the field), so it is required only when none is stored.
 */
function SecretInput({
  form,
  name,
  stored = false,
  autoComplete,
}: {
  form: UseFormReturnType<WebhookFormValues>;
  name: 'routingKey' | 'password';
  stored?: boolean;
  autoComplete: string;
}) {
  const { t } = useTranslation('adminWebhooks');
  return (
    <PasswordInput
      {...form.getInputProps(name)}
      key={form.key(name)}
      label={t(`form.${name}`)}
      description={stored ? t('form.storedHelp') : undefined}
      autoComplete={autoComplete}
      required={!stored}
    />
  );
}

interface WebhookFormModalProps {
  opened: boolean;
  /** null: a new destination. */
  webhook: Webhook | null;
  loading: boolean;
  failure: unknown;
  onClose: () => void;
  onSubmit: (values: WebhookFormValues) => void;
}

/** Registers or changes a destination: its format, address, events and sites, and what its preset needs. */
export function WebhookFormModal({
  opened,
  webhook,
  loading,
  failure,
  onClose,
  onSubmit,
}: WebhookFormModalProps) {
  const { t } = useTranslation('adminWebhooks');
  const form = useForm<WebhookFormValues>({
    initialValues: valuesOf(webhook),
    validate: (values) => {
      const request = requestOf(values);
      // A stored key or password is kept when left empty: it counts as given.
      if (webhook?.settings.routingKey && !request.settings.routingKey)
        request.settings.routingKey = 'stored';
      if (webhook?.settings.password && !request.settings.password) request.settings.password = 'stored';
      const parsed = WebhookCreateSchema.safeParse(request);
      if (parsed.success) return {};
      return fieldErrors(
        parsed.error.issues,
        (issue) => t(messageKeys[issue.message] ?? 'validation.invalid'),
        ([first, second]) => (first === 'settings' ? (second ?? 'routingKey') : (first ?? 'name')),
      );
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another destination (or none) opens
  useEffect(() => {
    if (opened) form.setValues(valuesOf(webhook));
  }, [opened, webhook?.id]);
  const preset = form.getValues().preset;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={webhook ? t('form.editTitle', { name: webhook.name }) : t('form.createTitle')}
      size="lg"
      onSubmit={form.onSubmit(onSubmit)}
      submitLabel={webhook ? t('actions.save') : t('actions.create')}
      loading={loading}
      error={failure}
      submitTestId="webhook-submit"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('form.name')}
          required
          data-autofocus
        />
        <Select
          {...form.getInputProps('preset')}
          key={form.key('preset')}
          label={t('form.preset')}
          data={WEBHOOK_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
          allowDeselect={false}
          required
        />
      </SimpleGrid>
      <TextInput
        {...form.getInputProps('url')}
        key={form.key('url')}
        label={t('form.url')}
        description={t(`urlHelp.${preset}`)}
        placeholder="https://"
        type="url"
        autoComplete="off"
        required
      />
      {preset === 'pagerduty' && (
        <SecretInput form={form} name="routingKey" stored={webhook?.settings.routingKey} autoComplete="off" />
      )}
      {preset === 'servicenow' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            {...form.getInputProps('username')}
            key={form.key('username')}
            label={t('form.username')}
            autoComplete="off"
            required
          />
          <SecretInput
            form={form}
            name="password"
            stored={webhook?.settings.password}
            autoComplete="new-password"
          />
        </SimpleGrid>
      )}
      <Checkbox.Group
        {...form.getInputProps('events')}
        key={form.key('events')}
        label={t('form.events')}
        required
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(`events.${event}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <SiteMultiSelect
        value={form.getValues().siteIds}
        onChange={(ids) => form.setFieldValue('siteIds', ids)}
        knownNames={new Map(webhook?.sites.map((site) => [site.id, site.name]))}
        label={t('form.sites')}
        description={t('form.sitesHelp')}
        clearable
      />
      <SiteGroupMultiSelect {...form.getInputProps('groupIds')} key={form.key('groupIds')} />
    </FormModal>
  );
}
