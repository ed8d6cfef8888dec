import {
  Button,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  API_KEY_ROLES,
  type ApiKeyRole,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  DISPLAY_CYCLE_DEFAULT_SECONDS,
} from '@vnoc/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../../components/copy-field.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { SiteGroupMultiSelect } from '../../../../components/site-group-multi-select.tsx';
import { displayLink } from '../../../../lib/display-key.ts';
import { useSharedDashboards } from '../api/api-keys.ts';

/** How long a new key lives: none (until revoked) or a number of days. */
export const EXPIRY_CHOICES = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRY_CHOICES)[number];

/** The key's two choices from a list: each with its choices and where their words are (a role must be chosen). */
const CHOICE_FIELDS = [
  { field: 'role', choices: API_KEY_ROLES, words: 'roles', required: true },
  { field: 'expiry', choices: EXPIRY_CHOICES, words: 'expiry', required: false },
] as const;

export interface ApiKeyFormValues {
  name: string;
  role: ApiKeyRole;
  siteGroupIds: string[];
  dashboardIds: string[];
  cycleSeconds: number | string;
  expiry: Expiry;
}

const empty: ApiKeyFormValues = {
  name: '',
  role: 'READ_ONLY',
  siteGroupIds: [],
  dashboardIds: [],
  cycleSeconds: DISPLAY_CYCLE_DEFAULT_SECONDS,
  expiry: '90',
};

/** The request the form's values make, the expiry counted from `now`. */
export function requestOf(values: ApiKeyFormValues, now = Date.now()): CreateApiKeyRequest {
  const display = values.role === 'DISPLAY';
  return {
    name: values.name,
    role: values.role,
    siteGroupIds: values.role === 'ADMINISTRATOR' ? [] : values.siteGroupIds,
    dashboardIds: display ? values.dashboardIds.map(Number) : [],
    cycleSeconds: display ? Number(values.cycleSeconds) || DISPLAY_CYCLE_DEFAULT_SECONDS : undefined,
    expiresAt:
      values.expiry === 'never' ? null : new Date(now + Number(values.expiry) * 86_400_000).toISOString(),
  };
}

interface ApiKeyFormModalProps {
  opened: boolean;
  loading: boolean;
  failure: unknown;
  /** The key just made: shown once, in place of the form. */
  made: CreatedApiKey | null;
  onClose: () => void;
  onSubmit: (values: ApiKeyFormValues) => void;
}

/**
 * Make an API key (issue 38): a name, a role (a display, issue 37: its dashboards and how long each shows), the
 * site groups it is limited to and how long it lives. Once made, the key shows here once, with a copy button
 * and the warning that it is not shown again.
 */
export function ApiKeyFormModal({ opened, loading, failure, made, onClose, onSubmit }: ApiKeyFormModalProps) {
  const { t } = useTranslation('apiKeys');
  // Written out, so the locale test sees each key.
  const choiceLabels = { role: t('form.role'), expiry: t('form.expiry') };
  const form = useForm<ApiKeyFormValues>({
    initialValues: empty,
    validate: {
      name: (value) => (value.trim() ? null : t('validation.name')),
      dashboardIds: (value, values) =>
        values.role === 'DISPLAY' && value.length === 0 ? t('validation.dashboards') : null,
      cycleSeconds: (value, values) => {
        const n = Number(value);
        return values.role === 'DISPLAY' && !(Number.isInteger(n) && n >= 5 && n <= 3600)
          ? t('validation.cycle')
          : null;
      },
    },
  });
  const role = form.values.role;
  const dashboards = useSharedDashboards(opened && role === 'DISPLAY');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new form each time the dialog opens
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  if (made)
    return (
      <Modal opened={opened} onClose={onClose} title={t('made.title', { name: made.apiKey.name })} size="lg">
        <Stack gap="md" data-testid="api-key-made">
          <Notice color="orange" icon={IconAlertTriangle} title={t('made.onceTitle')}>
            {t('made.onceText')}
          </Notice>
          <CopyField label={t('made.key')} value={made.key} data-testid="api-key-value" />
          {made.apiKey.role === 'DISPLAY' ? (
            <>
              <CopyField
                label={t('made.displayLink')}
                value={displayLink(window.location.origin, made.key)}
                data-testid="api-key-display-link"
              />
              <Text size="sm" c="dimmed">
                {t('made.displayUsage')}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('made.usage')}
            </Text>
          )}
          <Button onClick={onClose} style={{ alignSelf: 'flex-end' }} data-autofocus>
            {t('actions.done')}
          </Button>
        </Stack>
      </Modal>
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('form.title')}
      size="lg"
      onSubmit={form.onSubmit(onSubmit)}
      submitLabel={t('actions.create')}
      loading={loading}
      error={failure}
      submitTestId="api-key-submit"
    >
      <TextInput
        {...form.getInputProps('name')}
        key={form.key('name')}
        label={t('form.name')}
        description={t('form.nameHelp')}
        required
        maxLength={100}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        {CHOICE_FIELDS.map(({ field, choices, words, required }) => (
          <Select
            {...form.getInputProps(field)}
            key={form.key(field)}
            label={choiceLabels[field]}
            data={choices.map((value) => ({ value, label: t(`${words}.${value}`) }))}
            allowDeselect={false}
            required={required}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt={-8}>
        {t(`roleHelp.${role}`)}
      </Text>
      {role !== 'ADMINISTRATOR' && (
        <SiteGroupMultiSelect
          {...form.getInputProps('siteGroupIds')}
          key={form.key('siteGroupIds')}
          description={t('form.siteGroupsHelp')}
        />
      )}
      {role === 'DISPLAY' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <MultiSelect
            {...form.getInputProps('dashboardIds')}
            key={form.key('dashboardIds')}
            label={t('form.dashboards')}
            description={t('form.dashboardsHelp')}
            data={(dashboards.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            placeholder={dashboards.data?.length === 0 ? t('form.noDashboards') : undefined}
            required
            searchable
          />
          <NumberInput
            {...form.getInputProps('cycleSeconds')}
            key={form.key('cycleSeconds')}
            label={t('form.cycle')}
            description={t('form.cycleHelp')}
            min={5}
            max={3600}
            allowDecimal={false}
          />
        </SimpleGrid>
      )}
    </FormModal>
  );
}
