// The side navigation per role (spec §2 "Side navigation", §6).

import type { Role } from '@userprofile/shared/constants';
import { roleRank } from '@userprofile/shared/constants';
import { checkCanAnswer } from '../lib/data/applications.ts';
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

/**
 * The items of a role. `canCheck`: Check Access can answer this reader, who
 * sees at least one role or element of an application (issue 34 item 6: an
 * entry that can never answer is not offered); unknown until the applications
 * are loaded, when ADMIN and above are offered it. `activity`: the backend
 * keeps an activity log (an extension: a backend without it shows no entry).
 * `factorPolicy`: the backend keeps a second-factor policy (an extension), which
 * an ERRIGAL_ADMIN sets.
 */
export function navItemsFor(role: Role | null, canCheck?: boolean, activity = false, factorPolicy = false): NavItem[] {
  // Someone signed in without a console role may open none of these (issue 34): nothing is offered.
  if (role === null) return [];
  const items: NavItem[] = [{ label: 'Users', href: toUserList(), icon: 'users', section: '/user/' }];
  // Every role that manages users asks why one can or cannot do something (issue 26), of the rows it sees.
  if (canCheck ?? roleRank(role) >= roleRank('ADMIN')) {
    items.push({ label: 'Check Access', href: toAccessCheck(), icon: 'access', section: '/access/' });
  }
  if (roleRank(role) >= roleRank('ADMIN')) {
    items.push(
      { label: 'Profiles', href: toBusinessProfileList(), icon: 'profiles', section: '/profile/business/' },
      { label: 'Visibilities', href: toVisibilityProfileList(), icon: 'visibilities', section: '/profile/visibility/' },
      { label: 'Applications', href: toAppProfileList(), icon: 'applications', section: '/profile/app/' },
      { label: 'Application Admin', href: toApplicationList(), icon: 'applicationAdmin', section: '/application/' },
    );
  }
  if (role === 'ERRIGAL_ADMIN') {
    items.push({ label: 'OAuth2 Clients', href: toAuthClientList(), icon: 'clients', section: '/authClient/' });
    // Beside the clients: how everyone signs in to the suite is the provider's, like its clients.
    if (factorPolicy)
      items.push({ label: 'Sign-in Policy', href: toFactorPolicy(), icon: 'policy', section: '/signInPolicy' });
  }
  // Every role reads the log (the server lists each the events it may see); last, as it arrives after sign-in.
  if (activity) items.push({ label: 'Activity', href: toActivity(), icon: 'activity', section: '/activity' });
  return items;
}

export { checkCanAnswer };
