import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { showBanner } from '../../../lib/banner.ts';
import { errorText } from '../../../lib/error-handler.ts';
import { paths } from '../../../lib/paths.ts';
import { supportChat } from '../../../lib/support-chat.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { processSsoCallback, type SsoCallbackOutcome } from '../utils/sso-callback.ts';

// The provider's code is single use: one exchange per return address even if the screen mounts twice.
const outcomes = new Map<string, Promise<SsoCallbackOutcome>>();

function processOnce(url: string): Promise<SsoCallbackOutcome> {
  let pending = outcomes.get(url);
  if (!pending) {
    pending = processSsoCallback(url);
    outcomes.set(url, pending);
  }
  return pending;
}

/**
 * /login/callback and /login/callback/oauth: the single sign-on return (spec part 4). A processing screen,
 * then the console (originalUri or /); 'Okta user not authenticated. Please try again.' and /login without
 * an identity-provider session; 'An error occurred during authentication.' on any other failure.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { completeSignIn } = useSignInSteps();
  const [url] = useState(() => window.location.href);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    void processOnce(url).then(async (outcome) => {
      if (!active) return;
      if (outcome.kind === 'signed-in') {
        await completeSignIn(outcome.to);
        // Multi-factor validated by the provider: boot the chat widget (spec part 4).
        void supportChat.boot();
      } else if (outcome.kind === 'not-authenticated') {
        showBanner('danger', errorText('oktaNotAuthenticated'), { keepNext: true });
        await navigate(paths.login, { replace: true });
      } else {
        setFailed(true);
      }
    });
    return () => {
      active = false;
    };
  }, [url, completeSignIn, navigate]);

  if (!failed) {
    return (
      <PublicCard title={t('callback.processing')}>
        <Group gap="sm" role="status" wrap="nowrap">
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
