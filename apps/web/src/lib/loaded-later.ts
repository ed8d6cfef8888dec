import { useEffect, useState } from 'react';

/** A module a screen draws without, fetched once the screen has drawn (its first paint does not wait for it). */
export type LoadedLater<M> = {
  /** Starts loading it (once; a failed load is tried again by the next call) and resolves with it. */
  load: () => Promise<M>;
  /** The module once loaded, else undefined. */
  current: () => M | undefined;
};

export function loadedLater<M>(importer: () => Promise<M>): LoadedLater<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, current: () => loaded };
}

/**
 * In a component: the module, or undefined until it has loaded (a render follows its arrival). Loading starts
 * after the component's first paint, if `wanted`; a failed load leaves it undefined (what needs it calls `load`
 * and sees why).
 */
export function useLoadedLater<M>(later: LoadedLater<M>, wanted = true): M | undefined {
  const [module, setModule] = useState(later.current);
  useEffect(() => {
    if (!wanted || module !== undefined) return;
    let live = true;
    later.load().then(
      (loaded) => {
        if (live) setModule(() => loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [later, module, wanted]);
  return module;
}
