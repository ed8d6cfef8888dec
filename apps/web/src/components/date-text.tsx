import { Text } from '@mantine/core';
import { formatDate } from '../lib/format.ts';

/** A date and time in a table or list cell, kept on one line so a column never breaks it in two. */
export function DateText({ value }: { value: Parameters<typeof formatDate>[0] }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Text>
  );
}
