import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { PeopleList } from '../components/people-list.tsx';

/** Support: the provider's SUPPORT staff find a customer's person and act as them with an access code. */
export function Component() {
  const { t } = useTranslation('support');
  const { claims } = useAuth();
  return (
    <PageFrame>
      {claims?.role === 'SUPPORT' && !claims.impersonatedBy ? (
        <PeopleList />
      ) : (
        <EmptyState icon={IconLock} title={t('notSupport.title')} text={t('notSupport.text')} />
      )}
    </PageFrame>
  );
}
