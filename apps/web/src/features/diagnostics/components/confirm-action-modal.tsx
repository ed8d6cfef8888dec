import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { DiagnosticAction } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';

/** The devices a disruptive action is about to hit. */
export interface ConfirmTarget {
  macAddress: string;
  site: { name: string };
}

interface ConfirmActionModalProps {
  opened: boolean;
  action: DiagnosticAction;
  targets: readonly ConfirmTarget[];
  /** For disableLanPorts: the ports to turn off. */
  ports?: readonly number[];
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const LISTED = 8;

/** Asks before a disruptive action (reboot, disabling ports), naming the device(s) and what will happen. */
export function ConfirmActionModal({
  opened,
  action,
  targets,
  ports = [],
  loading,
  onConfirm,
  onClose,
}: ConfirmActionModalProps) {
  const { t } = useTranslation('diagnostics');
  const one = targets.length === 1 ? targets[0] : undefined;
  const title = one
    ? t(`confirm.${action === 'reboot' ? 'rebootTitle' : 'portsTitle'}`, { mac: one.macAddress })
    : action === 'reboot'
      ? t('confirm.rebootManyTitle', { count: targets.length })
      : t('confirm.manyTitle', { action: t(`actions.${action}.label`), count: targets.length });
  const consequence =
    action === 'reboot'
      ? t('confirm.rebootConsequence', { count: targets.length })
      : t('confirm.portsConsequence', { ports: ports.join(', '), count: ports.length });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md" data-testid="confirm-modal">
      <Stack>
        {one ? (
          <Text size="sm">{t('confirm.device', { mac: one.macAddress, site: one.site.name })}</Text>
        ) : (
          <List size="sm" spacing={2}>
            {targets.slice(0, LISTED).map((target) => (
              <List.Item key={target.macAddress}>
                {t('confirm.device', { mac: target.macAddress, site: target.site.name })}
              </List.Item>
            ))}
            {targets.length > LISTED && (
              <List.Item>{t('confirm.more', { count: targets.length - LISTED })}</List.Item>
            )}
          </List>
        )}
        <Text size="sm" fw={600}>
          {consequence}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-testid="confirm-run">
            {t(`confirm.${action === 'reboot' ? 'rebootButton' : 'portsButton'}`, { count: targets.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
