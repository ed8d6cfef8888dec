// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';

// Which route modules were fetched: each mock records its module's first import after a reset.
const fetched: string[] = [];
const ROUTE_MODULES = {
  frame: ['./layouts/main-layout.tsx', { MainLayout: () => null }],
  dashboards: ['../features/dashboards/routes/dashboards.tsx', { Component: () => null }],
  dashboard: ['../features/dashboards/routes/dashboard.tsx', { Component: () => null }],
} as const;

afterEach(() => {
  fetched.length = 0;
  localStorage.clear();
});

/** The entry as it starts on `path`, with `jwt` stored (or none): what it fetches before `authReady`. */
async function start(path: string, jwt?: string) {
  if (jwt) localStorage.setItem('jwt', jwt);
  // The auth store reads the stored token as its module loads.
  vi.resetModules();
  for (const [name, [file, module]] of Object.entries(ROUTE_MODULES))
    vi.doMock(file, () => {
      fetched.push(name);
      return module;
    });
  const { preloadStoredSession } = await import('./router.tsx');
  const fetching = preloadStoredSession(path);
  await fetching;
  return { fetching, fetched: [...fetched].sort() };
}

describe('a stored session opening the dashboard directly (issue 39)', () => {
  it('fetches the signed-in frame and the dashboards screen beside the claims decoder', async () => {
    expect((await start('/dashboard', 'a.b.c')).fetched).toEqual(['dashboards', 'frame']);
  });

  it("fetches one dashboard's screen for /dashboard/{did}", async () => {
    expect((await start('/dashboard/12', 'a.b.c')).fetched).toEqual(['dashboard', 'frame']);
  });

  it('fetches nothing without a stored token', async () => {
    expect(await start('/dashboard')).toEqual({ fetching: undefined, fetched: [] });
  });

  it('fetches nothing for a screen other than the dashboards', async () => {
    expect(await start('/login', 'a.b.c')).toEqual({ fetching: undefined, fetched: [] });
  });
});
