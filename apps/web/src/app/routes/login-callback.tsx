import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicCard } from '../../components/public-card.tsx';
import { errorText } from '../../lib/error-handler.ts';
import { paths } from '../../lib/paths.ts';

// Spec part 4: the callback waits 500 ms before exchanging the identity provider's token.
const CALLBACK_WAIT_MS = 500;

/**
 * Single sign-on return (/login/callback and /login/callback/oauth): a processing screen, then the
 * outcome. No identity provider is configured yet, so there is no token to exchange and it fails
 * with the spec's default message.
 */
export function Component() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFailed(true), CALLBACK_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!failed) {
    return (
      <PublicCard title={t('callback.processing')}>
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('callback.processingText')}</Text>
        </Group>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('callback.failedTitle')}>
      <Alert
        color="red"
        variant="light"
        icon={<IconCircleX size={20} aria-hidden />}
        role="alert"
        data-testid="callback-error"
      >
        {errorText('authenticationError')}
      </Alert>
      <Button component={Link} to={paths.login}>
        {t('common.backToLogin')}
      </Button>
    </PublicCard>
  );
}
