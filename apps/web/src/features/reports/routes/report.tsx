import { IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Report: one report with its date range (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageFrame>
      <EmptyState
        icon={IconReportAnalytics}
        title={t('reports.reportEmptyTitle')}
        text={t('reports.reportEmptyText', { id })}
      />
    </PageFrame>
  );
}
