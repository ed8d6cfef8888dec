import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Advanced Search (ADMINISTRATOR only): search sites and devices (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconSearch} title={t('sites.searchEmptyTitle')} text={t('sites.searchEmptyText')} />
    </PageFrame>
  );
}
