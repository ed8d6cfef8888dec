import { Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { ProfileSection } from '../../components/profile-section.tsx';
import { ContactVerification } from '../../features/auth/components/contact-verification.tsx';
import { MfaMethods } from '../../features/auth/components/mfa-methods.tsx';
import { PasswordChangeForm } from '../../features/auth/components/password-change-form.tsx';
import { ContactDetailsForm } from '../../features/settings/components/contact-details-form.tsx';
import { PreferencesForm } from '../../features/settings/components/preferences-form.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useUserProfile } from '../../lib/user-profile.ts';

/** Settings → Profile: account, contact details, password, multi-factor methods and preferences. */
export function Component() {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation('translation');
  const profile = useUserProfile();
  const { claims } = useAuth();
  const user = profile.data;

  if (!user) {
    return (
      <PageFrame>
        {profile.isError ? (
          <FormError error={profile.error} />
        ) : (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        )}
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <Stack gap="lg" maw={1200}>
        <ProfileSection title={t('account.title')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('account.username')}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {user.username}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('account.organization')}
              </Text>
              <Text size="sm">{user.organization.name}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('account.role')}
              </Text>
              <Group gap={6}>
                <Text size="sm">{tShell(`roles.${user.role}`)}</Text>
                {claims?.impersonatedBy ? (
                  <Text size="xs" c="dimmed">
                    {t('account.impersonatedBy', { by: claims.impersonatedBy })}
                  </Text>
                ) : null}
              </Group>
            </Stack>
          </SimpleGrid>
        </ProfileSection>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
          <Stack gap="lg">
            <ContactDetailsForm key={user.id} user={user} />
            <ContactVerification user={user} />
            <PasswordChangeForm />
          </Stack>
          <Stack gap="lg">
            <MfaMethods />
            <PreferencesForm key={user.id} user={user} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
