import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value in a details card: a small uppercase label above the value. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
