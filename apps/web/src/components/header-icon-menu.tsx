import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

interface HeaderIconMenuProps {
  /** The button's icon (decorative: the button is named by `label`). */
  icon: ReactNode;
  /** The button's accessible name. */
  label: string;
  /** The menu's heading. */
  title: string;
  testId: string;
  children: ReactNode;
}

/** A menu of the header opened by an icon button (theme, the single sign-on apps). */
export function HeaderIconMenu({ icon, label, title, testId, children }: HeaderIconMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid={testId}>
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{title}</Menu.Label>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
