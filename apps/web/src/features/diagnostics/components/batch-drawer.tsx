import { Drawer } from '@mantine/core';
import type { DiagnosticAction } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import type { StartedBatch } from '../utils/run-batch.ts';
import { BatchResults } from './batch-results.tsx';

/** The batch the drawer shows: one just started here, or one reopened from the recent list. */
export interface ShownBatch {
  batchId: string;
  action: DiagnosticAction;
  started?: StartedBatch;
}

/** A batch's results in a drawer on the right (`BatchRunner` loads it once the list has drawn). */
export function BatchDrawer({
  opened,
  shown,
  onClose,
}: {
  opened: boolean;
  shown: ShownBatch | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('diagnostics');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={shown ? t('batch.title', { action: t(`actions.${shown.action}.label`) }) : ''}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {shown && <BatchResults key={shown.batchId} {...shown} />}
    </Drawer>
  );
}
