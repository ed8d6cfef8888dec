import { type ComponentType, lazy, useEffect, useState } from 'react';
import { afterPaint } from './after-paint.ts';
import { loadedLater } from './loaded-later.ts';

export type Preloadable<P extends object> = {
  /** Renders the component; suspends (a Suspense boundary above shows its fallback) only while it loads. */
  Component: ComponentType<P>;
  /** Starts loading it (a screen about to show it); resolves once it is there. */
  preload: () => Promise<void>;
};

const forgetters = new Set<() => void>();

/**
 * For tests sharing one module graph: every preloadable forgets the component it loaded (and its `React.lazy`,
 * which keeps what it resolved), so the next mount loads it again, through the module mocks of the file then
 * running rather than those of the file that first loaded it.
 */
export function forgetPreloadedForTests(): void {
  for (const forget of forgetters) forget();
}

/**
 * A component from a module loaded on demand that, once loaded (say by `preload` while the screen's data is
 * fetched), renders at once. `React.lazy` alone suspends on its first render even when the module is already
 * there, and React then holds the revealed boundary back for ~300 ms, so the component (and the queries it
 * starts) waits for nothing. The choice is made once per mount: switching from the lazy component to the
 * loaded one would remount it.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  // A failed load (a new deployment, a network blip) is tried again by the next render.
  let component = loadedLater(load);
  const lazyLoad = () => lazy(() => component.load().then((loaded) => ({ default: loaded })));
  let Lazy = lazyLoad();
  forgetters.add(() => {
    component = loadedLater(load);
    Lazy = lazyLoad();
  });
  function PreloadableComponent(props: P) {
    const [Component] = useState<ComponentType<P>>(() => component.current() ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: PreloadableComponent, preload: () => component.load().then(() => undefined) };
}

/**
 * Starts loading `part` once the screen that mounts this has painted: for what it draws only when asked (a
 * drawer's button, a job's result), so it is there by then without being in the screen's first load.
 */
export function usePreloadWhenPainted(part: Pick<Preloadable<never>, 'preload'>): void {
  useEffect(() => {
    void afterPaint()
      .then(part.preload)
      .catch(() => undefined);
  }, [part]);
}
