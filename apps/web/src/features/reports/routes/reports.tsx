import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Reports: online analytics and cellular billing reports (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconChartBar} title={t('reports.emptyTitle')} text={t('reports.emptyText')} />
    </PageFrame>
  );
}
