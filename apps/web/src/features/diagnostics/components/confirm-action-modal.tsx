import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { DiagnosticAction } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { deviceKind, deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import type { BatchDevice } from '../utils/run-batch.ts';

/** The devices a disruptive action is about to hit. */
export type ConfirmTarget = BatchDevice;

export interface ConfirmActionModalProps {
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
  const { t: tf } = useTranslation(FLEET_NS);
  const one = targets.length === 1 ? targets[0] : undefined;
  // "Cradlepoint E300 00E4 (5G Appliance) at Acme Albuquerque South": what it is and where, not its MAC.
  const describe = (target: ConfirmTarget) =>
    t('confirm.device', {
      name: target.name,
      kind: tf(deviceKindLabelKey(target.kind)),
      site: target.site.name,
    });
  const title = one
    ? t(`confirm.${action === 'reboot' ? 'rebootTitle' : 'portsTitle'}`, { device: describe(one) })
    : action === 'reboot'
      ? t('confirm.rebootManyTitle', { count: targets.length })
      : t('confirm.manyTitle', { action: t(`actions.${action}.label`), count: targets.length });
  // A reboot says what loses service for that kind of device: a site's internet, a switch's ports, Wi-Fi.
  const consequence =
    action !== 'reboot'
      ? t('confirm.portsConsequence', { ports: ports.join(', '), count: ports.length })
      : one
        ? t(`confirm.rebootEffect.${deviceKind(one)}`, { site: one.site.name })
        : t('confirm.rebootConsequence', { count: targets.length });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md" data-testid="confirm-modal">
      <Stack>
        {one ? (
          <Text size="sm" c="dimmed" data-testid="confirm-mac">
            {t('confirm.mac', { mac: one.macAddress })}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {targets.slice(0, LISTED).map((target) => (
              <List.Item key={target.id}>{describe(target)}</List.Item>
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
