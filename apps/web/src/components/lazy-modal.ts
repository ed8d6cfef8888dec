// Mantine's Modal as a module's default export (components/modal-button.tsx loads it on demand): a module of its
// own so that the bundler fetches the modal and what it needs (FocusTrap, ScrollArea), not every export of
// @mantine/core.
export { Modal as default } from '@mantine/core';
