import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface PublicCardProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Links under the content (back to sign in, create an account …). */
  footer?: ReactNode;
}

/** The card a public screen (sign-in steps, maintenance, callbacks) renders inside the public layout, with its heading (h1). */
export function PublicCard({ title, description, children, footer }: PublicCardProps) {
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
        <Stack gap={6}>
          <Title id={titleId} order={1} fz={{ base: 22, xs: 26 }} lh={1.25}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
        {footer ? (
          <Stack gap={6} align="center">
            {footer}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
