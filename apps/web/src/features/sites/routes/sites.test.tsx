// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as SitesScreen } from './sites.tsx';

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const emptyPage = { content: [], page: 0, pageSize: 50, totalElements: 0, totalPages: 0 };

beforeAll(() => installDomStubs());
beforeEach(() => {
  void i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input));
      if (pathname === '/api/group' || pathname === '/api/site') return answer([]);
      if (pathname === '/api/device/stats/statuscounts') return answer({});
      return answer(emptyPage);
    }),
  );
  authStore.setToken(fakeJwt(fullClaims({ role: 'USER' })));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

describe('Recently Viewed', () => {
  it('with nothing visited yet, says so and offers the way to All Sites', async () => {
    const { router } = renderRoutes(
      [{ path: '/sites', Component: SitesScreen, handle: { name: 'Sites', title: 'titles.sites' } }],
      '/sites?view=recent',
    );
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No recently viewed sites')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('link', { name: 'Go to All Sites' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/sites');
  });
});
