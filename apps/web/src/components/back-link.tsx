import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A small "← back to the list" link above a page's content. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/** The same way back as a button, for a pane that opened in place (a conversation, a ticket in the support console). */
export function BackButton({
  onBack,
  children,
  'data-testid': testId,
}: {
  onBack: () => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconArrowLeft size={14} aria-hidden />}
      onClick={onBack}
      w="fit-content"
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
