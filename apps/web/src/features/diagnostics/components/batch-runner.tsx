import { Button, Group, Text } from '@mantine/core';
import { IconHistory, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderMenu } from '../../../components/header-menu.tsx';
import { LazySelect } from '../../../components/lazy-select.tsx';
import { formatDate } from '../../../lib/format.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useRecentBatches } from '../api/get-recent-batches.ts';
import { diagnosticsKeys } from '../api/keys.ts';
import { runAction } from '../api/run-action.ts';
import { BATCH_ACTIONS, type BatchAction, isBatchAction, isDisruptive } from '../utils/access.ts';
import { type BatchDevice, startBatch } from '../utils/run-batch.ts';
import type { ShownBatch } from './batch-drawer.tsx';
import { ConfirmActionModalLater, preloadConfirmation } from './confirm-action-later.tsx';

interface BatchRunnerProps {
  /** The chosen devices. */
  devices: readonly BatchDevice[];
  /** Called once the calls are made (e.g. to clear the selection). */
  onStarted?: () => void;
}

// The results' drawer (Mantine's Drawer: FocusTrap, ScrollArea) and the reboot's confirmation (Modal) are no
// part of the list's first load, nor fetched once it has drawn (with them Popover and floating-ui): they load when
// Run is pointed at, focused or pressed, and are mounted from their first opening on.
const drawer = preloadable(() => import('./batch-drawer.tsx').then((m) => m.BatchDrawer));
const prefetch = () => {
  void drawer.preload().catch(() => undefined);
  preloadConfirmation();
};

/** The caller's latest batches (kept by the server, so also after a reload): choosing one reopens it. */
function RecentBatchesMenu({ onOpen }: { onOpen: (batch: ShownBatch) => void }) {
  const { t } = useTranslation('diagnostics');
  const recent = useRecentBatches();
  const batches = recent.data ?? [];
  if (batches.length === 0) return null;
  return (
    <HeaderMenu
      target={
        <Button
          variant="default"
          leftSection={<IconHistory size={16} aria-hidden />}
          data-testid="batch-recent"
        >
          {t('batch.recent')}
        </Button>
      }
      title={t('batch.recent')}
      items={(Item) =>
        batches.map((batch) => (
          <Item
            key={batch.batchId}
            onClick={() => onOpen({ batchId: batch.batchId, action: batch.action })}
            data-testid="batch-recent-item"
          >
            <Text size="sm">
              {t('batch.recentItem', {
                action: t(`actions.${batch.action}.label`),
                count: batch.summary.total,
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(batch.createdAt)}
            </Text>
          </Item>
        ))
      }
    />
  );
}

/**
 * Runs one no-input diagnostic (or a confirmed reboot) on every chosen device as a batch, then shows the
 * batch's results in a drawer; the latest batches can be reopened from a menu, also after a reload.
 */
export function BatchRunner({ devices, onStarted }: BatchRunnerProps) {
  const { t } = useTranslation('diagnostics');
  const client = useQueryClient();
  const [action, setAction] = useState<BatchAction>('wantest');
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [shown, setShown] = useState<ShownBatch | null>(null);
  const [drawerOpened, setDrawerOpened] = useState(false);

  const open = (batch: ShownBatch) => {
    setShown(batch);
    setDrawerOpened(true);
  };

  const begin = async () => {
    setStarting(true);
    try {
      const batch = await startBatch(action, devices, runAction);
      open({ batchId: batch.batchId, action: batch.action, started: batch });
      void client.invalidateQueries({ queryKey: diagnosticsKeys.recentBatches });
      onStarted?.();
    } finally {
      setStarting(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="wrap" data-testid="batch-runner">
        <LazySelect
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
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => (isDisruptive(action) ? setConfirming(true) : void begin())}
          data-testid="batch-run"
        >
          {t('batch.run', { count: devices.length })}
        </Button>
        <RecentBatchesMenu onOpen={open} />
      </Group>
      <ConfirmActionModalLater
        preloadWhenDrawn={false}
        opened={confirming}
        action={action}
        targets={devices}
        loading={starting}
        onConfirm={() => void begin()}
        onClose={() => setConfirming(false)}
      />
      {shown && (
        <Suspense fallback={null}>
          <drawer.Component opened={drawerOpened} shown={shown} onClose={() => setDrawerOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
