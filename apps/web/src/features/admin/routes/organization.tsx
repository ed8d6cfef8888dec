import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Administration → Organization (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState
        icon={IconBuilding}
        title={t('admin.organizationEmptyTitle')}
        text={t('admin.organizationEmptyText')}
      />
    </PageFrame>
  );
}
