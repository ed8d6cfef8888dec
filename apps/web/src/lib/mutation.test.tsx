// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as errors from './error-handler.ts';
import { useCacheMutation } from './mutation.ts';

// A spy, not vi.mock: the DOM tier shares one module graph per worker (see test/dom-reset.ts).
const handleError = vi.spyOn(errors, 'handleError').mockImplementation(() => undefined);

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useCacheMutation', () => {
  it('writes the answer, tells the caller, then refetches the stale queries before it settles', async () => {
    const { client, wrapper } = setup();
    const order: string[] = [];
    const invalidate = vi
      .spyOn(client, 'invalidateQueries')
      .mockImplementation(async (filters) => void order.push(`stale ${JSON.stringify(filters?.queryKey)}`));
    const { result } = renderHook(
      () =>
        useCacheMutation(async (name: string) => ({ id: '7', name }), {
          answers: (site) => ['site', site.id],
          onSuccess: (site, vars) => order.push(`caller ${site.name} ${vars}`),
          stale: (site) => [['site', site.id, 'alerts'], null, ['sites']],
          errors: 'caller',
        }),
      { wrapper },
    );
    await result.current.mutateAsync('Main St');
    expect(client.getQueryData(['site', '7'])).toEqual({ id: '7', name: 'Main St' });
    expect(order).toEqual(['caller Main St Main St', 'stale ["site","7","alerts"]', 'stale ["sites"]']);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('sends failures to the shared handler only when asked to', async () => {
    const { wrapper } = setup();
    const fail = async () => {
      throw new Error('refused');
    };
    const toast = renderHook(() => useCacheMutation(fail, { errors: 'toast' }), { wrapper });
    toast.result.current.mutate(undefined);
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    const caller = renderHook(() => useCacheMutation(fail, { errors: 'caller' }), { wrapper });
    await expect(caller.result.current.mutateAsync(undefined)).rejects.toThrow('refused');
    expect(handleError).toHaveBeenCalledTimes(1);
  });
});
