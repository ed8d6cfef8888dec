// Mantine's dropdown fields, which components/lazy-select.tsx loads on a field's first use: a module of their own
// so that the bundler fetches them and what they need (Combobox, Popover, floating-ui), not every export of
// @mantine/core.
export { MultiSelect, Select, TagsInput } from '@mantine/core';
