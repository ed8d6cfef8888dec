import { Group, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicCard } from '../../components/public-card.tsx';
import { showBanner } from '../../lib/banner.ts';
import { errorText } from '../../lib/error-handler.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Single sign-on from an identity-provider tile. It needs an authenticated identity-provider session;
 * none exists (no provider is configured yet), so: 'Okta user not authenticated. Please try again.' and /login.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    showBanner('danger', errorText('oktaNotAuthenticated'), { keepNext: true });
    void navigate(paths.login, { replace: true });
  }, [navigate]);
  return (
    <PublicCard title={t('callback.processing')}>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('callback.redirecting')}</Text>
      </Group>
    </PublicCard>
  );
}
