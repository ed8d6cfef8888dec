import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Settings → Groups: site groups (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState
        icon={IconFolders}
        title={t('settings.groupsEmptyTitle')}
        text={t('settings.groupsEmptyText')}
      />
    </PageFrame>
  );
}
