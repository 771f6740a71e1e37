// The side navigation per role (spec §2 "Side navigation", §6): derived from
// the route table, so the menu offers every route a role may open and only
// those (a route's guard and its entry cannot disagree).

import type { Role } from '@userprofile/shared/constants';
import {
  toAccessCheck,
  toActivity,
  toApplicationList,
  toAppProfileList,
  toAuthClientList,
  toBusinessProfileList,
  toFactorPolicy,
  toUserList,
  toVisibilityProfileList,
} from '../lib/paths.ts';
import type { AppRoute } from '../lib/routing.ts';
import { roleMayOpen } from './guards.ts';
import { routes } from './route-table.ts';

export type NavIcon =
  | 'access'
  | 'users'
  | 'profiles'
  | 'visibilities'
  | 'applications'
  | 'applicationAdmin'
  | 'clients'
  | 'activity'
  | 'policy';

export interface NavItem {
  label: string;
  href: string;
  icon: NavIcon;
  /** Path prefix that marks the item active. */
  section: string;
}

/** A backend extension an entry needs (a backend without it has no such screen to offer). */
type Needs = 'activity' | 'factorPolicy';

/** Every entry the menu can hold, in its order; which a role sees is its route's guard. */
export const NAV_ENTRIES: readonly (NavItem & { needs?: Needs })[] = [
  { label: 'Users', href: toUserList(), icon: 'users', section: '/user/' },
  // Every console role asks why one can or cannot do something, of the rows it sees; a reader who sees no
  // role or element anywhere is told so by the screen itself.
  { label: 'Check Access', href: toAccessCheck(), icon: 'access', section: '/access/' },
  { label: 'Profiles', href: toBusinessProfileList(), icon: 'profiles', section: '/profile/business/' },
  { label: 'Visibilities', href: toVisibilityProfileList(), icon: 'visibilities', section: '/profile/visibility/' },
  { label: 'Applications', href: toAppProfileList(), icon: 'applications', section: '/profile/app/' },
  { label: 'Application Admin', href: toApplicationList(), icon: 'applicationAdmin', section: '/application/' },
  { label: 'OAuth2 Clients', href: toAuthClientList(), icon: 'clients', section: '/authClient/' },
  // Beside the clients: how everyone signs in to the suite is the provider's, like its clients.
  { label: 'Sign-in Policy', href: toFactorPolicy(), icon: 'policy', section: '/signInPolicy', needs: 'factorPolicy' },
  // Last, as it arrives after sign-in (the server lists each role the events it may see).
  { label: 'Activity', href: toActivity(), icon: 'activity', section: '/activity', needs: 'activity' },
];

/** The route an entry opens (its path, without a query). */
export function routeOf(href: string, table: readonly AppRoute[] = routes): AppRoute | undefined {
  const path = href.split('?')[0];
  return table.find((r) => r.path === path);
}

/**
 * The items of a role: the entries whose route the role may open (guards.ts). `activity`: the
 * backend keeps an activity log; `factorPolicy`: it keeps a second-factor policy (extensions: a
 * backend without one shows no entry).
 */
export function navItemsFor(role: Role | null, activity = false, factorPolicy = false): NavItem[] {
  // Someone signed in without a console role may open none of these: nothing is offered.
  if (role === null) return [];
  const offered: Record<Needs, boolean> = { activity, factorPolicy };
  return NAV_ENTRIES.filter((entry) => {
    const route = routeOf(entry.href);
    return route !== undefined && roleMayOpen(route.access, role) && (!entry.needs || offered[entry.needs]);
  }).map(({ needs: _, ...item }) => item);
}
