import type { Menu } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { loadedLater } from '../lib/loaded-later.ts';

export interface HeaderMenuProps {
  /** The button that opens it (a Mantine Button or ActionIcon, with its accessible name). */
  target: ReactElement<Record<string, unknown>>;
  /** The menu's heading. */
  title: string;
  /** What the menu shows under its heading, above a divider and its items (the user menu's name and role). */
  header?: ReactNode;
  /** The dropdown's width (its content's otherwise). */
  width?: number;
  /** Its items, drawn with Mantine's Menu.Item and Menu.Divider (given once the menu has loaded). */
  items: (Item: typeof Menu.Item, Divider: typeof Menu.Divider) => ReactNode;
  /** Called each time the menu opens (e.g. to read again what it lists). */
  onOpen?: () => void;
}

const dropdown = loadedLater(() => import('./header-menu-dropdown.tsx'));
const prefetch = () => void dropdown.load().catch(() => undefined);

/**
 * A menu of the header opened by its button (language, theme, the single sign-on apps, the user's). Mantine's Menu (with its
 * Popover and floating-ui, ~25 KB gzipped) is no part of a page's first load: it is fetched when the button is
 * first pointed at, focused or pressed, and until the menu first opens the button is drawn alone, with the popup
 * semantics Menu.Target gives it. Once opened it stays Mantine's menu.
 */
export function HeaderMenu(props: HeaderMenuProps) {
  const { target } = props;
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof dropdown.load>> | null>(null);
  if (loaded) return <loaded.HeaderMenuDropdown {...props} defaultOpened />;
  return cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => {
      dropdown.load().then(
        (module) => setLoaded(module),
        () => undefined,
      );
    },
  });
}
