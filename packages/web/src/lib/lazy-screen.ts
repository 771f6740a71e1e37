// A lazily loaded screen that can be asked for ahead of time. Once its module
// is in, a screen renders at once instead of suspending: React holds back a
// Suspense boundary's content for about 300 ms after its fallback showed, a
// wait the sign-in path would pay at each of its steps (issue 15).
import { type ComponentType, createElement, type FunctionComponent, lazy, useState } from 'react';

export interface PreloadableScreen<P> extends FunctionComponent<P> {
  /** Loads the module (once; a failure may be retried). */
  preload(): Promise<unknown>;
}

export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module load, like React's lazy()
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module would remount the screen.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Screen, { preload });
}
