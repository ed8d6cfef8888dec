import { Anchor, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface WidgetCardProps {
  title: string;
  /** A link to the full list behind the widget. */
  more?: { to: string; label: string };
  children: ReactNode;
  testId: string;
}

/** A dashboard widget's frame: title, optional "see all" link, content filling its grid cell. */
export function WidgetCard({ title, more, children, testId }: WidgetCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-testid={testId}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="md">
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</div>
    </Card>
  );
}
