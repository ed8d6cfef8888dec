// Mantine's NumberInput and its number formatting (~10 KB gzipped), a module of its own so the troubleshooting
// panel loads it when the LAN ports' revert delay first shows: no first view of the device page draws it.
export { NumberInput } from '@mantine/core';
