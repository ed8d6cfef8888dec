import { Button, Drawer, Group, Select } from '@mantine/core';
import { IconListDetails, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runAction } from '../api/run-action.ts';
import { BATCH_ACTIONS, type BatchAction, isBatchAction, isDisruptive } from '../utils/access.ts';
import { type BatchDevice, type StartedBatch, startBatch } from '../utils/run-batch.ts';
import { BatchResults } from './batch-results.tsx';
import { ConfirmActionModal } from './confirm-action-modal.tsx';

interface BatchRunnerProps {
  /** The chosen devices. */
  devices: readonly BatchDevice[];
  /** Called once the calls are made (e.g. to clear the selection). */
  onStarted?: () => void;
}

/**
 * Runs one no-input diagnostic (or a confirmed reboot) on every chosen device as a batch, then shows the
 * batch's results in a drawer that can be reopened until the next batch.
 */
export function BatchRunner({ devices, onStarted }: BatchRunnerProps) {
  const { t } = useTranslation('diagnostics');
  const [action, setAction] = useState<BatchAction>('wantest');
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<StartedBatch | null>(null);
  const [drawer, setDrawer] = useState(false);

  const begin = async () => {
    setStarting(true);
    try {
      const batch = await startBatch(action, devices, runAction);
      setStarted(batch);
      setDrawer(true);
      onStarted?.();
    } finally {
      setStarting(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="wrap" data-testid="batch-runner">
        <Select
          label={t('batch.action')}
          data={BATCH_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}.label`) }))}
          value={action}
          allowDeselect={false}
          onChange={(value) => isBatchAction(value) && setAction(value)}
          w={230}
          size="sm"
          data-testid="batch-action"
        />
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          color={isDisruptive(action) ? 'red' : undefined}
          disabled={devices.length === 0}
          loading={starting && !confirming}
          onClick={() => (isDisruptive(action) ? setConfirming(true) : void begin())}
          data-testid="batch-run"
        >
          {t('batch.run', { count: devices.length })}
        </Button>
        {started && (
          <Button
            variant="default"
            leftSection={<IconListDetails size={16} aria-hidden />}
            onClick={() => setDrawer(true)}
            data-testid="batch-reopen"
          >
            {t('batch.showResults')}
          </Button>
        )}
      </Group>
      <ConfirmActionModal
        opened={confirming}
        action={action}
        targets={devices}
        loading={starting}
        onConfirm={() => void begin()}
        onClose={() => setConfirming(false)}
      />
      <Drawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        title={started ? t('batch.title', { action: t(`actions.${started.action}.label`) }) : ''}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {started && <BatchResults started={started} />}
      </Drawer>
    </>
  );
}
