import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section's title (a level-2 heading; `id` for the section's aria-labelledby) with, under it, the sentence
 * that says what the section is for.
 */
export function SectionHeading({
  id,
  title,
  description,
}: {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
