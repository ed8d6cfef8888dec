// @vitest-environment jsdom
import { keepPreviousData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { pageQueryOptions } from './page-query.ts';

afterEach(() => vi.unstubAllGlobals());

describe('pageQueryOptions', () => {
  it("asks GET {path} with the list's query, reads the page through the schema and keeps the last page meanwhile", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ content: [], totalElements: 0 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const options = pageQueryOptions(['tickets', { page: 2 }] as const, 'ticket', {
      query: { page: 2, pageSize: 25, q: undefined },
      schema: z.object({ content: z.array(z.unknown()), totalElements: z.number() }),
    });
    expect(options.queryKey).toEqual(['tickets', { page: 2 }]);
    expect(options.placeholderData).toBe(keepPreviousData);
    expect(options.refetchInterval).toBeUndefined();
    const answer = await options.queryFn?.({ signal: new AbortController().signal } as never);
    expect(answer).toEqual({ content: [], totalElements: 0 });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/api/ticket');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', pageSize: '25' });
  });

  it('refetches a live list as often as told', () => {
    const every = () => 15_000;
    expect(pageQueryOptions(['alerts'], 'alert', {}, every).refetchInterval).toBe(every);
  });
});
