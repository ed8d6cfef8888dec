import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** One dashboard by id (its widgets come in a later issue). */
export function Component() {
  const { t } = useTranslation();
  const { did = '' } = useParams();
  return (
    <PageFrame>
      <EmptyState
        icon={IconLayoutDashboard}
        title={t('dashboard.notFoundTitle')}
        text={t('dashboard.notFoundText', { id: did })}
      />
    </PageFrame>
  );
}
