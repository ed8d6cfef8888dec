import { useIntersection } from '@mantine/hooks';
import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

/**
 * How far beyond the viewport a deferred piece mounts, before it scrolls in: a quarter of a screen's height on each
 * side, so a piece mounts while the one above it is still scrolling by. (With a whole screen's height, a phone drew
 * five of the base dashboard's six widgets with its first view, of which two show; bench/README.md, 2026-11-30.)
 */
export const NEAR_MARGIN = '25% 0px';
/** The longest a deferred piece waits for an idle main thread before it mounts anyway. */
export const IDLE_TIMEOUT_MS = 1500;

/**
 * Pieces waiting for their turn to mount, in the order they asked: those on or near the screen first, those asked
 * for by an idle main thread after them (a piece that came into view never waits behind the rest of a long screen).
 */
const turns = { near: [] as (() => void)[], idle: [] as (() => void)[] };
/** The next turn's call, if one is waiting: in a task (a piece near), or when the main thread is idle. */
let waiting: { kind: 'task' | 'idle'; cancel: () => void } | null = null;
/** The piece being mounted now: the next turn waits until it has committed (or left the screen). */
let mounting: (() => void) | null = null;

function scheduleTurn() {
  if (turns.near.length > 0) {
    const id = setTimeout(nextTurn, 0);
    waiting = { kind: 'task', cancel: () => clearTimeout(id) };
  } else if (turns.idle.length > 0) {
    // What only idleness asked for waits for idleness again: it does not compete with the screen's own work.
    waiting = { kind: 'idle', cancel: whenIdle(nextTurn, IDLE_TIMEOUT_MS) };
  } else waiting = null;
}

function nextTurn() {
  waiting = null;
  const mount = turns.near.shift() ?? turns.idle.shift();
  if (!mount) return;
  // Rendered as a transition, which React renders in slices of a few milliseconds with the main thread free
  // between them (on a phone's processor one piece rendered at once was a long task); one piece at a time, so
  // one commit does not lay out several pieces together.
  mounting = mount;
  startTransition(mount);
}

/** `mount`'s piece has committed, or left before it did: the next turn can come. */
function turnEnded(mount: () => void) {
  if (mounting !== mount) return;
  mounting = null;
  if (!waiting) scheduleTurn();
}

/**
 * Runs `mount` in its turn, after those asked for before it in its queue (one piece mounted at a time, each
 * rendered in short slices); returns what to call once it has mounted or is no longer wanted.
 */
function inTurn(queue: (() => void)[], mount: () => void): () => void {
  queue.push(mount);
  // A piece near the screen does not wait for an idle main thread.
  if (waiting?.kind === 'idle' && queue === turns.near) {
    waiting.cancel();
    waiting = null;
  }
  if (!waiting && !mounting) scheduleTurn();
  return () => {
    const at = queue.indexOf(mount);
    if (at >= 0) queue.splice(at, 1);
    turnEnded(mount);
  };
}

interface MountWhenNearProps {
  /** Mounted now (everything in an editor); once mounted, it stays. */
  eager: boolean;
  /**
   * In the first viewport: mounted right after the screen's first draw, one piece after another in the order they
   * render, without waiting to come near or for an idle main thread.
   */
  first?: boolean;
  /**
   * Also mounted when the main thread is idle, if it never comes near (the default); when false, only once it
   * comes near (a phone, whose slower processor would spend its first seconds drawing what is not on screen).
   */
  idle?: boolean;
  /** Shown in its place until then; it fills the place the content will take, so nothing moves. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * Content mounted at once when `eager`; else in its turn, one piece at a time, each rendered in short slices (many
 * short tasks rather than one long one), right away when `first`, otherwise once it comes near the viewport (within NEAR_MARGIN) or (unless
 * `idle` is false) the main thread is idle, whichever is first: a long screen draws its first viewport without the cost of the rest,
 * and nothing stays unmounted for long. Once mounted it stays mounted.
 */
export function MountWhenNear({
  eager,
  first = false,
  idle = true,
  placeholder,
  children,
}: MountWhenNearProps) {
  const [mounted, setMounted] = useState(eager);
  // Why its turn was asked for: on or near the screen, or an idle main thread.
  const [asked, setAsked] = useState<'near' | 'idle' | null>(first ? 'near' : null);
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: NEAR_MARGIN });
  // Eager now (the editor opened): mounted for good, so leaving the editor keeps it.
  if (eager && !mounted) setMounted(true);
  // Once near, its turn is asked for (ahead of the idle ones), even if it scrolls away before the turn comes.
  if (entry?.isIntersecting && asked !== 'near') setAsked('near');
  // A layout effect: its cleanup, once mounted, ends the turn within the commit, so the next piece's turn comes in the
  // next task, not after the browser has painted and run the commit's passive effects (a frame per piece).
  useLayoutEffect(() => {
    if (mounted) return;
    if (asked) return inTurn(turns[asked], () => setMounted(true));
    if (idle) return whenIdle(() => setAsked('idle'), IDLE_TIMEOUT_MS);
  }, [mounted, asked, idle]);
  if (mounted || eager) return children;
  return (
    <div ref={ref} style={{ height: '100%' }} data-deferred="">
      {placeholder}
    </div>
  );
}
