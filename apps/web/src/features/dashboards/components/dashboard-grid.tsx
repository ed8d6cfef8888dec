import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { Skeleton } from '@mantine/core';
import { GRID_COLUMNS, sortWidgets, type Widget } from '@vnoc/contracts';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import GridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import { MountWhenNear } from '../../../components/mount-when-near.tsx';
import { DRAG_HANDLE_CLASS, STACK_BELOW_PX, toGridLayout } from '../utils/layout.ts';
import classes from './dashboard-grid.module.css';

/** Height of one grid row in pixels (a widget of h rows is h × this, plus the gaps). */
export const ROW_HEIGHT = 104;
const GAP = 16;

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
 * The widgets whose top is within the first viewport (the grid's own offset aside, which only counts a few more):
 * these mount right after the grid, one per task, the others when they come near or the main thread is idle.
 */
function firstViewport(sorted: readonly Widget[], stacked: boolean, viewport: number): Set<string> {
  const shown = new Set<string>();
  let stackTop = 0;
  for (const widget of sorted) {
    const top = stacked ? stackTop : widget.layout.y * (ROW_HEIGHT + GAP);
    if (top < viewport) shown.add(widget.i);
    stackTop += stackedHeight(widget) + GAP;
  }
  return shown;
}

/**
 * Widgets on the 12-column react-grid-layout grid at their layout {x, y, w, h}; on a narrow screen they
 * stack in y-then-x order instead. Outside the editor the widgets mount progressively, one per task (MountWhenNear):
 * the first viewport's at once, those below it when they come near or (on the grid, not stacked) the main thread is
 * idle, a skeleton keeping their place until then.
 */
export function DashboardGrid({
  widgets,
  renderWidget,
  editing = false,
  onLayoutChange,
}: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const layout = useMemo(() => toGridLayout(widgets), [widgets]);
  const stacked = mounted && width < STACK_BELOW_PX;
  const sorted = useMemo(() => sortWidgets(widgets), [widgets]);
  const inFirstViewport = useMemo(
    () => firstViewport(sorted, stacked, window.innerHeight),
    [sorted, stacked],
  );
  const render = (widget: Widget) => (
    <MountWhenNear
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
  );

  return (
    <div ref={containerRef} data-testid="dashboard-grid" data-layout={stacked ? 'stacked' : 'grid'}>
      {!mounted ? null : stacked ? (
        <div className={classes.stack}>
          {sorted.map((widget) => (
            <div
              key={widget.i}
              className={classes.stackItem}
              data-widget={widget.type}
              style={{ '--widget-min-height': `${stackedHeight(widget)}px` } as CSSProperties}
            >
              {render(widget)}
            </div>
          ))}
        </div>
      ) : (
        <GridLayout
          className={classes.grid}
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [GAP, GAP],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: editing, handle: `.${DRAG_HANDLE_CLASS}`, threshold: 3 }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          // Only what a pointer did (a drag or a resize ended). The grid's onLayoutChange also echoes, a render or
          // two late, every layout it was given: after two quick keyboard steps that echo of the first undid the
          // second.
          onDragStop={(next) => {
            if (editing) onLayoutChange?.(next);
          }}
          onResizeStop={(next) => {
            if (editing) onLayoutChange?.(next);
          }}
        >
          {sorted.map((widget) => (
            <div key={widget.i} className={classes.item} data-widget={widget.type} data-w={widget.layout.w}>
              {render(widget)}
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
