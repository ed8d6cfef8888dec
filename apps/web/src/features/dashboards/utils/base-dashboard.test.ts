import { describe, expect, it } from 'vitest';
import { BASE_DASHBOARD, GRID_COLUMNS, gridPlacement, sortWidgets } from './base-dashboard.ts';

const at = (i: string, x: number, y: number) => ({ i, layout: { x, y } });

// Spec part 4: "widgets sorted by y then x".
describe('sortWidgets', () => {
  it.each([
    ['already in order', [at('a', 0, 0), at('b', 6, 0), at('c', 0, 1)], ['a', 'b', 'c']],
    ['y first', [at('low', 0, 5), at('high', 8, 0)], ['high', 'low']],
    ['then x within a row', [at('right', 8, 2), at('left', 0, 2), at('mid', 4, 2)], ['left', 'mid', 'right']],
    ['a lower row with a smaller x still comes later', [at('b', 0, 3), at('a', 11, 2)], ['a', 'b']],
    ['empty', [], []],
  ])('%s', (_name, widgets, order) => {
    expect(sortWidgets(widgets).map((w) => w.i)).toEqual(order);
  });

  it('does not change its input', () => {
    const widgets = [at('b', 0, 1), at('a', 0, 0)];
    sortWidgets(widgets);
    expect(widgets.map((w) => w.i)).toEqual(['b', 'a']);
  });
});

describe('gridPlacement on the 12-column grid', () => {
  it.each([
    [{ x: 0, y: 0, w: 8, h: 5 }, '1 / span 8', '1 / span 5'],
    [{ x: 8, y: 3, w: 4, h: 2 }, '9 / span 4', '4 / span 2'],
    [{ x: 6, y: 5, w: 6, h: 5 }, '7 / span 6', '6 / span 5'],
    // Too wide for its column: clamped to the columns left.
    [{ x: 10, y: 0, w: 6, h: 1 }, '11 / span 2', '1 / span 1'],
    // Out of range values: inside the grid, at least 1 × 1.
    [{ x: -3, y: -1, w: 0, h: 0 }, '1 / span 1', '1 / span 1'],
    [{ x: 20, y: 0, w: 3, h: 1 }, '12 / span 1', '1 / span 1'],
  ])('%o → column %s, row %s', (layout, column, row) => {
    expect(gridPlacement(layout)).toEqual({ gridColumn: column, gridRow: row });
  });
});

// Spec part 3 "Built-in base dashboard".
describe('the base dashboard', () => {
  it('is vnoc and not editable', () => {
    expect(BASE_DASHBOARD.id).toBe('vnoc');
    expect(BASE_DASHBOARD.editable).toBe(false);
  });

  it('has the spec widgets', () => {
    expect(BASE_DASHBOARD.widgets.map((w) => w.type).sort()).toEqual(
      ['ActiveAlerts', 'DeviceTable', 'DeviceTotals', 'SiteMap', 'SiteTable', 'Uptime'].sort(),
    );
  });

  it('asks problem devices and sites for offline, onbackup, rebooting, and uptime over LAST_6_HOURS', () => {
    const byType = Object.fromEntries(BASE_DASHBOARD.widgets.map((w) => [w.type, w.details]));
    expect(byType.DeviceTable).toEqual({ statuses: ['offline', 'onbackup', 'rebooting'] });
    expect(byType.SiteTable).toEqual({ statuses: ['offline', 'onbackup', 'rebooting'] });
    expect(byType.Uptime).toEqual({ duration: 'LAST_6_HOURS' });
  });

  it('fits every widget inside 12 columns without overlaps', () => {
    const cells = new Set<string>();
    for (const { layout } of BASE_DASHBOARD.widgets) {
      expect(layout.x + layout.w).toBeLessThanOrEqual(GRID_COLUMNS);
      for (let x = layout.x; x < layout.x + layout.w; x += 1) {
        for (let y = layout.y; y < layout.y + layout.h; y += 1) {
          expect(cells.has(`${x},${y}`), `${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });
});
