import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

interface EmptyStateProps {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  title: string;
  text: string;
  children?: ReactNode;
}

/** An honest empty state: what is missing and, in one sentence, what will appear here. */
export function EmptyState({ icon: Icon, title, text, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="empty-state">
      <Stack align="center" gap="sm" ta="center" maw={560} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light">
          <Icon size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm">{text}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
