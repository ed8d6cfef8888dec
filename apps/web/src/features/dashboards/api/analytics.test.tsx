// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { AnalyticsDuration } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import * as analytics from './analytics.ts';
import { useUptime } from './dashboard-data.ts';

const requests: URL[] = [];
beforeAll(() => installDomStubs());
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input)));
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the analytics widgets’ calls', () => {
  it.each([
    [useUptime, '/api/analytics/network/uptime', {}],
    [analytics.useVanList, '/api/analytics/widget/vanList/d%201', { page: '0', pageSize: '8' }],
    [analytics.useTopUsage, '/api/analytics/sites/usage/top/usage', { limit: '8' }],
    [analytics.useTroubledSites, '/api/analytics/widget/vanTroubledSites/d%201', { limit: '8' }],
    [
      (d: string, w: AnalyticsDuration) => analytics.useTrend('wanLatency', d, w),
      '/api/analytics/trend/wanLatency',
      {},
    ],
    [
      (d: string, w: AnalyticsDuration) => analytics.useTrend('cellularHealth', d, w),
      '/api/analytics/trend/cellularHealth',
      {},
    ],
    [
      (d: string, w: AnalyticsDuration) => analytics.useTrend('failovers', d, w),
      '/api/analytics/trend/failovers',
      {},
    ],
  ])('%#: asks %s for the dashboard over the window', async (hook, path, extra) => {
    renderHook(() => hook('d 1', 'LAST_7_DAYS'), { wrapper: Providers });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.pathname).toBe(path);
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      duration: 'LAST_7_DAYS',
      dashboardId: 'd 1',
      ...extra,
    });
  });
});
