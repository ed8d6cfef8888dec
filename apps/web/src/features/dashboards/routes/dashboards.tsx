import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/user-name.ts';
import { useUserProfile } from '../../../lib/user-profile.ts';
import { DashboardScreen } from '../components/dashboard-screen.tsx';

/** Dashboards (/dashboard): greets the signed-in user, then opens their default dashboard (the base one `vnoc` unless another is set). */
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
    <DashboardScreen
      heading={heading}
      subheading={
        user ? (
          <Text data-testid="dashboard-organization" mt={-12}>
            {t('dashboard.organization', {
              organization: user.organization.name,
              role: t(`roles.${user.role}`),
            })}
          </Text>
        ) : null
      }
    />
  );
}
