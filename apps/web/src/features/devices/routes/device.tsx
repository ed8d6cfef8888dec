import { IconRouter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Device: status, signal, ports and diagnostics of one device (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState
        icon={IconRouter}
        title={t('devices.deviceEmptyTitle')}
        text={t('devices.deviceEmptyText')}
      />
    </PageFrame>
  );
}
