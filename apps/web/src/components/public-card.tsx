import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** The card a public screen renders inside the public layout, with its heading (h1); same frame as the sign-in cards. */
export function PublicCard({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'lg', xs: 'xl' }}
      w="100%"
      maw={460}
      mx="auto"
    >
      <Stack gap="lg">
        <Title id={titleId} order={1} fz={{ base: 22, xs: 26 }} lh={1.25}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
