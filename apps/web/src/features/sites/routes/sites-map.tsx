import { IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

/** Map Overview: sites on a map coloured by status (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState icon={IconMap2} title={t('sites.mapEmptyTitle')} text={t('sites.mapEmptyText')} />
    </PageFrame>
  );
}
