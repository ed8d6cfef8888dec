/**
 * The Mantine components whose styles (mantine-overlays.css) load with the code that draws them rather than with a
 * page's stylesheets (mantine-public.css, mantine-sign-in.css, mantine-console.css): what only draws over the page
 * once asked for and overrides no other stylesheet's rules (not the menus: their dropdown is a Popover's).
 * vite.config.ts (`stylesWithComponents`) makes the module holding each one's class names
 * (`@mantine/core/esm/components/<Name>/<Name>.module.mjs`; @mantine/notifications' `Notifications.module.mjs`
 * for the toasts' container) import mantine-overlays.css.
 */
export const STYLES_WITH_COMPONENTS = [
  'Overlay',
  'ModalBase',
  'Drawer',
  'Modal',
  'Notification',
  'Tooltip',
  'Notifications',
] as const;
