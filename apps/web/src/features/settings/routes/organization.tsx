import { Paper, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useUserProfile } from '../../../lib/user-profile.ts';

/** Settings → My Organization: the organization's name now; its details come in a later issue. */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useUserProfile();
  return (
    <PageFrame>
      {user && (
        <Paper withBorder radius="md" p="md">
          <Text size="sm">{t('settings.organizationName')}</Text>
          <Text fw={600} size="lg" data-testid="organization-name">
            {user.organization.name}
          </Text>
        </Paper>
      )}
      <EmptyState
        icon={IconBuilding}
        title={t('settings.organizationEmptyTitle')}
        text={t('settings.organizationEmptyText')}
      />
    </PageFrame>
  );
}
