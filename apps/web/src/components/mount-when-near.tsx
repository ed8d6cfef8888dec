import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';

/** How far beyond the viewport a deferred piece mounts: a screen's height on each side, before it scrolls in. */
export const NEAR_MARGIN = '100% 0px';
/** The longest a deferred piece waits for an idle main thread before it mounts anyway. */
export const IDLE_TIMEOUT_MS = 1500;

/** Calls `run` once the main thread is idle (or after `timeout` ms at the latest); returns a cancel. */
function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: the timeout alone.
  const id = setTimeout(run, timeout);
  return () => clearTimeout(id);
}

interface MountWhenNearProps {
  /** Mounted now (what the first viewport shows, or everything in an editor); once mounted, it stays. */
  eager: boolean;
  /** Shown in its place until then; it fills the place the content will take, so nothing moves. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * Content mounted at once when `eager`, else once it comes near the viewport (within NEAR_MARGIN) or the main
 * thread is idle, whichever is first: a long screen draws its first viewport without the cost of the rest, and
 * nothing stays unmounted for long. Once mounted it stays mounted.
 */
export function MountWhenNear({ eager, placeholder, children }: MountWhenNearProps) {
  const [mounted, setMounted] = useState(eager);
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: NEAR_MARGIN });
  // Eager now (the editor opened): mounted for good, so leaving the editor keeps it.
  if (eager && !mounted) setMounted(true);
  const near = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (mounted) return;
    if (near) {
      setMounted(true);
      return;
    }
    return whenIdle(() => setMounted(true), IDLE_TIMEOUT_MS);
  }, [mounted, near]);
  if (mounted || eager) return children;
  return (
    <div ref={ref} style={{ height: '100%' }} data-deferred="">
      {placeholder}
    </div>
  );
}
