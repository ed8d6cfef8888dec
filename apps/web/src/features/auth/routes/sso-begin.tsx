import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { showBanner } from '../../../lib/banner.ts';
import { errorText } from '../../../lib/error-handler.ts';
import { paths } from '../../../lib/paths.ts';
import { getSsoTile } from '../api/sso.ts';
import { beginSsoSignIn } from '../utils/sso-client.ts';

/**
 * /login/callback/login-via-okta?email=…&originalUri=…: begins the single sign-on redirect from an
 * identity-provider tile (spec part 2) to the provider of the address's organization.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email] = useState(() => params.get('email')?.trim() ?? '');
  const [originalUri] = useState(() => params.get('originalUri') ?? undefined);

  useEffect(() => {
    let active = true;
    const fail = async (message: string) => {
      if (!active) return;
      showBanner('danger', message, { keepNext: true });
      await navigate(paths.login, { replace: true });
    };
    void (async () => {
      const tile = email ? await getSsoTile(email).catch(() => undefined) : null;
      if (tile === undefined) return fail(errorText('authenticationError'));
      // No provider for this address: there is no identity-provider session to be had.
      if (tile === null) return fail(errorText('oktaNotAuthenticated'));
      if (!active) return;
      await beginSsoSignIn(tile, { email, originalUri, language: i18n.language }).catch(() =>
        fail(errorText('authenticationError')),
      );
    })();
    return () => {
      active = false;
    };
  }, [email, originalUri, i18n.language, navigate]);

  return (
    <PublicCard title={t('callback.processing')}>
      <Group gap="sm" role="status" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text>{t('sso.toProvider', { ns: 'auth' })}</Text>
      </Group>
    </PublicCard>
  );
}
