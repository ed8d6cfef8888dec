// Mantine's Tooltip as a module's default export, for `lazy` (components/hover-tooltip.tsx): a module of its own
// so that the bundler fetches the tooltip and what it needs, not every export of @mantine/core.
export { Tooltip as default } from '@mantine/core';
