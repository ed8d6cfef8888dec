import { describe, expect, it } from 'vitest';
import { JOB_POLL_MS, pollUntil } from './jobs.ts';

describe('pollUntil: a job or batch is asked again until its answer says it is over', () => {
  const interval = pollUntil((job: { state: string }) => job.state === 'succeeded');
  it.each([
    ['before the first answer', undefined, JOB_POLL_MS],
    ['while it runs', { state: 'running' }, JOB_POLL_MS],
    ['once it is over', { state: 'succeeded' }, false],
  ])('%s', (_, data, expected) => {
    expect(interval({ state: { data } })).toBe(expected);
  });
});
