import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Site overview: one site with its devices and alerts (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState
        icon={IconBuildingStore}
        title={t('sites.overviewEmptyTitle')}
        text={t('sites.overviewEmptyText')}
      />
    </PageFrame>
  );
}
