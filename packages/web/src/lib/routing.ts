// The shape every feature's routes take; the shell spreads them into its
// one route table (src/app/route-table.ts).
import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useReducer } from 'react';

/**
 * Who may open a route (spec §2, §6): anyone; any signed-in user with a
 * console role; ADMIN or ERRIGAL_ADMIN; ERRIGAL_ADMIN only; anyone signed in,
 * with a console role or without (the account page).
 */
export type Access = 'public' | 'user' | 'admin' | 'topAdmin' | 'signedIn';

export interface AppRoute {
  /** wouter pattern, relative to /userprofile. */
  path: string;
  access: Access;
  /** 'shell': header, side navigation and content area; 'auth': the sign-in pages' centred card. */
  layout: 'shell' | 'auth';
  /** The screen, usually loaded lazily (React's lazy()). */
  // biome-ignore lint/suspicious/noExplicitAny: route screens take their own props (wouter params)
  component: ComponentType<any>;
  /**
   * Asks for the data the screen opens with, ahead of its render, where the console starts with
   * the visitor already let in (a sign-in that has just loaded the user); the screen then joins it.
   */
  preloadData?: () => void;
}

// biome-ignore lint/suspicious/noExplicitAny: route screens take their own props (wouter params)
type AnyScreen = ComponentType<any>;

/** A screen loaded on first visit, which can also be asked for ahead of its render. */
export type LazyScreen = LazyExoticComponent<AnyScreen> & {
  /** Asks for the chunk (once); settles when it is in or has failed, never rejects. */
  preload: () => Promise<void>;
  /** The chunk is in, or its last attempt failed (the render then asks again, and shows the failure). */
  settled: () => boolean;
};

/**
 * React's lazy() with `preload`: the router asks for the chunk of the page being opened
 * at start-up, beside the GET /me its guard waits for, instead of after it.
 *
 * A screen whose chunk is already in when it first renders does not suspend: React's lazy()
 * takes any thenable, and one that calls back at once is read as loaded (React's
 * `lazyInitializer`). Suspending there anyway showed the fallback and, with it, React's
 * throttle of Suspense reveals (300 ms after a fallback appears): every start-up waited
 * about 300 ms with the chunks already loaded (docs/console.md "Start-up", docs/testing.md
 * "The suite's time").
 */
export function lazyScreen(load: () => Promise<{ default: AnyScreen }>): LazyScreen {
  let loaded: { default: AnyScreen } | undefined;
  let failed = false;
  let loading: Promise<{ default: AnyScreen }> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A later render or preload asks again (a chunk can fail on a flaky network).
        failed = true;
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const already = (module: { default: AnyScreen }) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is what lazy() reads as loaded
    ({ then: (resolve: (value: { default: AnyScreen }) => void) => resolve(module) }) as Promise<{
      default: AnyScreen;
    }>;
  return Object.assign(
    lazy(() => (loaded ? already(loaded) : start())),
    {
      preload: () =>
        start().then(
          () => undefined,
          // A chunk that fails to load is reported by the render that needs it (the route's error boundary).
          () => undefined,
        ),
      settled: () => loaded !== undefined || failed,
    },
  );
}

function isLazyScreen(component: AnyScreen | undefined): component is LazyScreen {
  return typeof (component as Partial<LazyScreen> | undefined)?.settled === 'function';
}

/** Asks for a route's screen ahead, when it is a lazyScreen. */
export function preloadScreen(component: AnyScreen): void {
  if (isLazyScreen(component)) void component.preload();
}

let routePreloader: ((path: string) => void) | undefined;

/** The router says how to ask ahead for the chunks of the page at a console path (app/router.tsx). */
export function setRoutePreloader(preload: ((path: string) => void) | undefined): void {
  routePreloader = preload;
}

/**
 * Asks ahead for the chunks of the page at `path` (a console path, with or without its query),
 * where a navigation there is coming: the sign-in's last steps, for the page it returns to.
 */
export function preloadRoute(path: string): void {
  routePreloader?.(path);
}

/**
 * Whether these screens can render without suspending: each chunk is in (or has failed, and its
 * render will say so). Until then the caller shows its own waiting state and this hook asks for
 * the chunks; a screen that suspended instead would show a Suspense fallback, and React holds
 * back what comes after a fallback by up to 300 ms.
 */
export function useScreensReady(components: readonly (AnyScreen | undefined)[]): boolean {
  const waiting = components.filter(
    (component): component is LazyScreen => isLazyScreen(component) && !component.settled(),
  );
  const [, settledOne] = useReducer((n: number) => n + 1, 0);
  const waitingFor = waiting.length;
  useEffect(() => {
    if (waitingFor === 0) return;
    let current = true;
    void Promise.all(waiting.map((screen) => screen.preload())).then(() => {
      if (current) settledOne();
    });
    return () => {
      current = false;
    };
  });
  return waitingFor === 0;
}
