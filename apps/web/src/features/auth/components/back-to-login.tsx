import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authStore } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/paths.ts';
import { logout } from '../api/logout.ts';

/**
 * "Back to sign in". On a step screen (signOut) the step token is revoked and the spec's logout runs
 * first, so the captivity path no longer holds the user.
 */
export function BackToLogin({ signOut = false }: { signOut?: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Anchor
      component={Link}
      to={paths.login}
      size="sm"
      onClick={async (event) => {
        event.preventDefault();
        if (signOut) await logout();
        else authStore.setCaptivity(null);
        await navigate(paths.login);
      }}
    >
      {signOut ? t('actions.signOutAndBack') : t('actions.backToLogin')}
    </Anchor>
  );
}
