import { Button, Group, Paper, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOutOfProvider } from '../../features/auth/utils/sso-sign-out.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore, useAuth } from '../../lib/auth-store.ts';
import { showBanner } from '../../lib/banner.ts';
import { errorText } from '../../lib/error-handler.ts';
import { toast } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import {
  clockSkewMs,
  isFullSession,
  isRenewable,
  SESSION_CHECK_MS,
  sessionDecision,
} from '../../lib/session.ts';
import { isGuardPublicPath } from '../guard.ts';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'pointerdown', 'scroll', 'wheel', 'touchstart'] as const;
// After a failed automatic refresh, wait before trying again rather than every second.
const RETRY_AFTER_FAILURE_MS = 30_000;
// Belt and braces against a refresh loop: at most one automatic refresh a minute.
const MIN_AUTO_REFRESH_GAP_MS = 60_000;

/** Refreshes the token (GET access/newJWT; apiRequest stores the new one). */
export async function refreshSession(): Promise<void> {
  // The schema loads with the first refresh: every page's first load carries this watcher, not zod.
  const { OkSchema } = await import('@vnoc/contracts/auth');
  await apiRequest('access/newJWT', { schema: OkSchema });
}

/**
 * The session of spec part 4: checked every second; refreshed while the user is active and 5 to 25
 * minutes remain; a countdown notice at 5 minutes or less (unless dismissed); logout at expiry.
 */
export function SessionWatcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { jwt, claims } = useAuth();
  const lastActivity = useRef(Date.now());
  const refreshing = useRef(false);
  const lastFailure = useRef(0);
  const lastAutoRefresh = useRef(0);
  // The token present at start-up came from storage: its iat says nothing about the clocks, so skew starts at 0.
  const seenJwt = useRef(jwt);
  const skew = useRef(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [countdown, setCountdown] = useState<string | null>(null);

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, mark, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, mark);
    };
  }, []);

  const refresh = useCallback(
    async (manual: boolean) => {
      if (refreshing.current) return;
      refreshing.current = true;
      try {
        await refreshSession();
        if (manual) toast(t('session.extendedMessage'), 'success', t('session.extendedTitle'));
      } catch {
        lastFailure.current = Date.now();
        showBanner('danger', errorText('refreshFailed'));
      } finally {
        refreshing.current = false;
      }
    },
    [t],
  );

  const expire = useCallback(async () => {
    try {
      const onPublicPath = isGuardPublicPath(window.location.pathname);
      authStore.logout();
      queryClient.clear();
      if (onPublicPath) return;
      // Spec part 4 logout: a single sign-on session also ends at the identity provider, so nobody signs in
      // again on this browser without their credentials; /login says why once the provider sends it back.
      if (await signOutOfProvider({ expired: true }).catch(() => false)) return;
      showBanner('warning', errorText('sessionExpired'), { keepNext: true });
      await navigate(paths.login);
    } catch {
      showBanner('danger', errorText('sessionExpirationError'));
    }
  }, [navigate]);

  useEffect(() => {
    if (!jwt || !claims) {
      setCountdown(null);
      return;
    }
    if (jwt !== seenJwt.current) {
      seenJwt.current = jwt;
      skew.current = clockSkewMs(claims.iat, Date.now());
    }
    const check = () => {
      const localNow = Date.now();
      const nowMs = localNow + skew.current;
      const decision = sessionDecision({
        nowMs,
        exp: claims.exp,
        lastActivityMs: lastActivity.current + skew.current,
        dismissed: dismissedFor === jwt,
      });
      if (decision.expired) {
        setCountdown(null);
        void expire();
        return;
      }
      const full = isFullSession(claims);
      setCountdown(full && decision.showCountdown ? decision.countdown : null);
      if (
        full &&
        decision.shouldRefresh &&
        isRenewable(claims) &&
        localNow - lastFailure.current >= RETRY_AFTER_FAILURE_MS &&
        localNow - lastAutoRefresh.current >= MIN_AUTO_REFRESH_GAP_MS
      ) {
        lastAutoRefresh.current = localNow;
        void refresh(false);
      }
    };
    check();
    const timer = setInterval(check, SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [jwt, claims, dismissedFor, expire, refresh]);

  if (!countdown || !jwt) return null;
  return (
    <Paper
      role="region"
      aria-label={t('session.countdownTitle')}
      data-testid="session-countdown"
      shadow="lg"
      withBorder
      p="sm"
      radius="md"
      style={{
        // At the bottom: a notice never covers the page's title and breadcrumb (issue 13).
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 400,
        width: 'min(440px, calc(100vw - 24px))',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconClockHour4 size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <div style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {t('session.countdownTitle')}
          </Text>
          <Text size="sm">{t('session.countdown', { countdown })}</Text>
          <Group gap="xs" mt="xs">
            <Button size="xs" onClick={() => void refresh(true)}>
              {t('session.extend')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDismissedFor(jwt)}>
              {t('session.dismiss')}
            </Button>
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
