import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Administration → Users (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconUsers} title={t('admin.usersEmptyTitle')} text={t('admin.usersEmptyText')} />
    </PageFrame>
  );
}
