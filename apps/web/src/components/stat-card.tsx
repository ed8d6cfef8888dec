import { Paper, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldLabel } from './field.tsx';

/**
 * A labelled figure (of a test's result, of a device's report); with `percent`, a bar under it (green, then
 * yellow over 60 %, red over 85 %).
 */
export function StatCard({
  label,
  value,
  percent,
  testId,
}: {
  label: string;
  value: ReactNode;
  percent?: number;
  testId?: string;
}) {
  const colour = percent === undefined ? undefined : percent > 85 ? 'red' : percent > 60 ? 'yellow' : 'green';
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <FieldLabel>{label}</FieldLabel>
      {/* A block, not a paragraph: a value may be a badge or a group (a block in a paragraph is invalid HTML). */}
      <Text component="div" fw={700} fz="xl">
        {value}
      </Text>
      {percent !== undefined && (
        <Progress value={percent} color={colour} size="sm" mt={6} aria-label={label} />
      )}
    </Paper>
  );
}
