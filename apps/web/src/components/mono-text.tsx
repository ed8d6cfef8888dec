import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A machine value (a MAC or IP address, a reading with its unit) in monospace on one line: it never wraps mid-value. */
export function MonoText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}
