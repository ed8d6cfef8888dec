// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
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

  it("mounts the first viewport's pieces right after the first draw, one after another, in order", async () => {
    const log: string[] = [];
    function Piece({ name }: { name: string }) {
      log.push(`render ${name}`);
      useEffect(() => void log.push(`commit ${name}`), [name]);
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
    for (let n = 0; n < 3; n++) await nextTask();
    expect(screen.queryByText('waiting')).toBeNull();
    // Each piece committed before the next one rendered: one piece's work at a time.
    expect(log).toEqual([
      'render map',
      'commit map',
      'render totals',
      'commit totals',
      'render uptime',
      'commit uptime',
    ]);
  });

  it('renders a piece as a transition: while its code loads, its placeholder stays rather than a fallback above it', async () => {
    let arrive: () => void = () => undefined;
    const code = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    let loaded = false;
    void code.then(() => {
      loaded = true;
    });
    function Loading() {
      if (!loaded) throw code;
      return <span>content</span>;
    }
    render(
      <Suspense fallback={<span>fallback</span>}>
        <MountWhenNear eager={false} first placeholder={<span>waiting</span>}>
          <Loading />
        </MountWhenNear>
      </Suspense>,
    );
    await nextTask();
    await nextTask();
    // Drawn urgently, the suspended piece would have hidden what shows for the boundary's fallback.
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
    await act(async () => arrive());
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('gives the next piece its turn when the one mounting leaves before it has committed', async () => {
    const never = new Promise<never>(() => undefined);
    function Stuck(): never {
      throw never;
    }
    const pieces = (withStuck: boolean) => (
      <div>
        {withStuck && (
          <MountWhenNear key="stuck" eager={false} first placeholder={<span>waiting</span>}>
            <Stuck />
          </MountWhenNear>
        )}
        <MountWhenNear key="next" eager={false} first placeholder={<span>waiting</span>}>
          <span>next</span>
        </MountWhenNear>
      </div>
    );
    const view = render(pieces(true));
    for (let n = 0; n < 3; n++) await nextTask();
    // The stuck piece's turn has not ended (its transition waits for what it suspended on): the next one waits.
    expect(screen.queryByText('next')).toBeNull();
    view.rerender(pieces(false));
    for (let n = 0; n < 3; n++) await nextTask();
    expect(screen.getByText('next')).toBeTruthy();
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
