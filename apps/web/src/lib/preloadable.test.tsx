// @vitest-environment jsdom

import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPreloadedForTests, preloadable } from './preloadable.tsx';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>Loading…</p>}>{node}</Suspense>;

describe('preloadable', () => {
  it('loads on its first render when nothing preloaded it, showing the fallback meanwhile', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const { Component } = preloadable(load);
    render(inSuspense(<Component name="Ada" />));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, never showing the fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const { Component, preload } = preloadable(load);
    await preload();
    render(inSuspense(<Component name="Grace" />));
    // Synchronously after the first render: a lazy component would still show the fallback here.
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the module once however often it is preloaded and rendered', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const { Component, preload } = preloadable(load);
    await Promise.all([preload(), preload()]);
    render(inSuspense(<Component name="Linus" />));
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(Greeting);
    const { Component, preload } = preloadable(load);
    await expect(preload()).rejects.toThrow('chunk failed');
    await act(() => preload());
    render(inSuspense(<Component name="Barbara" />));
    expect(screen.getByText('Hello Barbara')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after forgetPreloadedForTests, even where its lazy component had resolved', async () => {
    const Farewell = ({ name }: { name: string }) => <p>Bye {name}</p>;
    const load = vi
      .fn(() => Promise.resolve(Greeting))
      .mockResolvedValueOnce(Greeting)
      .mockResolvedValueOnce(Farewell);
    const { Component } = preloadable(load);
    render(inSuspense(<Component name="Ada" />));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    cleanup();
    forgetPreloadedForTests();
    render(inSuspense(<Component name="Ada" />));
    expect(await screen.findByText('Bye Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
