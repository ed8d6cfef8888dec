import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** All Devices: every device of the organization (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconDevices} title={t('devices.emptyTitle')} text={t('devices.emptyText')} />
    </PageFrame>
  );
}
