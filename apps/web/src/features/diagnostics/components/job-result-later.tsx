import { Skeleton } from '@mantine/core';
import { type ComponentProps, Suspense } from 'react';
import { preloadable, usePreloadWhenPainted } from '../../../lib/preloadable.tsx';
import type { JobResult } from './job-result.tsx';

// A job's result (each action's result view, the port map, the summaries: ~6 KB gzipped) is drawn once a job is
// run or a past run opened, never in the device page's first view: its module is fetched once the page has
// painted (`usePreloadJobResult`), so it is there by the time one is asked for.
const result = preloadable(() => import('./job-result.tsx').then((m) => m.JobResult));

/** Starts loading the result views once the page has painted. */
export const usePreloadJobResult = () => usePreloadWhenPainted(result);

/** `JobResult`, its module loaded after the page's first paint; a skeleton while it loads. */
export function JobResultLater(props: ComponentProps<typeof JobResult>) {
  return (
    <Suspense fallback={<Skeleton height={64} data-testid="job-result-loading" />}>
      <result.Component {...props} />
    </Suspense>
  );
}
