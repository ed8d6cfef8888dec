import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface WidgetCardProps {
  title: string;
  /** A short line under the title: the window or the groups the widget shows. */
  caption?: string;
  /** A link to the full list behind the widget. */
  more?: { to: string; label: string };
  children: ReactNode;
  testId: string;
}

/** A dashboard widget's frame: title, optional caption and "see all" link, content filling its grid cell. */
export function WidgetCard({ title, caption, more, children, testId }: WidgetCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-testid={testId}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          {/* Two lines before it is cut: beside its link, a narrow card's title did not fit one in Spanish. */}
          <Title order={2} fz="md" lineClamp={2} title={title}>
            {title}
          </Title>
          {caption && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {caption}
            </Text>
          )}
        </div>
        {more && (
          <Anchor component={Link} to={more.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {more.label}
          </Anchor>
        )}
      </Group>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</div>
    </Card>
  );
}
