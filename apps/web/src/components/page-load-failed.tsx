import { Button, Group } from '@mantine/core';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-handler.ts';
import { EmptyState } from './empty-state.tsx';
import { PageFrame } from './page-frame.tsx';

interface PageLoadFailedProps {
  /** Why the page's item did not load: a 404 says it does not exist, anything else shows its message. */
  error: unknown;
  icon: ComponentProps<typeof EmptyState>['icon'];
  notFound: { title: string; text: string };
  failedTitle: string;
  /** The list the item belongs to. */
  back: { to: string; label: string };
  /** Asks again, offered when the failure was not a 404; beside the way back. */
  retry?: { label: string; onRetry: () => void };
}

/** A detail page whose item could not be loaded: not found, or failed with its reason, and the way back. */
export function PageLoadFailed({ error, icon, notFound, failedTitle, back, retry }: PageLoadFailedProps) {
  const missing = error instanceof ApiError && error.status === 404;
  const backButton = (
    <Button component={Link} to={back.to} variant="light">
      {back.label}
    </Button>
  );
  return (
    <PageFrame>
      <EmptyState
        icon={icon}
        title={missing ? notFound.title : failedTitle}
        text={missing ? notFound.text : errorMessage(error)}
      >
        {retry ? (
          <Group gap="xs" justify="center">
            {!missing && <Button onClick={retry.onRetry}>{retry.label}</Button>}
            {backButton}
          </Group>
        ) : (
          backButton
        )}
      </EmptyState>
    </PageFrame>
  );
}
