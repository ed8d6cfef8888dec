import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { Widget } from '@vnoc/contracts';
import { type ReactNode, useMemo } from 'react';
import GridLayout, { type Layout } from 'react-grid-layout';
import { DRAG_HANDLE_CLASS, GRID_CONFIG, toGridLayout } from '../utils/layout.ts';
import classes from './dashboard-grid.module.css';
import editorClasses from './editable-grid.module.css';

interface EditableGridProps {
  /** In y-then-x order. */
  widgets: readonly Widget[];
  width: number;
  /** The widgets' cells, keyed by widget, in the order of `widgets`. */
  children: ReactNode[];
  /** The layout after each drag or resize. */
  onLayoutChange?: (layout: Layout) => void;
}

/**
 * The editor's grid: react-grid-layout's, the widgets dragged by their bar's handle and resized by their lower right
 * corner. Loaded on Edit (DashboardGrid), with the library and its styles.
 */
export function EditableGrid({ widgets, width, children, onLayoutChange }: EditableGridProps) {
  const layout = useMemo(() => toGridLayout(widgets), [widgets]);
  return (
    <GridLayout
      className={editorClasses.grid}
      width={width}
      layout={layout}
      gridConfig={GRID_CONFIG}
      dragConfig={{ enabled: true, handle: `.${DRAG_HANDLE_CLASS}`, threshold: 3 }}
      resizeConfig={{ enabled: true, handles: ['se'] }}
      // Only what a pointer did (a drag or a resize ended). The grid's onLayoutChange also echoes, a render or
      // two late, every layout it was given: after two quick keyboard steps that echo of the first undid the
      // second.
      onDragStop={(next) => onLayoutChange?.(next)}
      onResizeStop={(next) => onLayoutChange?.(next)}
    >
      {widgets.map((widget, n) => (
        <div key={widget.i} className={classes.item} data-widget={widget.type} data-w={widget.layout.w}>
          {children[n]}
        </div>
      ))}
    </GridLayout>
  );
}
