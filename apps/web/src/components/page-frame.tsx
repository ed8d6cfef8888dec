import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { currentHandle } from '../lib/route-handle.ts';

interface PageFrameProps {
  /** Heading; defaults to the route's translated title. */
  title?: ReactNode;
  actions?: ReactNode;
  /** A dimmed line under the heading: what the screen is for, or why it is read-only. */
  intro?: ReactNode;
  children?: ReactNode;
}

/** The frame of a screen inside the main layout: its heading (h1) and content. */
export function PageFrame({ title, actions, intro, children }: PageFrameProps) {
  const { t } = useTranslation();
  const handle = currentHandle(useMatches());
  return (
    <Stack gap="lg" component="section" aria-labelledby="page-title">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} id="page-title" fz={{ base: 24, sm: 28 }}>
          {title ?? (handle ? t(handle.title) : null)}
        </Title>
        {actions}
      </Group>
      {intro && (
        <Text size="sm" c="dimmed" mt={-12}>
          {intro}
        </Text>
      )}
      {children}
    </Stack>
  );
}
