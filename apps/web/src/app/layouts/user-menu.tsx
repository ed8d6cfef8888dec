import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMessageReport, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOutOfProvider } from '../../features/auth/utils/sso-sign-out.ts';
import { FeedbackModal } from '../../features/feedback/components/feedback-modal.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore, useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { ownCustomerSession } from '../../lib/permissions.ts';
import { queryClient } from '../../lib/query-client.ts';
import { displayName, initials } from '../../lib/user-name.ts';

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
 * main layout; for a customer's person in their own name) and Sign out.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, claims } = useAuth();
  const name = displayName(user, claims?.sub ?? '');
  const role = user?.role ?? claims?.role;
  const [feedback, setFeedback] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={240}>
        <Menu.Target>
          <UnstyledButton
            aria-label={`${t('header.userMenu')}: ${name}`}
            data-testid="user-menu"
            style={{ borderRadius: '50%' }}
          >
            <Avatar color="blue" radius="xl" size={34}>
              {initials(user, claims?.sub ?? '')}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <div style={{ padding: '8px 12px' }}>
            <Text size="xs" c="dimmed">
              {t('header.signedInAs')}
            </Text>
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
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to={paths.settingsProfile}
            leftSection={<IconUser size={16} aria-hidden />}
          >
            {t('header.profile')}
          </Menu.Item>
          {ownCustomerSession(claims) && (
            <Menu.Item
              leftSection={<IconMessageReport size={16} aria-hidden />}
              onClick={() => setFeedback(true)}
              data-testid="feedback-open"
            >
              {t('feedback.open')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void signOut(navigate)}
            data-testid="sign-out"
          >
            {t('header.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FeedbackModal opened={feedback} onClose={() => setFeedback(false)} />
    </>
  );
}
