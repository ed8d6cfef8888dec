import { Paper, Stack } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { SectionHeading } from './section-heading.tsx';

/** One titled section of Settings → Profile. */
export function ProfileSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <SectionHeading id={id} title={title} description={description} />
        {children}
      </Stack>
    </Paper>
  );
}
