import { BASE_DASHBOARD, type Dashboard, DashboardListSchema, type Widget } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFleetFixture, createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
type Who = 'admin' | 'user' | 'readOnly' | 'restricted' | 'adminB';
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of ['admin', 'user', 'readOnly', 'restricted', 'adminB'] as Who[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
});

const widget = (i: string, type: Widget['type'], x: number, y: number, w = 4, h = 2): Widget => ({
  i,
  type,
  name: `${type} ${i}`,
  details: {},
  layout: { i, x, y, w, h },
});

const post = (url: string, payload: unknown, who: Who | string = 'user') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(who in tokens ? tokens[who as Who] : who),
    payload: payload as object,
  });
const save = (payload: unknown, who: Who | string = 'user') => post('/api/dashboard/save', payload, who);
const remove = (id: string, who: Who | string = 'user') => post('/api/dashboard/delete', { id }, who);
const all = async (who: Who | string = 'user'): Promise<Dashboard[]> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard/all',
    headers: bearer(who in tokens ? tokens[who as Who] : who),
  });
  expect(res.statusCode, res.body).toBe(200);
  return DashboardListSchema.parse(res.json());
};
const created = async (payload: unknown, who: Who | string = 'user'): Promise<string> => {
  const res = await save(payload, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
};
const dashboardsOf = (orgId: string) => count(t.pool, 'dashboards', 'organization_id = $1', [orgId]);

/** A fresh USER of organization A (own dashboards, own default). */
async function freshUser(role: 'USER' | 'ADMINISTRATOR' | 'READ_ONLY' = 'USER') {
  const u = await createUser(t.db, f.orgA, { role });
  return { user: u, token: await tokenFor(t.db, u, 'full') };
}

describe('GET dashboard/all', () => {
  it('a user without dashboards gets the base dashboard only, as their default and not editable', async () => {
    const { token } = await freshUser();
    const list = await all(token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 'vnoc', editable: false, default: true, owned: false });
    expect(list[0]?.widgets.map((w) => w.i)).toEqual(
      // y then x: site-map (0,0), device-totals (8,0), uptime (8,3), active-alerts (0,5), device-table, site-table
      ['site-map', 'device-totals', 'uptime', 'active-alerts', 'device-table', 'site-table'],
    );
    expect(list[0]?.widgets.map((w) => w.type).sort()).toEqual(
      BASE_DASHBOARD.widgets.map((w) => w.type).sort(),
    );
  });

  it('base first, the rest by id ascending, widgets by y then x', async () => {
    const { token } = await freshUser();
    const a = await created(
      { name: 'A', widgets: [widget('low', 'Uptime', 0, 4), widget('top', 'SiteMap', 6, 0)] },
      token,
    );
    const b = await created(
      {
        name: 'B',
        widgets: [
          widget('r', 'TopUsage', 8, 2),
          widget('l', 'VanList', 0, 2),
          widget('m', 'TroubledSites', 4, 2),
        ],
      },
      token,
    );
    const c = await created({ name: 'C' }, token);
    // Update A afterwards: its order stays by id, not by change time.
    expect((await save({ id: a, name: 'A2' }, token)).statusCode).toBe(200);
    const list = await all(token);
    expect(list.map((d) => d.id)).toEqual(['vnoc', a, b, c]);
    expect(Number(a) < Number(b) && Number(b) < Number(c)).toBe(true);
    expect(list[2]?.widgets.map((w) => w.i)).toEqual(['l', 'm', 'r']);
    expect(list[1]).toMatchObject({ name: 'A2', editable: true, owned: true, default: false });
    expect(list[1]?.widgets.map((w) => w.i)).toEqual(['top', 'low']);
  });

  it('READ_ONLY may read', async () => {
    const list = await all('readOnly');
    expect(list[0]?.id).toBe('vnoc');
  });

  it('without a token → 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/all' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST dashboard/save', () => {
  it('creates with every field and returns the id and the spec message', async () => {
    const { token } = await freshUser();
    const res = await save(
      {
        name: ' West ',
        description: 'Stores of the west',
        tagNames: ['west', 'retail', 'west'],
        groupIds: [f.g1.id],
        icon: 'map',
        widgets: [widget('u', 'Uptime', 0, 0), widget('f', 'FailoversOverTime', 4, 0, 8, 3)],
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^\d+$/),
      message: 'West has been successfully created',
    });
    const mine = (await all(token)).find((d) => d.id === res.json().id);
    expect(mine).toMatchObject({
      name: 'West',
      description: 'Stores of the west',
      tagNames: ['west', 'retail'],
      groupIds: [f.g1.id],
      icon: 'map',
      shared: false,
      editable: true,
      default: false,
    });
    expect(mine?.widgets.map((w) => w.type)).toEqual(['Uptime', 'FailoversOverTime']);
  });

  it("accepts a layout of h, w, x, y without i, as the spec lists it: the widget's i fills it (issue 37)", async () => {
    const { token } = await freshUser();
    const { layout, ...rest } = widget('a', 'Uptime', 0, 0);
    const { i: _i, ...plain } = layout;
    const id = await created({ name: 'No layout i', widgets: [{ ...rest, layout: plain }] }, token);
    const mine = (await all(token)).find((d) => d.id === id);
    expect(mine?.widgets).toEqual([widget('a', 'Uptime', 0, 0)]);
  });

  it('accepts widgets as JSON text', async () => {
    const { token } = await freshUser();
    const widgets = [widget('b', 'DeviceTable', 6, 1, 6, 4), widget('a', 'WanLatencyTrend', 0, 1, 6, 4)];
    const id = await created({ name: 'Text', widgets: JSON.stringify(widgets) }, token);
    const mine = (await all(token)).find((d) => d.id === id);
    expect(mine?.widgets).toEqual([widgets[1], widgets[0]]);
  });

  it('updates: the spec message; fields given replace, fields left out are kept', async () => {
    const { token } = await freshUser();
    const id = await created(
      { name: 'Old', tagNames: ['x'], widgets: [widget('a', 'SiteMap', 0, 0)] },
      token,
    );
    const res = await save({ id, name: 'New', widgets: [widget('b', 'CellularHealthTrend', 2, 0)] }, token);
    expect(res.json()).toEqual({ id, message: 'New has been successfully updated' });
    const mine = (await all(token)).find((d) => d.id === id);
    expect(mine).toMatchObject({
      name: 'New',
      tagNames: ['x'],
      widgets: [{ i: 'b', type: 'CellularHealthTrend' }],
    });
    // Fields left out keep their stored values; those given replace them.
    await save({ id, name: 'New', tagNames: [], shared: true }, token);
    expect((await all(token)).find((d) => d.id === id)).toMatchObject({
      tagNames: [],
      shared: true,
      widgets: [{ i: 'b' }],
    });
    // A numeric id works too.
    expect((await save({ id: Number(id), name: 'Newer' }, token)).json().message).toBe(
      'Newer has been successfully updated',
    );
  });

  it('bad input is 400 with a message, nothing written', async () => {
    const { token, user } = await freshUser();
    const id = await created({ name: 'Keep', widgets: [widget('a', 'SiteMap', 0, 0)] }, token);
    const before = await dashboardsOf(f.orgA.id);
    const cases: [unknown, string][] = [
      [{ name: '  ' }, 'Enter a name.'],
      [{}, 'Enter a name.'],
      [
        { name: 'X', widgets: [{ ...widget('a', 'SiteMap', 0, 0), type: 'Weather' }] },
        'Unknown widget type.',
      ],
      [
        { name: 'X', widgets: [widget('a', 'SiteMap', 10, 0, 4, 2)] },
        'A widget must fit inside the 12 columns (x + w ≤ 12).',
      ],
      [{ name: 'X', widgets: [widget('a', 'SiteMap', 0, 0, 13, 2)] }, 'Layout w must be at most 12.'],
      [{ name: 'X', widgets: [widget('a', 'SiteMap', -1, 0)] }, 'Layout x must be at least 0.'],
      [{ name: 'X', widgets: [widget('a', 'SiteMap', 0, 0, 0, 2)] }, 'Layout w must be at least 1.'],
      [{ name: 'X', widgets: [widget('a', 'SiteMap', 0, 0, 4, 25)] }, 'Layout h must be at most 24.'],
      [{ name: 'X', widgets: [widget('a', 'SiteMap', 0.5, 0)] }, 'Layout x must be a whole number.'],
      [
        { name: 'X', widgets: [widget('a', 'SiteMap', 0, 0), widget('a', 'Uptime', 4, 0)] },
        'Each widget needs its own i.',
      ],
      [
        { name: 'X', widgets: [{ ...widget('a', 'SiteMap', 0, 0), i: 'b' }] },
        "A widget's layout i must equal its i.",
      ],
      [{ name: 'X', widgets: '[{"i": "a"' }, 'Widgets must be an array or JSON text of one.'],
      [{ name: 'X', widgets: '{"i": "a"}' }, 'Widgets must be an array or JSON text of one.'],
      [{ name: 'X', widgets: 42 }, 'Widgets must be an array or JSON text of one.'],
      [{ name: 'X', groupIds: ['nope'] }, 'Enter a valid group id.'],
      [{ name: 'X', groupIds: [f.gB.id] }, 'Some of these groups do not belong to your organization.'],
      [
        { name: 'X', groupIds: ['00000000-0000-4000-8000-000000000000'] },
        'Some of these groups do not belong to your organization.',
      ],
      [{ name: 'x'.repeat(101) }, 'A name is at most 100 characters.'],
      // An update with bad input changes nothing either.
      [
        { id, name: 'Changed', groupIds: [f.gB.id] },
        'Some of these groups do not belong to your organization.',
      ],
      [
        { id, name: 'Changed', widgets: [widget('a', 'SiteMap', 11, 0, 2, 1)] },
        'A widget must fit inside the 12 columns (x + w ≤ 12).',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await save(payload, token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ id: 'invalid_input', message });
    }
    expect(await dashboardsOf(f.orgA.id)).toBe(before);
    expect((await all(token)).find((d) => d.id === id)).toMatchObject({ name: 'Keep', groupIds: [] });
    expect(
      await count(t.pool, 'user_preferences', "user_id = $1 and name = 'defaultDashboard'", [user.id]),
    ).toBe(0);
  });

  it('saving or deleting the base dashboard → 403 with a message', async () => {
    const res = await save({ id: 'vnoc', name: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ id: 'forbidden', message: 'The base dashboard cannot be changed.' });
    const del = await remove('vnoc');
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({ message: 'The base dashboard cannot be removed.' });
  });

  it('an unknown id, a malformed one, another user’s private or another organization’s → 404, nothing written', async () => {
    const other = await created({ name: 'Private of admin' }, 'admin');
    const foreign = await created({ name: 'B private', shared: true }, 'adminB');
    for (const id of ['999999', 'abc', '99999999999', other, foreign]) {
      const res = await save({ id, name: 'Hijack' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ id: 'not_found', message: 'Not found.' });
      expect((await remove(id)).statusCode, id).toBe(404);
    }
    expect((await all('admin')).find((d) => d.id === other)?.name).toBe('Private of admin');
    expect((await all('adminB')).find((d) => d.id === foreign)?.name).toBe('B private');
  });

  it('READ_ONLY is refused on writes', async () => {
    const before = await dashboardsOf(f.orgA.id);
    const res = await save({ name: 'RO' }, 'readOnly');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ id: 'forbidden' });
    expect(await dashboardsOf(f.orgA.id)).toBe(before);
    const mine = await created({ name: 'Shared to RO', shared: true }, 'user');
    expect((await remove(mine, 'readOnly')).statusCode).toBe(403);
    const seen = (await all('readOnly')).find((d) => d.id === mine);
    expect(seen).toMatchObject({ editable: false, owned: false, shared: true });
  });

  it('a restricted USER may scope only to their own groups', async () => {
    const refused = await save({ name: 'R', groupIds: [f.g2.id] }, 'restricted');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('You can only scope a dashboard to groups you belong to.');
    const id = await created({ name: 'R', groupIds: [f.g1.id] }, 'restricted');
    expect((await all('restricted')).find((d) => d.id === id)?.groupIds).toEqual([f.g1.id]);
  });
});

describe('default dashboard', () => {
  it('default: true makes it the caller’s default; vnoc when the default is gone', async () => {
    const { token, user } = await freshUser();
    const a = await created({ name: 'A' }, token);
    const b = await created({ name: 'B', default: true }, token);
    let list = await all(token);
    expect(list.filter((d) => d.default).map((d) => d.id)).toEqual([b]);
    // Another dashboard becomes the default: exactly one.
    await save({ id: a, name: 'A', default: true }, token);
    list = await all(token);
    expect(list.filter((d) => d.default).map((d) => d.id)).toEqual([a]);
    // Saving it without `default` leaves the preference alone.
    await save({ id: a, name: 'A renamed' }, token);
    expect((await all(token)).filter((d) => d.default).map((d) => d.id)).toEqual([a]);
    // Saving it with default false clears it back to the base.
    await save({ id: a, name: 'A', default: false }, token);
    expect((await all(token)).filter((d) => d.default).map((d) => d.id)).toEqual(['vnoc']);
    // Deleting the default falls back to vnoc.
    await save({ id: b, name: 'B', default: true }, token);
    const del = await remove(b, token);
    expect(del.json()).toEqual({ message: 'B has been successfully removed' });
    expect((await all(token)).filter((d) => d.default).map((d) => d.id)).toEqual(['vnoc']);
    const { rows } = await t.pool.query(
      "select value from user_preferences where user_id = $1 and name = 'defaultDashboard'",
      [user.id],
    );
    expect(rows[0]?.value).toBe('vnoc');
  });

  it("a default set to another user's dashboard that is no longer shared falls back to vnoc", async () => {
    const owner = await freshUser();
    const viewer = await freshUser();
    const id = await created({ name: 'Team', shared: true }, owner.token);
    await t.pool.query(
      "insert into user_preferences (user_id, name, value) values ($1, 'defaultDashboard', $2)",
      [viewer.user.id, id],
    );
    expect((await all(viewer.token)).find((d) => d.default)?.id).toBe(id);
    await save({ id, name: 'Team', shared: false }, owner.token);
    const list = await all(viewer.token);
    expect(list.map((d) => d.id)).not.toContain(id);
    expect(list.filter((d) => d.default).map((d) => d.id)).toEqual(['vnoc']);
  });
});

describe('default dashboard of one the caller cannot edit', () => {
  it("someone else's shared dashboard or the base one can be made the caller's default, and nothing else changes", async () => {
    const owner = await freshUser();
    const viewer = await freshUser();
    const id = await created(
      { name: 'Team', shared: true, widgets: [widget('u', 'Uptime', 0, 0, 4, 2)] },
      owner.token,
    );
    const res = await save({ id, name: 'Team', default: true }, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, message: 'Team has been successfully updated' });
    expect((await all(viewer.token)).filter((d) => d.default).map((d) => d.id)).toEqual([id]);
    // The owner's own default and the dashboard are untouched.
    expect((await all(owner.token)).filter((d) => d.default).map((d) => d.id)).toEqual(['vnoc']);
    expect((await all(owner.token)).find((d) => d.id === id)?.widgets).toHaveLength(1);

    // Anything more than the default, or another name, is still refused; nothing written.
    for (const body of [
      { id, name: 'Team', default: true, shared: false },
      { id, name: 'Renamed', default: true },
      { id, name: 'Team' },
    ]) {
      const refused = await save(body, viewer.token);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await all(owner.token)).find((d) => d.id === id)).toMatchObject({ name: 'Team', shared: true });

    // Back to the base dashboard; the base itself still cannot be changed.
    const back = await save({ id: 'vnoc', name: 'vNOC', default: true }, viewer.token);
    expect(back.statusCode, back.body).toBe(200);
    expect((await all(viewer.token)).filter((d) => d.default).map((d) => d.id)).toEqual(['vnoc']);
    expect(
      (await save({ id: 'vnoc', name: 'vNOC', default: true, widgets: [] }, viewer.token)).statusCode,
    ).toBe(403);
  });
});

describe('sharing', () => {
  it('shared dashboards are seen by the organization, not by another; only the owner or an ADMINISTRATOR edits', async () => {
    const owner = await freshUser();
    const colleague = await freshUser();
    const id = await created(
      { name: 'Ops', shared: true, widgets: [widget('a', 'Uptime', 0, 0)] },
      owner.token,
    );
    const priv = await created({ name: 'Mine' }, owner.token);

    const seen = (await all(colleague.token)).find((d) => d.id === id);
    expect(seen).toMatchObject({ shared: true, owned: false, editable: false, name: 'Ops' });
    expect((await all(colleague.token)).map((d) => d.id)).not.toContain(priv);
    expect((await all('adminB')).map((d) => d.id)).not.toContain(id);

    // A colleague USER sees it but may not change or delete it.
    const refused = await save({ id, name: 'Taken' }, colleague.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only the owner, or an administrator for a shared dashboard, can change this dashboard.',
    );
    expect((await remove(id, colleague.token)).statusCode).toBe(403);

    // The organization's ADMINISTRATOR edits a shared one (but never another's private one: 404).
    expect((await all('admin')).find((d) => d.id === id)?.editable).toBe(true);
    const edited = await save({ id, name: 'Ops (admin)', shared: true }, 'admin');
    expect(edited.json()).toEqual({ id, message: 'Ops (admin) has been successfully updated' });
    expect((await save({ id: priv, name: 'X' }, 'admin')).statusCode).toBe(404);
    // Still the owner's.
    expect((await all(owner.token)).find((d) => d.id === id)).toMatchObject({
      owned: true,
      name: 'Ops (admin)',
    });

    // Another organization's administrator: 404.
    expect((await remove(id, 'adminB')).statusCode).toBe(404);
    expect((await remove(id, 'admin')).json()).toEqual({
      message: 'Ops (admin) has been successfully removed',
    });
    expect(await count(t.pool, 'dashboards', 'id = $1', [Number(id)])).toBe(0);
  });

  it('SUPPORT acting as a user saves as that user', async () => {
    const support = await createUser(t.db, await createOrganization(t.db), { role: 'SUPPORT' });
    const target = await freshUser();
    const token = await tokenFor(t.db, target.user, 'full', support.username);
    const id = await created({ name: 'By support' }, token);
    expect((await all(target.token)).find((d) => d.id === id)).toMatchObject({ owned: true });
  });
});

describe('POST dashboard/delete', () => {
  it('bad input is 400 with a message', async () => {
    for (const payload of [{}, { id: '' }]) {
      const res = await post('/api/dashboard/delete', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_input', message: 'Enter a dashboard id.' });
    }
  });
});
