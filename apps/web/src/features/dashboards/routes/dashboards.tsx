import { Skeleton, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { displayName } from '../../../lib/user-name.ts';
import { useUserProfile } from '../../../lib/user-profile.ts';

/** Dashboards: greets the signed-in user; the dashboards themselves come in a later issue. */
export function Component() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUserProfile();
  const name = displayName(user);
  const heading =
    isPending && !user ? (
      <Skeleton height={32} width={260} />
    ) : name ? (
      t('dashboard.greeting', { name })
    ) : (
      t('dashboard.greetingAnonymous')
    );
  return (
    <PageFrame title={heading}>
      {user && (
        <Text data-testid="dashboard-organization" mt={-12}>
          {t('dashboard.organization', {
            organization: user.organization.name,
            role: t(`roles.${user.role}`),
          })}
        </Text>
      )}
      <EmptyState
        icon={IconLayoutDashboard}
        title={t('dashboard.emptyTitle')}
        text={t('dashboard.emptyText')}
      />
    </PageFrame>
  );
}
