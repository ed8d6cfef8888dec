import { Skeleton } from '@mantine/core';
import { sortWidgets, type Widget } from '@vnoc/contracts';
import {
  type CSSProperties,
  type ReactNode,
  Suspense,
  startTransition,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Layout, LayoutItem } from 'react-grid-layout/core';
import { MountWhenNear } from '../../../components/mount-when-near.tsx';
import { preloadable } from '../../../lib/preloadable.tsx';
import { drawnLayout, GAP, gridPlaces, ROW_HEIGHT, STACK_BELOW_PX } from '../utils/layout.ts';
import classes from './dashboard-grid.module.css';

// The editor's grid (react-grid-layout's components: dragging, resizing, their styles) loads when Edit is pressed,
// not with the dashboard: a viewed grid places its widgets itself (gridPlaces, by the library's own formula).
const editableGrid = preloadable(() => import('./editable-grid.tsx').then((m) => m.EditableGrid));
const EditableGrid = editableGrid.Component;
/** Starts loading the editor's grid (Edit pressed), so the editor opens without waiting for it. */
export const preloadEditableGrid = editableGrid.preload;

interface DashboardGridProps {
  widgets: readonly Widget[];
  renderWidget: (widget: Widget) => ReactNode;
  /** Drag and resize on (the editor); the layout after each drag or resize comes back through onLayoutChange. */
  editing?: boolean;
  onLayoutChange?: (layout: Layout) => void;
}

/** The least height of a widget stacked on a narrow screen, in pixels. */
const stackedHeight = (widget: Widget) => Math.max(2, widget.layout.h) * (ROW_HEIGHT * 0.8);

/**
 * The widgets whose top is within the first viewport, `viewport` pixels below the grid's top: these mount right
 * after the grid, one per task, the others when they come near or the main thread is idle. (Counting from the
 * viewport's top instead, a phone took a widget below the fold for one on screen and drew it with the first view.)
 */
function firstViewport(
  sorted: readonly Widget[],
  layout: readonly LayoutItem[],
  stacked: boolean,
  viewport: number,
): Set<string> {
  const rows = new Map(layout.map((item) => [item.i, item.y]));
  const shown = new Set<string>();
  let stackTop = 0;
  for (const widget of sorted) {
    const top = stacked ? stackTop : (rows.get(widget.i) ?? widget.layout.y) * (ROW_HEIGHT + GAP);
    if (top < viewport) shown.add(widget.i);
    stackTop += stackedHeight(widget) + GAP;
  }
  return shown;
}

/** An element's content width, as react-grid-layout reads it (its computed width, else its client width). */
function contentWidth(node: HTMLElement): number {
  const computed = Number.parseFloat(getComputedStyle(node).width);
  return Math.max(0, Math.round(Number.isFinite(computed) ? computed : node.clientWidth));
}

/**
 * The grid's content width: measured as it mounts, then on every resize (a ResizeObserver), each set as a
 * transition. The grid draws its widgets' places once it knows the width; set urgently (react-grid-layout's own
 * hook sets it from an effect), that draw of every cell was one long task of its own (~70 ms here, four times that
 * on a phone's processor); as a transition React renders it in short slices (issue 39). Also how far below the
 * viewport's top the grid starts as it mounts (the heading and toolbar above it), which tells the first viewport's
 * widgets.
 */
function useGridWidth() {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const node = containerRef.current;
    if (!node) return;
    const measured = contentWidth(node);
    const offset = Math.max(0, node.getBoundingClientRect().top);
    startTransition(() => {
      setWidth(measured);
      setTop(offset);
    });
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? contentWidth(node));
      startTransition(() => setWidth(next));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { width: width ?? 0, top, containerRef, mounted: width !== null };
}

interface ViewedGridProps {
  widgets: readonly Widget[];
  width: number;
  /** The widgets' cells, keyed by widget, in the order of `widgets`. */
  children: ReactNode[];
}

/** The 12-column grid viewed: each cell absolutely placed where react-grid-layout would put it (gridPlaces). */
function ViewedGrid({ widgets, width, children }: ViewedGridProps) {
  const places = useMemo(() => gridPlaces(widgets, width), [widgets, width]);
  return (
    <div className={classes.grid} style={{ height: places.height }}>
      {widgets.map((widget, n) => (
        <div
          key={widget.i}
          className={classes.item}
          data-widget={widget.type}
          data-w={widget.layout.w}
          style={places.styles.get(widget.i)}
        >
          {children[n]}
        </div>
      ))}
    </div>
  );
}

/**
 * Widgets on the 12-column grid at their layout {x, y, w, h} (moved up as react-grid-layout moves them); on a
 * narrow screen they stack in y-then-x order instead. Viewed, the grid places them itself (ViewedGrid); the
 * editor's grid is react-grid-layout's (EditableGrid, loaded on Edit). Outside the editor the widgets mount
 * progressively, one per task (MountWhenNear): the first viewport's at once, those below it when they come near
 * or (on the grid, not stacked) the main thread is idle, a skeleton keeping their place until then.
 */
export function DashboardGrid({
  widgets,
  renderWidget,
  editing = false,
  onLayoutChange,
}: DashboardGridProps) {
  const { width, top, containerRef, mounted } = useGridWidth();
  const stacked = mounted && width < STACK_BELOW_PX;
  const sorted = useMemo(() => sortWidgets(widgets), [widgets]);
  const layout = useMemo(() => drawnLayout(widgets), [widgets]);
  const inFirstViewport = useMemo(
    () => firstViewport(sorted, layout, stacked, window.innerHeight - top),
    [sorted, layout, stacked, top],
  );
  const cells = sorted.map((widget) => (
    <MountWhenNear
      key={widget.i}
      eager={editing}
      first={inFirstViewport.has(widget.i)}
      // Stacked (a phone), those below the first screen mount as they scroll near, not when the main thread is
      // idle: on Lighthouse's mobile profile, drawing the unseen widgets in the first seconds was most of the
      // page's blocking time. Their data is asked for with the screen all the same (prefetchDashboardData).
      idle={!stacked}
      placeholder={<Skeleton h="100%" mih={120} radius="md" />}
    >
      {renderWidget(widget)}
    </MountWhenNear>
  ));

  const viewed = (
    <ViewedGrid widgets={sorted} width={width}>
      {cells}
    </ViewedGrid>
  );
  return (
    <div ref={containerRef} data-testid="dashboard-grid" data-layout={stacked ? 'stacked' : 'grid'}>
      {!mounted ? null : stacked ? (
        <div className={classes.stack}>
          {sorted.map((widget, n) => (
            <div
              key={widget.i}
              className={classes.stackItem}
              data-widget={widget.type}
              style={{ '--widget-min-height': `${stackedHeight(widget)}px` } as CSSProperties}
            >
              {cells[n]}
            </div>
          ))}
        </div>
      ) : editing ? (
        // Until the editor's grid has loaded (Edit preloads it), the widgets stay where they are.
        <Suspense fallback={viewed}>
          <EditableGrid widgets={sorted} width={width} onLayoutChange={onLayoutChange}>
            {cells}
          </EditableGrid>
        </Suspense>
      ) : (
        viewed
      )}
    </div>
  );
}
