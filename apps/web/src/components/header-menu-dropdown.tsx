import { Menu } from '@mantine/core';
import '../styles/sign-in-styles.ts';
import type { HeaderMenuProps } from './header-menu.tsx';

/** The header menu itself (`HeaderMenu` loads it when it is first opened). */
export function HeaderMenuDropdown({
  target,
  title,
  header,
  width,
  items,
  onOpen,
  defaultOpened,
}: HeaderMenuProps & { defaultOpened: boolean }) {
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={width}
      defaultOpened={defaultOpened}
      onOpen={onOpen}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{title}</Menu.Label>
        {header}
        {header ? <Menu.Divider /> : null}
        {items(Menu.Item, Menu.Divider)}
      </Menu.Dropdown>
    </Menu>
  );
}
