import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Settings → Notifications: the notification profile (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState
        icon={IconBell}
        title={t('settings.notificationsEmptyTitle')}
        text={t('settings.notificationsEmptyText')}
      />
    </PageFrame>
  );
}
