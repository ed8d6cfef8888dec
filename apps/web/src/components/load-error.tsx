import { Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../lib/error-handler.ts';
import { Notice } from './notice.tsx';

interface LoadErrorProps {
  /** What failed to load: its message is shown. */
  error: unknown;
  /** Asks again (a query's refetch); no button without it. */
  onRetry?: () => void;
  /** The button's text (the caller's words for "try again"), with onRetry. */
  retryLabel?: string;
  title?: string;
  'data-testid'?: string;
}

/** What could not be loaded, why, and a way to ask again (role alert, so screen readers announce it). */
export function LoadError({ error, onRetry, retryLabel, title, 'data-testid': testId }: LoadErrorProps) {
  return (
    <Notice color="red" icon={IconAlertTriangle} title={title} role="alert" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && retryLabel && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Notice>
  );
}
