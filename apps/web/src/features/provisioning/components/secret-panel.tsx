import { Button, Group, Stack, Text } from '@mantine/core';
import type { DeviceSetup } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { ProvisioningModal } from './provisioning-modal.tsx';
import { SecretOnceWarning } from './secret-once-warning.tsx';

interface SecretPanelProps {
  /** The device, as the list names it. */
  deviceName: string;
  deviceId: string;
  secret: string;
  setup: DeviceSetup;
  /** The secret was just rotated (not the device's first). */
  rotated?: boolean;
  onClose: () => void;
}

/**
 * The one time a device's secret is shown: a clear warning, the secret and the exact setup (the agent's
 * configuration file and command, or OpenWISP's UCI lines), each with a copy button.
 */
export function SecretPanel({
  deviceName,
  deviceId,
  secret,
  setup,
  rotated = false,
  onClose,
}: SecretPanelProps) {
  const { t } = useTranslation('provisioning');
  return (
    <ProvisioningModal
      onClose={onClose}
      title={t(rotated ? 'secret.titleRotated' : 'secret.title', { name: deviceName })}
      size="xl"
    >
      <Stack>
        <SecretOnceWarning data-testid="secret-once-warning">{t('secret.onceText')}</SecretOnceWarning>
        <CopyField label={t('secret.deviceId')} value={deviceId} data-testid="secret-device-id" />
        <CopyField label={t('secret.secret')} value={secret} data-testid="secret-value" />
        {setup.driver === 'agent' ? (
          <>
            <Text size="sm">{t('secret.agentIntro', { path: setup.configPath })}</Text>
            <CopyField
              label={t('secret.agentConfig', { path: setup.configPath })}
              value={setup.config}
              block
              data-testid="secret-agent-config"
            />
            <CopyField
              label={t('secret.agentCommand')}
              value={setup.command}
              block
              data-testid="secret-agent-command"
            />
          </>
        ) : (
          <>
            <Text size="sm">{t('secret.openwispIntro')}</Text>
            <CopyField label={t('secret.openwispUrl')} value={setup.url} />
            <CopyField label={t('secret.openwispUuid')} value={setup.uuid} />
            <CopyField label={t('secret.openwispKey')} value={setup.key} />
            <CopyField
              label={t('secret.openwispLines')}
              value={setup.lines.join('\n')}
              block
              data-testid="secret-openwisp-lines"
            />
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="secret-done">
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </ProvisioningModal>
  );
}
