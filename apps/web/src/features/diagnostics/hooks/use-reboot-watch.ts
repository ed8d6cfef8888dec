import type { Job } from '@vnoc/contracts';
import { useCallback, useState } from 'react';
import { nextRebootWatch, REBOOT_POLL_MS, type RebootWatch, rebootWatchFor } from '../utils/reboot-watch.ts';

/**
 * Watches a device through a reboot: `start` with each finished job (only a successful reboot starts the
 * watch), `track` with each status read of the device and when it was read. While the watch lasts,
 * `refetchInterval` is REBOOT_POLL_MS, so the page shows rebooting → online; undefined otherwise.
 */
export function useRebootWatch() {
  const [watch, setWatch] = useState<RebootWatch | null>(null);
  const start = useCallback((job: Job) => {
    const next = rebootWatchFor(job, Date.now());
    if (next) setWatch(next);
  }, []);
  const track = useCallback((status: string | null | undefined, atMs: number) => {
    setWatch((current) => nextRebootWatch(current, status, atMs));
  }, []);
  return { refetchInterval: watch ? REBOOT_POLL_MS : undefined, watching: watch !== null, start, track };
}
