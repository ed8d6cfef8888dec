import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconClockHour4, IconUserShield } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ImpersonationSessionSchema, OkSchema } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { showBanner } from '../../lib/banner.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { formatCountdown } from '../../lib/session.ts';

/** The time the countdown reads, and how it is told a second passed (tests give their own). */
export type BannerClock = { now: () => number; every: (ms: number, tick: () => void) => () => void };

const systemClock: BannerClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

/** The time left until `endsAt` (ms since the epoch), refreshed every second. */
function useTimeLeft(endsAt: number, clock: BannerClock): number {
  const [left, setLeft] = useState(() => endsAt - clock.now());
  useEffect(() => {
    const tick = () => setLeft(endsAt - clock.now());
    tick();
    return clock.every(1000, tick);
  }, [endsAt, clock]);
  return Math.max(0, left);
}

/** The banner itself: whom support acts as, the time left, and the button that ends the session. */
export function SupportSessionBanner({
  clock = systemClock,
  fallback,
}: {
  /** The clock the countdown reads (tests give their own). */
  clock?: BannerClock;
  /** What the token says, until the server's answer names the people. */
  fallback: { user: string; support: string; endsAt: number };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: ['impersonation'],
    queryFn: () =>
      apiRequest('access/impersonation', {
        schema: import.meta.env.DEV ? ImpersonationSessionSchema : undefined,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const endsAt = session.data ? Date.parse(session.data.endsAt) : fallback.endsAt;
  const left = useTimeLeft(endsAt, clock);
  const end = useMutation({
    mutationFn: () =>
      apiRequest('access/impersonation', {
        method: 'DELETE',
        schema: import.meta.env.DEV ? OkSchema : undefined,
      }),
    onSuccess: async () => {
      authStore.logout();
      queryClient.clear();
      showBanner('success', t('impersonation.ended'), { keepNext: true });
      await navigate(paths.login);
    },
    onError: () => showBanner('danger', t('impersonation.endFailed')),
  });
  const user = session.data ? session.data.user.name : fallback.user;
  const support = session.data ? session.data.support.name : fallback.support;

  return (
    <Box
      pos="sticky"
      top="var(--app-shell-header-offset, 0rem)"
      style={{ zIndex: 'var(--mantine-z-index-app)' }}
      // Out to the shell's own padding (sm on a phone, lg beyond): a fixed md overflowed a 390 px phone by 4 px.
      mx="calc(var(--app-shell-padding) * -1)"
      mt="calc(var(--app-shell-padding) * -1)"
      px="var(--app-shell-padding)"
      pt="var(--app-shell-padding)"
      mb="md"
      bg="var(--mantine-color-body)"
    >
      <Alert
        color="orange"
        variant="light"
        styles={{
          title: { color: 'var(--mantine-color-text)' },
          message: { color: 'var(--mantine-color-text)' },
        }}
        icon={<IconUserShield size={20} aria-hidden="true" />}
        title={t('impersonation.active')}
        data-testid="impersonation-banner"
        role="region"
        aria-label={t('impersonation.active')}
      >
        <Group justify="space-between" align="center" gap="sm">
          <Box style={{ minWidth: 0, flex: '1 1 20rem' }}>
            <Text size="sm">
              {session.data
                ? t('impersonation.actingAs', {
                    user,
                    email: session.data.user.email,
                    organization: session.data.organization.name,
                  })
                : t('impersonation.actingAsShort', { user })}
            </Text>
            <Text size="sm">{t('impersonation.recordedAs', { support, user })}</Text>
          </Box>
          <Group gap="sm" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <IconClockHour4 size={16} aria-hidden="true" />
              <Text
                size="sm"
                fw={600}
                ff="monospace"
                data-testid="impersonation-time-left"
                aria-label={t('impersonation.timeLeftLabel', { time: formatCountdown(left) })}
              >
                {formatCountdown(left)}
              </Text>
            </Group>
            <Button
              size="xs"
              color="orange"
              onClick={() => end.mutate()}
              loading={end.isPending}
              data-testid="impersonation-end"
            >
              {t('impersonation.end')}
            </Button>
          </Group>
        </Group>
      </Alert>
    </Box>
  );
}
