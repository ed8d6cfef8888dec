import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { AppSwitcher } from '../../components/app-switcher.tsx';
import { GlobalBanner } from '../../components/global-banner.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import { ThemeSwitch } from '../../components/theme-switch.tsx';
import { ChatLauncher } from '../../features/chat/components/chat-launcher.tsx';
import { HeaderSearch } from '../../features/search/components/header-search.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { handleError } from '../../lib/error-handler.ts';
import { type Language, loadRestWhenIdle } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { usePhoneWidth } from '../../lib/phone.ts';
import { savePreference } from '../../lib/preferences.ts';
import { usePageViews } from '../../lib/product-analytics.ts';
import type { ThemeChoice } from '../../lib/theme.ts';
import { useLiveUpdates } from '../use-live-updates.ts';
import { AppBreadcrumbs } from './app-breadcrumbs.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { usePreferenceSync } from './preference-sync.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * What the frame does when the address changes: the phone-width menu closes once a link is followed, and a page
 * view is counted. Its own component: the frame does not draw its header and menu again each time a screen's
 * filters, sort or open item change the address (issue 39, the Alerts screen).
 */
function OnNavigation({ close }: { close: () => void }) {
  const { pathname } = useLocation();
  usePageViews();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => close(), [pathname]);
  return null;
}

/** The signed-in frame: header (breadcrumb, switches, user menu), the menu, then the screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // On a phone the menu is off screen until the burger opens it, and it is drawn then (and kept), not with the
  // first view: there it was 209 of /dashboard's 402 elements, laid out and reachable by Tab while unseen.
  const phone = usePhoneWidth();
  const [menuDrawn, setMenuDrawn] = useState(false);
  const toggleMenu = () => {
    toggle();
    // The menu slides in at once; its links are rendered in short slices as it does.
    if (!menuDrawn) startTransition(() => setMenuDrawn(true));
  };
  const { jwt, claims } = useAuth();
  // Support staff signed in as themselves have no fleet to search (the server answers them 403).
  const fleetSearch = !(claims?.role === 'SUPPORT' && !claims.impersonatedBy);
  usePreferenceSync();
  useLiveUpdates();
  // The frame draws with its first screen: the rest of the language then comes when the browser is idle.
  useEffect(loadRestWhenIdle, []);

  const save = (name: 'language' | 'theme', value: Language | ThemeChoice) => {
    if (jwt) savePreference(name, value).catch(handleError);
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <OnNavigation close={close} />
      <a href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('menu.toggle')}
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <Box
              component={Link}
              to={paths.dashboard}
              aria-label={t('app.home')}
              c="inherit"
              style={{ textDecoration: 'none' }}
            >
              <Logo />
            </Box>
            <Box visibleFrom="md" ml="md" style={{ minWidth: 0 }}>
              <AppBreadcrumbs />
            </Box>
          </Group>
          <Group gap={4} wrap="nowrap">
            {fleetSearch ? <HeaderSearch /> : null}
            <LanguageSwitch onSelected={(lang) => save('language', lang)} />
            <ThemeSwitch onSelected={(choice) => save('theme', choice)} />
            <AppSwitcher />
            <ChatLauncher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" aria-label={t('menu.label')} inert={phone && !opened}>
        {/* Bottom padding keeps the last links clear of the floating dev outbox button. The browser's own scroll:
            Mantine's ScrollArea would bring floating-ui (~16 KB gzipped) into the signed-in frame. */}
        {phone && !menuDrawn ? null : (
          <AppShell.Section grow p="xs" pb={64} style={{ overflowY: 'auto' }}>
            <AppNavbar />
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <ImpersonationBanner />
        <GlobalBanner />
        <Box hiddenFrom="md" mb="xs">
          <AppBreadcrumbs trailOnly />
        </Box>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
