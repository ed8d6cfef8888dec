import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { showBanner } from '../../../lib/banner.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { i18n } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { exchangeImpersonationCode } from '../api/impersonate.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterImpersonation } from '../utils/next-step.ts';

// An access code is single use: one exchange per code even if the screen mounts twice.
const exchanges = new Map<string, Promise<boolean>>();

function exchangeOnce(code: string): Promise<boolean> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = (async () => {
      // Spec part 2: "It logs out any current session" before the new token is stored.
      authStore.logout();
      try {
        await exchangeImpersonationCode(code);
      } catch (error) {
        // Shown on /login, where the failed exchange leads; a used or expired code answers 401.
        const expired = error instanceof ApiError && error.status === 401;
        showBanner('danger', expired ? i18n.t('impersonate.invalid', { ns: 'auth' }) : errorMessage(error), {
          keepNext: true,
        });
      }
      return authStore.get().jwt !== null;
    })();
    exchanges.set(code, pending);
  }
  return pending;
}

/** /impersonate?jwt=: exchanges a support access code for a session as the target user. */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { completeSignIn } = useSignInSteps();
  const [code] = useState(() => params.get('jwt'));

  useEffect(() => {
    let active = true;
    // Removes the code from the address bar (and history) at once.
    void navigate(paths.impersonate, { replace: true });
    if (!code) {
      void navigate(paths.login, { replace: true });
      return;
    }
    void exchangeOnce(code).then(async (stored) => {
      if (!active) return;
      const next = nextAfterImpersonation(stored);
      if (next === paths.login) {
        await navigate(paths.login, { replace: true });
        return;
      }
      // Spec part 2's notice 'Impersonate:active' is the main layout's impersonation banner (claims.impersonatedBy),
      // shown for as long as the impersonation lasts; a second, transient copy here would only repeat it.
      await completeSignIn(next);
    });
    return () => {
      active = false;
    };
  }, [code, completeSignIn, navigate]);

  return (
    <PublicCard title={t('impersonate.title')}>
      <Center py="md">
        <Stack align="center" gap="sm">
          <Loader size="md" aria-hidden />
          <Text size="sm" role="status">
            {t('impersonate.working')}
          </Text>
        </Stack>
      </Center>
    </PublicCard>
  );
}
