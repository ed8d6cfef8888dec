import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Alerts: active alerts of the organization (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconAlertTriangle} title={t('alerts.emptyTitle')} text={t('alerts.emptyText')} />
    </PageFrame>
  );
}
