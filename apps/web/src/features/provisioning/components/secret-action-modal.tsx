import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeviceSecret, ProvisionedDevice } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';
import { toast } from '../../../lib/notify.ts';
import { useRevokeDeviceSecret } from '../api/revoke-device-secret.ts';
import { useRotateDeviceSecret } from '../api/rotate-device-secret.ts';
import { deviceLabel } from '../utils/device-form.ts';

interface SecretActionModalProps {
  action: 'rotate' | 'revoke';
  device: ProvisionedDevice;
  onClose: () => void;
  /** A rotation's new secret, to be shown once. */
  onRotated: (secret: DeviceSecret) => void;
}

/** Confirms a rotation (the old secret stops working at once) or a revocation (the device is cut off). */
export function SecretActionModal({ action, device, onClose, onRotated }: SecretActionModalProps) {
  const { t } = useTranslation('provisioning');
  const rotate = useRotateDeviceSecret();
  const revoke = useRevokeDeviceSecret();
  const name = deviceLabel(device);
  const pending = rotate.isPending || revoke.isPending;
  const confirm = () => {
    if (action === 'rotate') rotate.mutate(device.id, { onSuccess: onRotated });
    else
      revoke.mutate(device.id, {
        onSuccess: () => {
          toast(t('revoke.done', { name }));
          onClose();
        },
      });
  };
  return (
    <Modal opened onClose={onClose} title={t(`${action}.title`, { name })}>
      <Stack>
        <Text size="sm">{t(`${action}.text`, { name, mac: device.macAddress, site: device.site.name })}</Text>
        <FormError error={rotate.error ?? revoke.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button
            color={action === 'revoke' ? 'red' : undefined}
            onClick={confirm}
            loading={pending}
            data-autofocus
            data-testid={`${action}-confirm`}
          >
            {t(`${action}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
