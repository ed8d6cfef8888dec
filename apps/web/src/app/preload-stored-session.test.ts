// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, fullClaims } from '../test/render.tsx';

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

/** The entry as it starts on `path`, with `jwt` stored (or none): what it fetches. */
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
  it('fetches the signed-in frame and the dashboards screen', async () => {
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

describe("a stored session's dashboards list (issue 39)", () => {
  /** Starts on /dashboard with `jwt` stored while the frame's module never arrives; the API paths it asks for. */
  async function asked(jwt: string) {
    const paths: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      paths.push(new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname);
      return new Promise(() => undefined);
    });
    localStorage.setItem('jwt', jwt);
    vi.resetModules();
    vi.doMock('./layouts/main-layout.tsx', () => new Promise(() => undefined));
    try {
      const { preloadStoredSession } = await import('./router.tsx');
      void preloadStoredSession('/dashboard');
      // The list's call goes out at once, from the claims the token carries (the widgets' data module follows).
      await new Promise((resolve) => setTimeout(resolve, 50));
      return paths;
    } finally {
      fetchSpy.mockRestore();
      vi.doUnmock('./layouts/main-layout.tsx');
    }
  }

  it('is asked for at once, without waiting for the frame', async () => {
    expect(await asked(fakeJwt(fullClaims()))).toContain('/api/dashboard/all');
  });

  it('is not asked for by a token that is not a complete session', async () => {
    expect(await asked(fakeJwt(fullClaims({ isMfaValidated: false })))).not.toContain('/api/dashboard/all');
  });
});
