// The shape every feature's routes take; the shell spreads them into its
// one route table (src/app/route-table.ts).
import type { ComponentType } from 'react';

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
