import {
  BASE_DASHBOARD,
  type Dashboard,
  DashboardSaveSchema,
  GRID_COLUMNS,
  sortWidgets,
  type Widget,
} from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { widgetAt } from '../test/widgets.ts';
import {
  ANALYTICS_WIDGETS,
  applyLayout,
  DURATION_WIDGETS,
  defaultDashboard,
  fieldsOf,
  GROUP_FILTER_WIDGETS,
  gridPlaces,
  moveWidget,
  newWidget,
  resizeWidget,
  savePayload,
  shownWidgets,
  widgetDuration,
  widgetGroupIds,
  widgetsChanged,
} from './layout.ts';

const w = widgetAt;
const place = (widgets: Widget[], i: string) => {
  const found = widgets.find((x) => x.i === i);
  return found && [found.layout.x, found.layout.y, found.layout.w, found.layout.h];
};

function noOverlap(widgets: Widget[]) {
  const cells = new Set<string>();
  for (const { layout } of widgets) {
    expect(layout.x).toBeGreaterThanOrEqual(0);
    expect(layout.x + layout.w).toBeLessThanOrEqual(GRID_COLUMNS);
    for (let x = layout.x; x < layout.x + layout.w; x += 1) {
      for (let y = layout.y; y < layout.y + layout.h; y += 1) {
        expect(cells.has(`${x},${y}`), `${x},${y}`).toBe(false);
        cells.add(`${x},${y}`);
      }
    }
  }
}

// Spec part 4: widgets sorted by y then x — also the stacking order on phones.
describe('stacking order (y then x)', () => {
  it.each([
    ['y first', [w('low', 0, 5, 4, 2), w('high', 8, 0, 4, 2)], ['high', 'low']],
    ['then x within a row', [w('r', 8, 2, 4, 2), w('l', 0, 2, 4, 2), w('m', 4, 2, 4, 2)], ['l', 'm', 'r']],
    ['a lower row with a smaller x still comes later', [w('b', 0, 3, 4, 2), w('a', 11, 2, 1, 2)], ['a', 'b']],
  ])('%s', (_name, widgets, order) => {
    expect(sortWidgets(widgets).map((x) => x.i)).toEqual(order);
  });

  it('the base dashboard stacks map, totals, uptime, alerts, devices, sites', () => {
    expect(sortWidgets(BASE_DASHBOARD.widgets).map((x) => x.type)).toEqual([
      'SiteMap',
      'DeviceTotals',
      'Uptime',
      'ActiveAlerts',
      'DeviceTable',
      'SiteTable',
    ]);
  });
});

// A viewed grid places its widgets itself, where react-grid-layout puts them in the editor (issue 39).
describe('the places of a viewed grid', () => {
  // 1100 px wide: columns of (1100 − 11 gaps of 16) / 12 = 77 px, a column and its gap 93 px, a row and its gap 120.
  const style = (widgets: Widget[], i: string, width = 1100) => {
    const found = gridPlaces(widgets, width).styles.get(i);
    return found && [found.transform, found.width, found.height, found.position];
  };

  it('a widget at x=6, y=2, 6 wide and 3 high, below another: 6 columns and 2 rows in, 6 columns and 3 rows big', () => {
    const widgets = [w('above', 6, 0, 6, 2), w('it', 6, 2, 6, 3)];
    // 6 × 93 = 558 across, 2 × 120 = 240 down; 6 × 77 + 5 gaps = 542 wide, 3 × 104 + 2 gaps = 344 high.
    expect(style(widgets, 'it')).toEqual(['translate(558px,240px)', '542px', '344px', 'absolute']);
    expect(style(widgets, 'above')).toEqual(['translate(558px,0px)', '542px', '224px', 'absolute']);
    // Five rows and the four gaps between them.
    expect(gridPlaces(widgets, 1100).height).toBe(5 * 104 + 4 * 16);
  });

  it('rounds to whole pixels, each gap exactly 16 (the width left by the gaps is not a multiple of 12)', () => {
    // (1000 − 176) / 12 = 68.67 px a column: 5 of them and 4 gaps 407.3 → 407; b starts at 5 × 84.67 = 423.3 → 423,
    // 16 px after a; 7 columns and 6 gaps 576.7 → 577, ending at 1000.
    const widgets = [w('a', 0, 0, 5, 2), w('b', 5, 0, 7, 2)];
    expect(style(widgets, 'a', 1000)).toEqual(['translate(0px,0px)', '407px', '224px', 'absolute']);
    expect(style(widgets, 'b', 1000)).toEqual(['translate(423px,0px)', '577px', '224px', 'absolute']);
  });

  it('moves widgets up into empty rows and out of overlaps, as the grid does with a layout saved through the API', () => {
    const widgets = [w('low', 0, 6, 4, 2), w('over', 2, 0, 4, 3), w('top', 0, 0, 4, 2)];
    expect(style(widgets, 'top')?.[0]).toBe('translate(0px,0px)');
    // Pushed below `top`, which it overlapped, then `low` up under it.
    expect(style(widgets, 'over')?.[0]).toBe('translate(186px,240px)');
    expect(style(widgets, 'low')?.[0]).toBe('translate(0px,600px)');
    expect(gridPlaces(widgets, 1100).height).toBe(7 * 104 + 6 * 16);
  });

  it('an empty grid has no height', () => {
    expect(gridPlaces([], 1100).height).toBe(0);
  });
});

describe('moving a widget with the keyboard', () => {
  const widgets = [w('a', 0, 0, 6, 2), w('b', 6, 0, 6, 2), w('c', 0, 2, 12, 2)];

  it('moves right and left by a column, clamped to the 12 columns', () => {
    const one = [w('a', 0, 0, 4, 2)];
    expect(place(moveWidget(one, 'a', 'right'), 'a')).toEqual([1, 0, 4, 2]);
    expect(place(moveWidget(one, 'a', 'left'), 'a')).toEqual([0, 0, 4, 2]);
    const atEdge = [w('a', 8, 0, 4, 2)];
    expect(place(moveWidget(atEdge, 'a', 'right'), 'a')).toEqual([8, 0, 4, 2]);
  });

  it('does not go above the first row', () => {
    expect(place(moveWidget(widgets, 'a', 'up'), 'a')).toEqual([0, 0, 6, 2]);
  });

  it('moving down swaps with the widget below; nothing overlaps', () => {
    const moved = moveWidget(widgets, 'a', 'down');
    expect(place(moved, 'a')?.[1]).toBeGreaterThan(place(moved, 'c')?.[1] ?? 0);
    noOverlap(moved);
  });

  it('moving up swaps back', () => {
    const down = moveWidget(widgets, 'c', 'up');
    expect(place(down, 'c')?.[1]).toBe(0);
    noOverlap(down);
  });

  it('an unknown widget changes nothing', () => {
    expect(moveWidget(widgets, 'nope', 'left')).toEqual(widgets);
  });
});

describe('resizing a widget with the keyboard', () => {
  it('grows and shrinks by a cell', () => {
    const one = [w('a', 0, 0, 6, 3)];
    expect(place(resizeWidget(one, 'a', 'wider'), 'a')).toEqual([0, 0, 7, 3]);
    expect(place(resizeWidget(one, 'a', 'narrower'), 'a')).toEqual([0, 0, 5, 3]);
    expect(place(resizeWidget(one, 'a', 'taller'), 'a')).toEqual([0, 0, 6, 4]);
    expect(place(resizeWidget(one, 'a', 'shorter'), 'a')).toEqual([0, 0, 6, 2 + 1]);
  });

  it('never wider than the columns right of x', () => {
    const one = [w('a', 4, 0, 8, 3)];
    expect(place(resizeWidget(one, 'a', 'wider'), 'a')).toEqual([4, 0, 8, 3]);
  });

  it("never smaller than its type's minimum", () => {
    const small = [w('u', 0, 0, 2, 2, 'Uptime')];
    expect(place(resizeWidget(small, 'u', 'narrower'), 'u')).toEqual([0, 0, 2, 2]);
    expect(place(resizeWidget(small, 'u', 'shorter'), 'u')).toEqual([0, 0, 2, 2]);
  });

  it('pushes what it now covers down', () => {
    const widgets = [w('a', 0, 0, 6, 3), w('b', 6, 0, 6, 3)];
    const wider = resizeWidget(widgets, 'a', 'wider');
    expect(place(wider, 'a')).toEqual([0, 0, 7, 3]);
    expect(place(wider, 'b')?.[1]).toBeGreaterThanOrEqual(3);
    noOverlap(wider);
  });
});

describe('adding a widget', () => {
  it('goes at the bottom left at its catalogue size, with a window when it takes one', () => {
    const added = newWidget('TopUsage', BASE_DASHBOARD.widgets, 'k1');
    expect(added.layout).toEqual({ i: 'k1', x: 0, y: 14, w: 6, h: 4 });
    expect(added.details).toEqual({ duration: 'LAST_6_HOURS' });
    expect(newWidget('VanList', [], 'k2').details).toEqual({});
  });
});

describe('widget settings', () => {
  it.each([
    [{ duration: 'LAST_7_DAYS' }, 'Uptime', 'LAST_7_DAYS'],
    [{}, 'Uptime', 'LAST_6_HOURS'],
    [{}, 'TroubledSites', 'LAST_24_HOURS'],
    [{ duration: 'LAST_YEAR' }, 'TopUsage', 'LAST_6_HOURS'],
  ] as const)('%o on %s → %s', (details, type, duration) => {
    expect(widgetDuration({ type, details })).toBe(duration);
  });

  it("a widget's own groups, else the dashboard's", () => {
    expect(widgetGroupIds({ details: { groupIds: ['g1'] } }, ['g2'])).toEqual(['g1']);
    expect(widgetGroupIds({ details: {} }, ['g2'])).toEqual(['g2']);
    expect(widgetGroupIds({ details: { groupIds: [] } }, [])).toEqual([]);
  });
});

const dashboard = (over: Partial<Dashboard> = {}): Dashboard => ({
  ...BASE_DASHBOARD,
  id: '7',
  name: 'East stores',
  editable: true,
  owned: true,
  default: false,
  ...over,
});

describe('the save payload', () => {
  it('carries the fields and the widgets y then x with layouts {i,x,y,w,h}, accepted by the contract', () => {
    const grid = [
      { i: 'uptime', x: 0, y: 0, w: 4, h: 2, moved: true },
      { i: 'site-map', x: 4, y: 0, w: 8, h: 5 },
    ];
    const widgets = applyLayout(BASE_DASHBOARD.widgets, grid);
    const body = savePayload(
      { ...fieldsOf(dashboard()), name: '  East stores ', tagNames: ['east', ' '] },
      widgets,
      '7',
    );
    expect(body.id).toBe('7');
    expect(body.name).toBe('East stores');
    expect(body.tagNames).toEqual(['east']);
    const list = body.widgets as Widget[];
    expect(list.slice(0, 2).map((x) => x.layout)).toEqual([
      { i: 'uptime', x: 0, y: 0, w: 4, h: 2, moved: true },
      { i: 'site-map', x: 4, y: 0, w: 8, h: 5 },
    ]);
    expect(list.map((x) => x.i)).toEqual(sortWidgets(list).map((x) => x.i));
    const parsed = DashboardSaveSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('has no id when it creates', () => {
    expect(savePayload(fieldsOf(dashboard()), []).id).toBeUndefined();
  });
});

describe('changes', () => {
  it('a moved, renamed or reconfigured widget is a change; the order alone is not', () => {
    const saved = BASE_DASHBOARD.widgets;
    expect(widgetsChanged(saved, [...saved].reverse())).toBe(false);
    expect(widgetsChanged(saved, moveWidget(saved, 'uptime', 'left'))).toBe(true);
    expect(
      widgetsChanged(
        saved,
        saved.map((x) => (x.i === 'uptime' ? { ...x, name: 'Up' } : x)),
      ),
    ).toBe(true);
  });
});

describe('the default dashboard', () => {
  it('is the one marked default, else the first', () => {
    const base = { ...BASE_DASHBOARD, default: false };
    expect(defaultDashboard([base, dashboard({ id: '3', default: true })])?.id).toBe('3');
    expect(defaultDashboard([base, dashboard({ id: '3' })])?.id).toBe('vnoc');
    expect(defaultDashboard([])).toBeUndefined();
  });
});

describe('widget families', () => {
  it('splits every widget into fleet-fed (group filter) or analytics-fed, the windowed ones all but VanList', () => {
    expect([...GROUP_FILTER_WIDGETS].sort()).toEqual(
      ['ActiveAlerts', 'DeviceTable', 'DeviceTotals', 'SiteMap', 'SiteTable'].sort(),
    );
    expect([...ANALYTICS_WIDGETS].sort()).toEqual(
      [
        'CellularHealthTrend',
        'FailoversOverTime',
        'TopUsage',
        'TroubledSites',
        'Uptime',
        'VanList',
        'WanLatencyTrend',
      ].sort(),
    );
    expect([...DURATION_WIDGETS].sort()).toEqual(
      [
        'CellularHealthTrend',
        'FailoversOverTime',
        'TopUsage',
        'TroubledSites',
        'Uptime',
        'WanLatencyTrend',
      ].sort(),
    );
  });
});

describe('shownWidgets: a widget the organization cannot use is not shown (issue 37)', () => {
  const base = BASE_DASHBOARD.widgets;
  const noAnalytics = new Set(ANALYTICS_WIDGETS);
  it('the base dashboard without the analytics feature: no Uptime, the fleet widgets stay', () => {
    const types = shownWidgets(base, noAnalytics, false).map((w) => w.type);
    expect(types).not.toContain('Uptime');
    expect(types).toEqual(base.map((w) => w.type).filter((type) => type !== 'Uptime'));
  });
  it('with the feature, or while editing (so it can be removed), every widget is there', () => {
    expect(shownWidgets(base, new Set(), false)).toEqual(base);
    expect(shownWidgets(base, noAnalytics, true)).toEqual(base);
  });
});
