import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Tickets: support tickets sent from devices (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconTicket} title={t('tickets.emptyTitle')} text={t('tickets.emptyText')} />
    </PageFrame>
  );
}
