import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeaderMenu, type HeaderMenuProps } from './header-menu.tsx';

interface HeaderIconMenuProps extends Pick<HeaderMenuProps, 'title' | 'items'> {
  /** The button's icon (decorative: the button is named by `label`). */
  icon: ReactNode;
  /** The button's accessible name. */
  label: string;
  testId: string;
}

/** A menu of the header opened by an icon button (theme, the single sign-on apps). */
export function HeaderIconMenu({ icon, label, title, testId, items }: HeaderIconMenuProps) {
  return (
    <HeaderMenu
      target={
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid={testId}>
          {icon}
        </ActionIcon>
      }
      title={title}
      items={items}
    />
  );
}
