import { Badge, Box, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dashboard, DisplayInfoSchema } from '@vnoc/contracts';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { ThemeSwitch } from '../../../components/theme-switch.tsx';
import { ApiError, apiRequest, setDisplayCredential } from '../../../lib/api-client.ts';
import { takeDisplayKey } from '../../../lib/display-key.ts';
import { getDashboards } from '../api/get-dashboards.ts';
import { useGroups } from '../api/get-groups.ts';
import { DashboardGrid } from './dashboard-grid.tsx';
import { preloadWidgets, RenderWidget } from './render-widget.tsx';

/**
 * How often the wall asks whether its key still opens (besides every widget's own calls): a revoked key shows
 * its error within this time. The dashboards cycle at the key's own `cycleSeconds`.
 */
export const WALL_CHECK_MS = 15_000;

/**
 * Keys (Mantine's `useHotkeys`, as the rest of the console): Space or P pauses and resumes the cycle, → or N
 * shows the next dashboard, ← the previous one; N and P with Shift or Caps Lock too. None with Alt, Ctrl or Meta.
 */
type WallKey = 'next' | 'previous' | 'pause';
const WALL_KEYS: readonly (readonly [string, WallKey])[] = [
  ['ArrowRight', 'next'],
  ['n', 'next'],
  ['shift+n', 'next'],
  ['ArrowLeft', 'previous'],
  ['space', 'pause'],
  ['p', 'pause'],
  ['shift+p', 'pause'],
];

/** A refusal that no waiting cures: the key was revoked or expired, or is not a display's. */
const refused = (error: unknown) => error instanceof ApiError && [401, 403, 404].includes(error.status);

type WallClock = { every: (ms: number, run: () => void) => () => void };
const realClock: WallClock = {
  every: (ms, run) => {
    const id = window.setInterval(run, ms);
    return () => window.clearInterval(id);
  },
};

/** The wall's message in place of the dashboards: no key, a refused key, or nothing to show. */
function WallMessage({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Center h="100vh" p="xl">
      <Stack align="center" gap="md" maw={640} role="alert" data-testid={testId}>
        <Logo />
        <Title order={1} ta="center" fz={{ base: 24, lg: 36 }}>
          {title}
        </Title>
        <Text ta="center" size="lg" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * Issue 37, a wall display for the NOC: opened with a display key (its administrator's display link), it
 * never signs out, shows its dashboards full screen one after another, changes nothing (the dashboards are
 * inert: no link, button or menu responds), and says so at once when its key stops opening.
 */
export function WallScreen({ clock = realClock }: { clock?: WallClock }) {
  const { t } = useTranslation('dashboards');
  const client = useQueryClient();
  const [key] = useState(() => takeDisplayKey(window.location));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [widgetRefused, setWidgetRefused] = useState(false);

  // The display key is every call's credential while the wall is open.
  useEffect(() => {
    setDisplayCredential(key);
    return () => setDisplayCredential(null);
  }, [key]);

  const display = useQuery({
    queryKey: ['wall', 'display'],
    queryFn: ({ signal }) => apiRequest('apiKeys/display', { schema: DisplayInfoSchema, signal }),
    enabled: key !== null,
    refetchInterval: WALL_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: (count, error) => !refused(error) && count < 3,
  });
  const dashboards = useQuery({
    queryKey: ['wall', 'dashboards'],
    queryFn: ({ signal }) => getDashboards(signal),
    enabled: display.isSuccess,
    refetchInterval: 5 * 60_000,
  });
  const groups = useGroups(display.isSuccess);
  const groupNames = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);

  // A widget refused (the key revoked between two checks) ends the display too.
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.state.status === 'error') {
          const error = event.query.state.error;
          if (error instanceof ApiError && error.status === 401) setWidgetRefused(true);
        }
      }),
    [client],
  );

  const list: Dashboard[] = dashboards.data ?? [];
  const count = list.length;
  const current = count > 0 ? list[index % count] : undefined;
  const cycleMs = (display.data?.cycleSeconds ?? 60) * 1000;

  useEffect(() => {
    for (const dashboard of list) void preloadWidgets(dashboard.widgets.map((w) => w.type));
  }, [list]);

  useEffect(() => {
    if (paused || count < 2) return;
    return clock.every(cycleMs, () => setIndex((i) => (i + 1) % count));
  }, [paused, count, cycleMs, clock]);

  const step = (by: number) => setIndex((i) => (count > 0 ? (i + by + count) % count : 0));
  const onWallKey: Record<WallKey, () => void> = {
    next: () => step(1),
    previous: () => step(-1),
    pause: () => setPaused((p) => !p),
  };
  // The hook ignores keys typed in a field; a key in an open menu (the language and theme switches) is the
  // menu's own (Space chooses, arrows move, Escape closes), so it leaves those alone and their default too.
  useHotkeys(
    WALL_KEYS.map(([hotkey, name]) => [
      hotkey,
      (event: KeyboardEvent) => {
        if (event.target instanceof Element && event.target.closest('[role="menu"]')) return;
        event.preventDefault();
        onWallKey[name]();
      },
      { preventDefault: false },
    ]),
  );

  let body: ReactNode;
  if (key === null) {
    body = <WallMessage testId="wall-no-key" title={t('wall.noKey.title')} text={t('wall.noKey.text')} />;
  } else if (widgetRefused || refused(display.error) || refused(dashboards.error)) {
    body = (
      <WallMessage testId="wall-refused" title={t('wall.refused.title')} text={t('wall.refused.text')} />
    );
  } else if (display.isPending || dashboards.isPending) {
    body = (
      <Center h="100vh">
        <Loader aria-label={t('wall.loading')} />
      </Center>
    );
  } else if (!current) {
    body = <WallMessage testId="wall-empty" title={t('wall.empty.title')} text={t('wall.empty.text')} />;
  } else {
    body = (
      <Box p={{ base: 'sm', lg: 'md' }}>
        {/* On a phone the dashboard's name takes the first line and the position and switches the next: side by
            side, 390 px cut both ("NOC w…", "1…"). */}
        <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Logo />
            <Title order={1} fz={{ base: 20, xl: 28 }} lineClamp={1} data-testid="wall-dashboard">
              {current.name}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap" ml="auto" style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" visibleFrom="sm" truncate>
              {display.data?.name}
            </Text>
            <Badge variant="light" size="lg" data-testid="wall-position" style={{ flexShrink: 0 }}>
              {t('wall.position', { current: (index % count) + 1, count })}
            </Badge>
            {paused && (
              <Badge color="orange" size="lg" data-testid="wall-paused" style={{ flexShrink: 0 }}>
                {t('wall.paused')}
              </Badge>
            )}
            <LanguageSwitch />
            <ThemeSwitch />
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mb="sm" visibleFrom="sm">
          {t('wall.keys')}
        </Text>
        {/* Read-only: nothing on a wall responds to a pointer or takes focus. */}
        <div inert data-testid="wall-content">
          <Suspense fallback={<Loader />}>
            <DashboardGrid
              key={current.id}
              widgets={current.widgets}
              renderWidget={(widget) => (
                <RenderWidget widget={widget} dashboard={current} t={t} groupNames={groupNames} />
              )}
            />
          </Suspense>
        </div>
      </Box>
    );
  }
  return <main data-testid="wall">{body}</main>;
}
