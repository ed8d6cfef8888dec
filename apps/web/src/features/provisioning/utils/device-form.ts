import {
  type CreateProvisionedDevice,
  CreateProvisionedDeviceSchema,
  type DeviceKind,
  type ProvisionedDevice,
  type ProvisioningDriver,
} from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../../lib/form-validation.ts';
import { provisioningMessage } from './messages.ts';

export interface DeviceFormValues {
  siteId: string | null;
  kind: DeviceKind | null;
  manufacturer: string;
  model: string;
  macAddress: string;
  driver: ProvisioningDriver;
}

export const emptyDeviceForm = (): DeviceFormValues => ({
  siteId: null,
  kind: null,
  manufacturer: '',
  model: '',
  macAddress: '',
  driver: 'agent',
});

/** The request the form's values make (checked by the shared schema before it is sent). */
export const toCreateRequest = (values: DeviceFormValues): CreateProvisionedDevice =>
  ({ ...values, siteId: values.siteId ?? '', kind: values.kind ?? '' }) as CreateProvisionedDevice;

/** The form's errors from the request schema: field → first message, in the current language. */
export function validateDeviceForm(
  values: DeviceFormValues,
  t: TFunction<'provisioning'>,
): Record<string, string> {
  const result = CreateProvisionedDeviceSchema.safeParse(toCreateRequest(values));
  if (result.success) return {};
  return fieldErrors(result.error.issues, (issue, field) =>
    // The form offers the kinds by name: its message does not list the CSV's words for them.
    field === 'kind' ? t('add.kindRequired') : provisioningMessage(issue.message, t),
  );
}

/** How a device is named in the list and the panels: its own name, else its model. */
export const deviceLabel = (device: Pick<ProvisionedDevice, 'name' | 'model'>) => device.name ?? device.model;
