import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate, useRouteError } from 'react-router';
import { DevOutboxGate } from '../../features/dev-outbox/components/dev-outbox-gate.tsx';
import { useAppUpdateCheck } from '../../lib/app-update.ts';
import { authStore, verifyStoredClaims } from '../../lib/auth-store.ts';
import { bannerRouteChanged, showBanner } from '../../lib/banner.ts';
import { errorMessage, errorText } from '../../lib/error-handler.ts';
import { paths } from '../../lib/paths.ts';
import { onUnauthorized, queryClient } from '../../lib/query-client.ts';
import { currentHandle, formatPageTitle } from '../../lib/route-handle.ts';
import { isGuardPublicPath } from '../guard.ts';
import { scrollForLocation } from '../scroll.ts';
import { SessionWatcher } from './session-watcher.tsx';

/** Sets document.title to '{title} | vNOC' in the current language. */
function usePageTitle() {
  const { t } = useTranslation();
  const handle = currentHandle(useMatches());
  const title = handle ? formatPageTitle(t(handle.title), t('app.name')) : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Clears the banner on each path change and scrolls (to the top, or to the hash with an 80 px offset). */
function useRouteChangeEffects() {
  const { pathname, hash } = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    const pathChanged = lastPath.current !== null && lastPath.current !== pathname;
    if (pathChanged) bannerRouteChanged();
    lastPath.current = pathname;
    return scrollForLocation(hash, pathChanged);
  }, [pathname, hash]);
}

/** A data call answering 401 unauthorized (revoked or expired token) ends the session. */
function useUnauthorizedHandler() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(() => {
        if (isGuardPublicPath(window.location.pathname)) return;
        authStore.logout();
        queryClient.clear();
        void Promise.resolve(navigate(paths.login)).then(() =>
          showBanner('warning', errorText('sessionExpired')),
        );
      }),
    [navigate],
  );
}

/** A stored token's claims, drawn with as it carries them, are checked once the first screen has drawn. */
function useStoredClaimsCheck() {
  const navigate = useNavigate();
  useEffect(() => verifyStoredClaims(() => void navigate(paths.login)), [navigate]);
}

/** The app's root: route-change effects, the session check, the dev outbox, then the layout below. */
export function RootLayout() {
  usePageTitle();
  useRouteChangeEffects();
  useUnauthorizedHandler();
  useAppUpdateCheck();
  useStoredClaimsCheck();
  // A wall display (issue 37) has no person's session to watch, and nothing may cover its dashboards.
  const wall = useLocation().pathname === paths.wall;
  return (
    <>
      <Outlet />
      {!wall && <SessionWatcher />}
      {!wall && <DevOutboxGate />}
    </>
  );
}

// A screen's chunk can vanish when a new version is deployed while the app is open.
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;
// Reload only a page that has been open a while, so a chunk that is really missing cannot loop.
const RELOAD_AFTER_MS = 10_000;

/** Shown when a screen fails to load or render; a stale chunk after a deploy reloads the page instead. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const staleChunk =
    error instanceof Error && CHUNK_ERROR.test(error.message) && performance.now() > RELOAD_AFTER_MS;
  useEffect(() => {
    if (staleChunk) window.location.reload();
  }, [staleChunk]);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" maw={520} ta="center">
        <Title order={1}>{t('banner.danger')}</Title>
        <Text>{errorMessage(error)}</Text>
        <Button component={Link} to={paths.dashboard} reloadDocument>
          {t('common.goToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
