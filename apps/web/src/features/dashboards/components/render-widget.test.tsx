// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import type { Widget } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { RenderWidget } from './render-widget.tsx';
import type { WidgetProps } from './widgets.tsx';

// The widget as its module gives it, counting its renders and keeping the props of each.
const seen = vi.hoisted(() => ({ props: [] as WidgetProps[] }));
vi.mock('./widgets.tsx', () => ({
  UptimeWidget: (props: WidgetProps) => {
    seen.props.push(props);
    return <p>{`${props.title}|${props.caption ?? ''}`}</p>;
  },
}));

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  seen.props.length = 0;
});

const t = i18n.getFixedT('en', 'dashboards') as unknown as TFunction<'dashboards'>;
const GROUP = '44444444-4444-4444-8444-444444444444';
const uptime = (groupIds?: string[]): Widget => ({
  type: 'Uptime',
  name: 'Network uptime',
  details: groupIds ? { groupIds } : {},
  layout: { i: 'uptime-1', x: 0, y: 0, w: 4, h: 2 },
  i: 'uptime-1',
  moved: false,
});
const show = (widget: Widget, dashboardGroups: string[], names: [string, string][]) => (
  <Providers>
    <RenderWidget
      widget={widget}
      dashboard={{ id: 'vnoc', groupIds: [...dashboardGroups] }}
      t={t}
      groupNames={new Map(names)}
    />
  </Providers>
);

describe('RenderWidget', () => {
  it('renders a widget again only when what it is given changes, not at each render of its screen', async () => {
    const view = render(show(uptime(), [], []));
    await screen.findByText('Network uptime|');
    expect(seen.props).toHaveLength(1);
    // The screen renders again: its groups' names arrived (a new map), the same dashboard (new objects).
    view.rerender(show(uptime(), [], [[GROUP, 'Stores']]));
    view.rerender(show(uptime(), [], [[GROUP, 'Stores']]));
    expect(seen.props).toHaveLength(1);
    // The dashboard's groups changed: the widget's scope with them.
    view.rerender(show(uptime(), [GROUP], [[GROUP, 'Stores']]));
    expect(seen.props).toHaveLength(2);
    expect(seen.props[1]).toMatchObject({ dashboardId: 'vnoc', duration: 'LAST_6_HOURS', groupIds: [GROUP] });
  });

  it('a widget with groups of its own is captioned with their names once they arrive', async () => {
    const view = render(show(uptime([GROUP]), [], []));
    await screen.findByText('Network uptime|Unknown group');
    view.rerender(show(uptime([GROUP]), [], [[GROUP, 'Stores']]));
    expect(await screen.findByText('Network uptime|Stores')).toBeTruthy();
    expect(seen.props.map((p) => p.caption)).toEqual(['Unknown group', 'Stores']);
  });
});
