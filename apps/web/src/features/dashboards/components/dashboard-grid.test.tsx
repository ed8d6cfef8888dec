// @vitest-environment jsdom

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Widget } from '@vnoc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { DashboardGrid } from './dashboard-grid.tsx';

const realComputedStyle = window.getComputedStyle;
/** The grid container's measured width: a laptop's content area unless a test sets a phone's. */
let containerWidth = '1100px';
beforeAll(() => {
  installDomStubs();
  // jsdom lays nothing out: the grid's container measures as a laptop's content area, so the grid (not the
  // phone's stack) is drawn.
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = realComputedStyle(element, pseudo);
    if ((element as HTMLElement).dataset?.testid !== 'dashboard-grid') return style;
    return new Proxy(style, {
      get: (target, key) => (key === 'width' ? containerWidth : Reflect.get(target, key)),
    });
  });
});
afterAll(() => vi.restoreAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  containerWidth = '1100px';
});

/** No element comes near the viewport: jsdom lays nothing out. */
function stubNothingNear() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

/** A main thread that is never idle. */
function stubNeverIdle() {
  vi.stubGlobal('requestIdleCallback', () => 1);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
}

const uptime = (w: number): Widget => ({
  type: 'Uptime',
  name: '',
  details: {},
  layout: { i: 'uptime-1', x: 0, y: 0, w, h: 2 },
  i: 'uptime-1',
  moved: false,
});

function grid(widgets: Widget[], onLayoutChange: (layout: unknown) => void, editing = true) {
  return (
    <Providers>
      <DashboardGrid
        widgets={widgets}
        editing={editing}
        onLayoutChange={onLayoutChange}
        renderWidget={(widget) => <p>{widget.type}</p>}
      />
    </Providers>
  );
}

describe('DashboardGrid', () => {
  it('hands on no layout it was given: two quick keyboard steps (4 → 5 → 6 columns) stay at 6', async () => {
    const onLayoutChange = vi.fn();
    const view = render(grid([uptime(4)], onLayoutChange));
    await waitFor(() => expect(screen.getByText('Uptime')).toBeTruthy());
    view.rerender(grid([uptime(5)], onLayoutChange));
    view.rerender(grid([uptime(6)], onLayoutChange));
    await waitFor(() =>
      expect(document.querySelector('[data-widget="Uptime"]')?.getAttribute('data-w')).toBe('6'),
    );
    // Let the grid's effects settle (React runs every pending effect and the renders they cause inside act): an
    // echo of the 5-column layout would arrive here.
    await act(async () => {});
    expect(onLayoutChange).not.toHaveBeenCalled();
  });

  it("viewed, places every widget where the editor's react-grid-layout does, without its components (issue 39)", async () => {
    stubNothingNear();
    // Gaps and an overlap, as a layout saved through the API may have: the grid moves them up.
    const widgets: Widget[] = [
      { ...uptime(6), i: 'a', layout: { i: 'a', x: 6, y: 2, w: 6, h: 3 } },
      { ...uptime(6), i: 'b', layout: { i: 'b', x: 6, y: 0, w: 6, h: 2 } },
      { ...uptime(5), i: 'c', layout: { i: 'c', x: 0, y: 9, w: 5, h: 4 } },
      { ...uptime(4), i: 'd', layout: { i: 'd', x: 3, y: 3, w: 4, h: 2 } },
    ];
    const places = () =>
      // In y-then-x order: b, a, d, c (the viewed grid draws a skeleton for those below the first viewport).
      [...document.querySelectorAll<HTMLElement>('[data-widget]')].map((cell) => ({
        transform: cell.style.transform,
        width: cell.style.width,
        height: cell.style.height,
        editor: cell.classList.contains('react-grid-item'),
      }));
    const cells = (w: Widget) => <p>{w.i}</p>;
    const view = render(
      <Providers>
        <DashboardGrid widgets={widgets} editing renderWidget={cells} />
      </Providers>,
    );
    await waitFor(() => expect(document.querySelector('.react-grid-item')).not.toBeNull());
    const edited = places();
    const editedHeight = (document.querySelector('.react-grid-layout') as HTMLElement).style.height;
    view.rerender(
      <Providers>
        <DashboardGrid widgets={widgets} renderWidget={cells} />
      </Providers>,
    );
    await waitFor(() => expect(document.querySelector('.react-grid-item')).toBeNull());
    const viewed = places();
    expect(viewed.map(({ editor, ...place }) => place)).toEqual(edited.map(({ editor, ...place }) => place));
    expect(viewed.every((place) => !place.editor) && edited.every((place) => place.editor)).toBe(true);
    // Every widget is placed (a transform), and `a` stays under `b`: 2 rows down, the right half.
    expect(viewed.map((place) => place.transform)).toEqual([
      'translate(558px,0px)',
      'translate(558px,240px)',
      // Pushed below a, which it overlapped; c moved up from row 9 to below d.
      'translate(279px,600px)',
      'translate(0px,840px)',
    ]);
    const grid = document.querySelector<HTMLElement>('[data-testid="dashboard-grid"] > div');
    expect(grid?.style.height).toBe(editedHeight);
  });

  it('mounts the widgets of the first viewport at once, a skeleton in the cell of one far below (issue 39)', async () => {
    stubNothingNear();
    stubNeverIdle();
    const below: Widget = {
      ...uptime(4),
      i: 'totals',
      type: 'DeviceTotals',
      layout: { i: 'totals', x: 0, y: 40, w: 4, h: 2 },
    };
    // Below a widget 8 rows high (960 px), past jsdom's 768 px viewport: the grid moves `below` up to row 8.
    const tall: Widget = { ...uptime(12), layout: { i: 'uptime-1', x: 0, y: 0, w: 12, h: 8 } };
    render(grid([tall, below], vi.fn(), false));
    await waitFor(() => expect(screen.getByText('Uptime')).toBeTruthy());
    expect(screen.queryByText('DeviceTotals')).toBeNull();
    expect(document.querySelector('[data-widget="DeviceTotals"] .mantine-Skeleton-root')).not.toBeNull();
  });

  it("counts the first viewport from the grid's top: a widget below the fold under the heading waits (issue 39)", async () => {
    stubNothingNear();
    stubNeverIdle();
    // The heading and toolbar above the grid: it starts 400 px down jsdom's 768 px viewport.
    const realRect = HTMLElement.prototype.getBoundingClientRect;
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.dataset.testid === 'dashboard-grid'
        ? ({ top: 400, bottom: 1400, left: 0, right: 1100, width: 1100, height: 1000 } as DOMRect)
        : realRect.call(this);
    });
    // The tests after this one measure the grid at the viewport's top again.
    onTestFinished(() => rect.mockRestore());
    // Row 4 starts 480 px below the grid's top: within 768 px of the grid, but 880 px down the screen.
    const below: Widget = {
      ...uptime(4),
      i: 'totals',
      type: 'DeviceTotals',
      layout: { i: 'totals', x: 0, y: 4, w: 4, h: 2 },
    };
    const top: Widget = { ...uptime(12), layout: { i: 'uptime-1', x: 0, y: 0, w: 12, h: 4 } };
    render(grid([top, below], vi.fn(), false));
    await waitFor(() => expect(screen.getByText('Uptime')).toBeTruthy());
    for (let n = 0; n < 5; n++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('DeviceTotals')).toBeNull();
    expect(document.querySelector('[data-widget="DeviceTotals"] .mantine-Skeleton-root')).not.toBeNull();
  });

  it('follows its width: narrowed to a phone, the grid stacks its widgets (a ResizeObserver, set as a transition)', async () => {
    const observers: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(grid([uptime(4)], vi.fn()));
    const layout = () =>
      document.querySelector('[data-testid="dashboard-grid"]')?.getAttribute('data-layout');
    await waitFor(() => expect(layout()).toBe('grid'));
    await act(async () => {
      for (const callback of observers)
        callback([{ contentRect: { width: 360 } } as ResizeObserverEntry], {} as ResizeObserver);
    });
    await waitFor(() => expect(layout()).toBe('stacked'));
  });

  it.each([
    ['the grid', '1100px', true],
    ['stacked on a phone', '360px', false],
  ])('on %s, a widget far below mounts when the main thread is idle: %s', async (_, width, mounts) => {
    containerWidth = width;
    stubNothingNear();
    // An idle main thread at once.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    const below: Widget = {
      ...uptime(4),
      i: 'totals',
      type: 'DeviceTotals',
      layout: { i: 'totals', x: 0, y: 40, w: 4, h: 2 },
    };
    // Three tall widgets above it, 7 rows high: on the grid it starts at row 7 (840 px, past jsdom's 768 px
    // viewport); stacked, several screens down.
    const tall = [0, 1, 2].map(
      (n): Widget => ({
        ...uptime(4),
        i: `tall-${n}`,
        layout: { i: `tall-${n}`, x: 4 * n, y: 0, w: 4, h: 7 },
      }),
    );
    render(grid([...tall, below], vi.fn(), false));
    expect(document.querySelector('[data-testid="dashboard-grid"]')?.getAttribute('data-layout')).toBe(
      mounts ? 'grid' : 'stacked',
    );
    // Those of the first viewport mount first, one after another; then, on the grid, the one far below.
    if (mounts) await waitFor(() => expect(screen.getByText('DeviceTotals')).toBeTruthy());
    else {
      await waitFor(() => expect(screen.getAllByText('Uptime').length).toBeGreaterThan(0));
      for (let n = 0; n < 5; n++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText('DeviceTotals')).toBeNull();
    }
  });
});
