// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, MountWhenNear, NEAR_MARGIN } from './mount-when-near.tsx';

// The browser's IntersectionObserver and requestIdleCallback, driven by the test.
let observers: {
  callback: IntersectionObserverCallback;
  options?: IntersectionObserverInit;
  targets: Element[];
}[];
let idle: { run: () => void; timeout?: number }[];
beforeEach(() => {
  observers = [];
  idle = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        this.targets.length = 0;
      }
    },
  );
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
    idle.push({ run, timeout: options?.timeout });
    return idle.length;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The next task: one queued now runs after those queued before it (a piece's turn to mount). */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const show = (eager: boolean) =>
  render(
    <MountWhenNear eager={eager} placeholder={<span>waiting</span>}>
      <span>content</span>
    </MountWhenNear>,
  );

const intersect = (isIntersecting: boolean) =>
  act(() => {
    for (const { callback, targets } of observers)
      if (targets.length > 0)
        callback(
          targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
  });

describe('MountWhenNear (issue 39: the dashboard mounted progressively)', () => {
  it('mounts eager content at once', () => {
    show(true);
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('keeps the placeholder until the content comes within a screen of the viewport', async () => {
    show(false);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(observers.at(-1)?.options?.rootMargin).toBe(NEAR_MARGIN);
    intersect(false);
    await nextTask();
    expect(screen.queryByText('content')).toBeNull();
    intersect(true);
    await nextTask();
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('mounts when the main thread is idle, asking for it within the timeout, if it never scrolls near', async () => {
    show(false);
    expect(screen.queryByText('content')).toBeNull();
    expect(idle.at(-1)?.timeout).toBe(IDLE_TIMEOUT_MS);
    act(() => idle.at(-1)?.run());
    // Its turn, asked for by idleness, waits for the main thread to be idle again.
    await nextTask();
    expect(screen.queryByText('content')).toBeNull();
    act(() => idle.at(-1)?.run());
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('with idle off, never asks for idle time: it mounts only once it comes near', async () => {
    render(
      <MountWhenNear eager={false} idle={false} placeholder={<span>waiting</span>}>
        <span>content</span>
      </MountWhenNear>,
    );
    await nextTask();
    expect(idle).toHaveLength(0);
    expect(screen.queryByText('content')).toBeNull();
    intersect(true);
    await nextTask();
    expect(screen.getByText('content')).toBeTruthy();
  });

  it("mounts the first viewport's pieces right after the first draw, one per task, in order", async () => {
    const commits: string[] = [];
    function Piece({ name }: { name: string }) {
      commits.push(name);
      return <span>{name}</span>;
    }
    render(
      <div>
        {['map', 'totals', 'uptime'].map((name) => (
          <MountWhenNear key={name} eager={false} first placeholder={<span>waiting</span>}>
            <Piece name={name} />
          </MountWhenNear>
        ))}
      </div>,
    );
    // The first draw shows their places; no idle time or scrolling is waited for.
    expect(screen.getAllByText('waiting')).toHaveLength(3);
    expect(idle).toHaveLength(0);
    // Each piece renders in a task of its own: what has rendered when each task of the turns has run.
    const seen: string[][] = [];
    const look = (left: number) =>
      setTimeout(() => {
        seen.push([...commits]);
        if (left > 1) look(left - 1);
      }, 0);
    look(3);
    await nextTask();
    await nextTask();
    await nextTask();
    expect(seen).toEqual([['map'], ['map', 'totals'], ['map', 'totals', 'uptime']]);
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('stays mounted once eager, when eager ends (the editor closed)', () => {
    const view = show(false);
    view.rerender(
      <MountWhenNear eager placeholder={<span>waiting</span>}>
        <span>content</span>
      </MountWhenNear>,
    );
    view.rerender(
      <MountWhenNear eager={false} placeholder={<span>waiting</span>}>
        <span>content</span>
      </MountWhenNear>,
    );
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('mounts a piece that comes near ahead of those an idle main thread asked for first', async () => {
    const commits: string[] = [];
    function Piece({ name }: { name: string }) {
      commits.push(name);
      return <span>{name}</span>;
    }
    render(
      <div>
        {['far-1', 'far-2', 'near'].map((name) => (
          <MountWhenNear key={name} eager={false} placeholder={<span>waiting</span>}>
            <Piece name={name} />
          </MountWhenNear>
        ))}
      </div>,
    );
    // The two far ones are asked for by the idle main thread, then the third comes near before their turns.
    act(() => {
      idle[0]?.run();
      idle[1]?.run();
    });
    const third = observers.at(-1);
    act(() => {
      const target = third?.targets[0];
      if (target)
        third?.callback(
          [{ target, isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
    });
    await nextTask();
    expect(commits).toEqual(['near']);
    // The far ones then in idle time, one per idle callback.
    act(() => idle.at(-1)?.run());
    act(() => idle.at(-1)?.run());
    expect(commits).toEqual(['near', 'far-1', 'far-2']);
  });
});
