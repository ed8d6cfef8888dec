import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '../lib/paths.ts';
import { GlobalBanner } from './global-banner.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

/**
 * Frame of the public sign-in screens: logo, language and theme switches, the global banner; the
 * screen renders only its card or form (the Outlet). The dev outbox button is added by the app root.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box
      mih="100dvh"
      style={{ display: 'flex', flexDirection: 'column' }}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Box component="header" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.login} underline="never" c="inherit" aria-label={t('app.home')}>
            <Logo />
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ThemeSwitch />
          </Group>
        </Group>
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Container size={492} px="md" py={{ base: 'md', sm: 'xl' }}>
          <GlobalBanner />
          <Outlet />
        </Container>
      </Box>
      {/* Phone width: room below the footer text for the floating dev outbox button. */}
      <Box component="footer" px="md" pt="md" pb={{ base: 64, sm: 'md' }}>
        <Text size="xs" ta="center" c="dimmed">
          {t('app.name')} · {t('app.tagline')}
        </Text>
      </Box>
    </Box>
  );
}
