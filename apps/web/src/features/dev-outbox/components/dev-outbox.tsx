import { Affix, Button, Transition } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/sign-in-styles.ts';

const loadDrawer = () => import('./dev-outbox-drawer.tsx');
const DevOutboxDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.DevOutboxDrawer })));

/** How near the page's end (px) counts as at it: the button's own room is 56 px. */
const END_SLACK = 8;

/**
 * Where the button floats: the bottom left of the page itself, beside the console's side menu (the AppShell's
 * navbar offset, set on :root while the signed-in frame shows it; 0 on a phone, where the menu is a drawer, and on
 * the sign-in pages). At the window's left it covered the menu's last entry on a desktop (issue 37).
 */
export const OUTBOX_POSITION = {
  bottom: 16,
  left: 'calc(var(--app-shell-navbar-offset, 0rem) + 16px)',
} as const;

/** Whether the window shows the page's end (a page no taller than the window always does). */
export function atPageEnd(pageHeight: number, windowHeight: number, scrollY: number): boolean {
  return pageHeight - windowHeight - scrollY <= END_SLACK;
}

/**
 * Development aid shown only when GET health says delivery 'outbox' (dev-outbox-gate.tsx): a button that opens
 * the codes that were "sent". The drawer and all it draws with (much of the console's kit) load when the button
 * is first pointed at, focused or pressed, so the sign-in pages do not download them for a button.
 */
export function DevOutbox() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prepare = () => {
    loadDrawer().catch(() => undefined);
  };
  // The button floats over the page's bottom left (beside the side menu): while it shows, the console's page ends clear of it
  // (styles.css), so a phone can scroll its last row, pager or button out from under it (issue 37).
  useEffect(() => {
    document.body.dataset.devOutbox = '';
    return () => {
      delete document.body.dataset.devOutbox;
    };
  }, []);
  // On a phone it is a small round icon that shows only where it covers nothing: at the page's end, which is kept
  // clear of it (above), or on a page too short to scroll (the sign-in pages). Anywhere else it sat on the text
  // being read (issue 37: a card's label under it on every phone screenshot, even before any scroll). One scroll
  // listener of its own: Mantine's useWindowScroll sits in the signed-in frame's chunk, which /login (where this
  // button shows too) must not load.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [aside, setAside] = useState(false);
  useEffect(() => {
    setAside(false);
    if (!phone) return;
    const place = () => {
      const page = document.documentElement;
      setAside(!atPageEnd(page.scrollHeight, window.innerHeight, window.scrollY));
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    // The page grows as its data comes in, with no scroll: a page that was short is long now.
    const growth = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    growth?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      growth?.disconnect();
    };
  }, [phone]);
  const open = () => {
    setWanted(true);
    setOpened(true);
  };
  const common = {
    onClick: open,
    onPointerEnter: prepare,
    onFocus: prepare,
    variant: 'default',
    'data-testid': 'dev-outbox-button',
    style: { boxShadow: 'var(--mantine-shadow-md)' },
  } as const;
  return (
    <>
      <Affix position={OUTBOX_POSITION} zIndex={150}>
        <Transition mounted={!aside} transition="slide-up" duration={150}>
          {(transition) =>
            phone ? (
              // A round icon-only Button, not an ActionIcon: /login shows this button, and ActionIcon lives in
              // the signed-in frame's chunk (the sign-in page must not load it).
              <Button
                {...common}
                style={{ ...common.style, ...transition }}
                size="sm"
                radius="xl"
                px={8}
                aria-label={t('outbox.button')}
              >
                <IconInbox size={18} aria-hidden />
              </Button>
            ) : (
              <Button
                {...common}
                style={{ ...common.style, ...transition }}
                size="xs"
                radius="xl"
                leftSection={<IconInbox size={16} aria-hidden />}
              >
                {t('outbox.button')}
              </Button>
            )
          }
        </Transition>
      </Affix>
      {wanted && (
        <Suspense fallback={null}>
          <DevOutboxDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
