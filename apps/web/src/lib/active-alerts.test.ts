// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeAlertsQueryOptions } from './active-alerts.ts';

afterEach(() => vi.unstubAllGlobals());

describe('activeAlertsQueryOptions', () => {
  it("asks for the site's or device's active alerts, keyed below the item", async () => {
    const fetch = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const options = activeAlertsQueryOptions('device', 'a/b');
    expect(options.queryKey).toEqual(['device', 'a/b', 'alerts']);
    expect(await options.queryFn?.({ signal: new AbortController().signal } as never)).toEqual([]);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(
      /\/api\/device\/a%2Fb\/alerts\?active=true$/,
    );
    expect(activeAlertsQueryOptions('site', 's1').queryKey).toEqual(['site', 's1', 'alerts']);
  });
});
