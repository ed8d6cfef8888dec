import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The small uppercase caption of a labelled value (a details field, a figure's card). */
export function FieldLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {children}
    </Text>
  );
}

/** A labelled value in a details card: a small uppercase label above the value. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <FieldLabel>{label}</FieldLabel>
      <div>{children}</div>
    </div>
  );
}
