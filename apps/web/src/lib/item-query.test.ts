// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { itemQuery, itemQueryOptions } from './item-query.ts';

afterEach(() => vi.unstubAllGlobals());

describe('itemQueryOptions', () => {
  it('asks GET {path}/{id} with the id escaped, and reads the answer through the schema', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ id: 'a/b', name: 'Main St' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const options = itemQueryOptions('a/b', {
      path: 'site',
      schema: z.object({ id: z.string(), name: z.string() }),
      queryKey: ['site', 'a/b'] as const,
    });
    expect(options.queryKey).toEqual(['site', 'a/b']);
    const answer = await options.queryFn?.({ signal: new AbortController().signal } as never);
    expect(answer).toEqual({ id: 'a/b', name: 'Main St' });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/site\/a%2Fb$/);
  });

  it('refetches only when told how often', () => {
    const schema = z.object({});
    expect(
      itemQueryOptions('1', { path: 'ticket', schema, queryKey: ['ticket', '1'] }).refetchInterval,
    ).toBeUndefined();
    const every = () => 30_000;
    expect(
      itemQueryOptions('1', { path: 'site', schema, queryKey: ['site', '1'], refetchInterval: every })
        .refetchInterval,
    ).toBe(every);
  });
});

describe('itemQuery', () => {
  it('keys each item under [path, id] and asks for it by that path, refetching as told', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: '9' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const every = () => 5_000;
    const device = itemQuery('device', z.object({ id: z.string() }), every);
    expect(device.queryKey('9')).toEqual(['device', '9']);
    const options = device.options('9');
    expect(options.queryKey).toEqual(['device', '9']);
    expect(options.refetchInterval).toBe(every);
    expect(await options.queryFn?.({ signal: new AbortController().signal } as never)).toEqual({ id: '9' });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/device\/9$/);
  });
});
