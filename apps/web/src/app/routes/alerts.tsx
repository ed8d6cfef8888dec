import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';

// The screen (table, filters, drawer, ticket form) loads behind its frame: the heading and the main
// layout show at once.
const AlertsWithTickets = lazy(() =>
  import('./alerts-screen.tsx').then((m) => ({ default: m.AlertsWithTickets })),
);

/** Alerts (/alerts): the organization's alerts; see alerts-screen.tsx. */
export function Component() {
  return (
    <Suspense
      fallback={
        <PageFrame>
          <Stack gap="md" aria-busy>
            <Skeleton height={64} />
            <Skeleton height={320} />
          </Stack>
        </PageFrame>
      }
    >
      <AlertsWithTickets />
    </Suspense>
  );
}
