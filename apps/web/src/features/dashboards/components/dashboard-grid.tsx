import type { CSSProperties, ReactNode } from 'react';
import { gridPlacement, sortWidgets, type Widget } from '../utils/base-dashboard.ts';
import classes from './dashboard-grid.module.css';

/** Height of one grid row in pixels (a widget of h rows is h × this, plus the gaps). */
export const ROW_HEIGHT = 104;

interface DashboardGridProps {
  widgets: readonly Widget[];
  renderWidget: (widget: Widget) => ReactNode;
}

/** Widgets on the 12-column grid at their layout {x, y, w, h}, in y-then-x order (also the stacking order on phones). */
export function DashboardGrid({ widgets, renderWidget }: DashboardGridProps) {
  return (
    <div className={classes.grid} style={{ '--dashboard-row-height': `${ROW_HEIGHT}px` } as CSSProperties}>
      {sortWidgets(widgets).map((widget) => {
        const place = gridPlacement(widget.layout);
        return (
          <div
            key={widget.i}
            className={classes.cell}
            data-widget={widget.type}
            style={
              {
                '--widget-column': place.gridColumn,
                '--widget-row': place.gridRow,
                '--widget-min-height': `${Math.max(2, widget.layout.h) * (ROW_HEIGHT * 0.8)}px`,
              } as CSSProperties
            }
          >
            {renderWidget(widget)}
          </div>
        );
      })}
    </div>
  );
}
