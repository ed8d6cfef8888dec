import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMessageReport, IconUser } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HeaderMenu } from '../../components/header-menu.tsx';
import { signOutOfProvider } from '../../features/auth/utils/sso-sign-out.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore, useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { ownCustomerSession } from '../../lib/permissions.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { displayName, initials } from '../../lib/user-name.ts';

const FeedbackModal = preloadable(() =>
  import('../../features/feedback/components/feedback-modal.tsx').then((m) => m.FeedbackModal),
).Component;

/** Signs out: POST access/logout (best effort, revokes the token), then clears the session and goes to /login. */
export async function signOut(navigate: (to: string) => unknown): Promise<void> {
  try {
    await apiRequest('access/logout', { method: 'POST' });
  } catch {
    // The session ends locally either way; an already expired or revoked token is fine.
  }
  authStore.logout();
  queryClient.clear();
  // Spec part 4: a single sign-on session also signs out of the identity provider, which returns to /login.
  if (await signOutOfProvider().catch(() => false)) return;
  await navigate(paths.login);
}

/**
 * Name, role and organization of the signed-in user, with Profile, Send feedback (the spec's feedback of the
 * main layout; for a customer's person in their own name) and Sign out; a header menu, so Mantine's Menu loads
 * when it is first opened, and the feedback form when first asked for, not with the signed-in frame.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, claims } = useAuth();
  const name = displayName(user, claims?.sub ?? '');
  const role = user?.role ?? claims?.role;
  const [feedback, setFeedback] = useState<boolean | null>(null);
  return (
    <>
      <HeaderMenu
        width={240}
        target={
          <UnstyledButton
            aria-label={`${t('header.userMenu')}: ${name}`}
            data-testid="user-menu"
            style={{ borderRadius: '50%' }}
          >
            <Avatar color="blue" radius="xl" size={34}>
              {initials(user, claims?.sub ?? '')}
            </Avatar>
          </UnstyledButton>
        }
        title={t('header.signedInAs')}
        header={
          <div style={{ padding: '0 12px 8px' }}>
            <Text fw={600} size="sm" truncate>
              {name}
            </Text>
            {role && (
              <Text size="sm" data-testid="user-role">
                {t(`roles.${role}`)}
              </Text>
            )}
            {user?.organization && (
              <Text size="sm" truncate>
                {user.organization.name}
              </Text>
            )}
          </div>
        }
        items={(Item) => (
          <>
            <Item
              component={Link}
              to={paths.settingsProfile}
              leftSection={<IconUser size={16} aria-hidden />}
            >
              {t('header.profile')}
            </Item>
            {ownCustomerSession(claims) && (
              <Item
                leftSection={<IconMessageReport size={16} aria-hidden />}
                onClick={() => setFeedback(true)}
                data-testid="feedback-open"
              >
                {t('feedback.open')}
              </Item>
            )}
            <Item
              color="red"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void signOut(navigate)}
              data-testid="sign-out"
            >
              {t('header.signOut')}
            </Item>
          </>
        )}
      />
      {feedback !== null && (
        <Suspense fallback={null}>
          <FeedbackModal opened={feedback} onClose={() => setFeedback(false)} />
        </Suspense>
      )}
    </>
  );
}
