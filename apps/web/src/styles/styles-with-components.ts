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

/**
 * The Mantine components whose own stylesheet (`@mantine/core/styles/<Name>.layer.css`, the same file
 * mantine-console.css would import) loads with the code that draws them: drawn by a few screens only, every rule
 * on their own classes (they override no other stylesheet's rules, so the order they arrive in does not matter).
 * vite.config.ts (`stylesWithComponents`) makes the module holding each one's class names
 * (`@mantine/core/esm/components/…/<Name>.module.mjs`) import it. The signed-in screens that draw none of them
 * (most lists, the dashboard) load none of it: ~3 KB gzipped of the console's stylesheet.
 */
export const OWN_STYLES_WITH_COMPONENTS = [
  'Fieldset',
  'NumberInput',
  'Pagination',
  'Progress',
  'RadioCard',
  'RadioIndicator',
  'Radio',
  'Tabs',
] as const;
