// The shape every feature's routes take; the shell spreads them into its
// one route table (src/app/route-table.ts).
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Who may open a route (spec §2, §6): anyone; any signed-in user; ADMIN or
 * ERRIGAL_ADMIN; ERRIGAL_ADMIN only.
 */
export type Access = 'public' | 'user' | 'admin' | 'topAdmin';

export interface AppRoute {
  /** wouter pattern, relative to /userprofile. */
  path: string;
  access: Access;
  /** 'shell': header, side navigation and content area; 'auth': the sign-in pages' centred card. */
  layout: 'shell' | 'auth';
  /** The screen, usually loaded lazily (React's lazy()). */
  // biome-ignore lint/suspicious/noExplicitAny: route screens take their own props (wouter params)
  component: ComponentType<any>;
}

// biome-ignore lint/suspicious/noExplicitAny: route screens take their own props (wouter params)
type AnyScreen = ComponentType<any>;

/** A screen loaded on first visit, which can also be asked for ahead of its render. */
export type LazyScreen = LazyExoticComponent<AnyScreen> & { preload: () => void };

/**
 * React's lazy() with `preload`: the router asks for the chunk of the page being opened
 * at start-up, beside the GET /me its guard waits for, instead of after it.
 */
export function lazyScreen(load: () => Promise<{ default: AnyScreen }>): LazyScreen {
  return Object.assign(lazy(load), {
    preload: () => {
      // A chunk that fails to load is reported by the render that needs it (the route's error boundary).
      load().catch(() => undefined);
    },
  });
}

/** Asks for a route's screen ahead, when it is a lazyScreen. */
export function preloadScreen(component: AnyScreen): void {
  (component as Partial<LazyScreen>).preload?.();
}
