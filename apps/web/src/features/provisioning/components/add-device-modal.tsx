import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEVICE_KINDS,
  type ProvisionedDeviceWithSecret,
  type ProvisioningDriver,
  type ProvisioningSite,
} from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../components/form-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { useCreateProvisionedDevice } from '../api/create-provisioned-device.ts';
import {
  type DeviceFormValues,
  emptyDeviceForm,
  toCreateRequest,
  validateDeviceForm,
} from '../utils/device-form.ts';
import { ProvisioningModal } from './provisioning-modal.tsx';

/** The device's maker and model: two required names, each with an example of one. */
const MAKE_FIELDS = [
  { field: 'manufacturer', example: 'GL.iNet' },
  { field: 'model', example: 'GL-MT3000' },
] as const;

interface AddDeviceModalProps {
  organizationName: string;
  sites: ProvisioningSite[];
  onClose: () => void;
  /** The device was added: its secret and setup, to be shown once. */
  onAdded: (created: ProvisionedDeviceWithSecret) => void;
}

const siteLabel = (site: ProvisioningSite) =>
  [site.name, site.alias, site.city].filter((part): part is string => Boolean(part)).join(' · ');

/** "Add device": the site of the organization, kind, manufacturer, model, MAC and how it connects. */
export function AddDeviceModal({ organizationName, sites, onClose, onAdded }: AddDeviceModalProps) {
  const { t } = useTranslation('provisioning');
  // Written out, so the locale test sees each key.
  const makeLabels = { manufacturer: t('add.manufacturer'), model: t('add.model') };
  const create = useCreateProvisionedDevice();
  const form = useForm<DeviceFormValues>({
    initialValues: emptyDeviceForm(),
    validate: (values) => validateDeviceForm(values, t),
  });
  useErrorsFollowLanguage(form);

  const submit = form.onSubmit((values) => {
    create.mutate(toCreateRequest(values), {
      onSuccess: onAdded,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          form.setFieldError('macAddress', t('validation.macTaken'));
      },
    });
  });
  const failure = create.error instanceof ApiError && create.error.status === 409 ? null : create.error;

  return (
    <ProvisioningModal onClose={onClose} title={t('add.title', { organization: organizationName })} size="lg">
      <ModalForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={t('add.submit')}
        loading={create.isPending}
        error={failure}
        submitTestId="add-device-submit"
      >
        <Select
          label={t('add.site')}
          placeholder={t('add.sitePlaceholder')}
          data={sites.map((site) => ({ value: site.id, label: siteLabel(site) }))}
          searchable
          nothingFoundMessage={t('add.noSite')}
          required
          data-autofocus
          {...form.getInputProps('siteId')}
        />
        <Select
          label={t('add.kind')}
          placeholder={t('add.kindPlaceholder')}
          data={DEVICE_KINDS.map((kind) => ({
            value: kind,
            label: t(deviceKindLabelKey(kind), { ns: 'fleet' }),
          }))}
          required
          {...form.getInputProps('kind')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {MAKE_FIELDS.map(({ field, example }) => (
            <TextInput
              key={field}
              label={makeLabels[field]}
              placeholder={example}
              required
              maxLength={100}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <TextInput
          label={t('add.mac')}
          description={t('add.macHelp')}
          placeholder="aa:bb:cc:dd:ee:ff"
          required
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('macAddress')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="add-driver-label">
            {t('add.driver')}
          </Text>
          <SegmentedControl
            aria-labelledby="add-driver-label"
            data={[
              { value: 'agent', label: t('driver.agent') },
              { value: 'openwisp', label: t('driver.openwisp') },
            ]}
            value={form.values.driver}
            onChange={(value) => form.setFieldValue('driver', value as ProvisioningDriver)}
          />
          <Text size="xs" c="dimmed">
            {t(`add.driverHelp.${form.values.driver}`)}
          </Text>
        </Stack>
      </ModalForm>
    </ProvisioningModal>
  );
}
