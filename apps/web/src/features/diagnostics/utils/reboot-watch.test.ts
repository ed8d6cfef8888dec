import { describe, expect, it } from 'vitest';
import { job, results } from '../test/fixtures.ts';
import { nextRebootWatch, REBOOT_GRACE_MS, rebootWatchFor } from './reboot-watch.ts';

const back = Date.parse(results.reboot.expectedBackAt);
const fresh = { expectedBackAtMs: back, sawDown: false };
const down = { expectedBackAtMs: back, sawDown: true };

describe('nextRebootWatch', () => {
  it.each([
    ['no watch stays none', null, 'rebooting', back, null],
    ['still online right after the reboot: keep watching', fresh, 'online', back - 60_000, fresh],
    ['rebooting: seen down', fresh, 'rebooting', back - 60_000, down],
    ['offline counts as down too', fresh, 'offline', back - 60_000, down],
    ['still rebooting: keep watching', down, 'rebooting', back + 1000, down],
    ['online after being down: over', down, 'online', back, null],
    ['on backup after being down: over', down, 'onbackup', back, null],
    ['never seen down, well past the expected time: over', fresh, 'online', back + 31_000, null],
    ['still down long after the expected time: give up', down, 'rebooting', back + REBOOT_GRACE_MS + 1, null],
  ] as const)('%s', (_name, watch, status, now, expected) => {
    expect(nextRebootWatch(watch, status, now)).toEqual(expected);
  });
});

describe('rebootWatchFor', () => {
  it("starts on a successful reboot: back after the announced downtime, on the browser's clock", () => {
    // results.reboot announces 3 minutes of downtime.
    expect(rebootWatchFor(job('reboot', 'succeeded', { result: results.reboot }), 1_000_000)).toEqual({
      expectedBackAtMs: 1_000_000 + 180_000,
      sawDown: false,
    });
  });
  it.each([
    [
      'a failed reboot',
      job('reboot', 'failed', { error: 'The device is offline and cannot run diagnostics.' }),
    ],
    ['a running reboot', job('reboot', 'running')],
    ['another action', job('wantest', 'succeeded', { result: results.wantest })],
  ])('not on %s', (_name, j) => {
    expect(rebootWatchFor(j, back)).toBeNull();
  });
});
