// Route guards of spec §6, as one pure decision.
import type { Role } from '@userprofile/shared/constants';
import { roleRank } from '@userprofile/shared/constants';
import type { Access } from '../lib/routing.ts';
import { type CurrentUser, isLoggedIn, roleOf } from '../lib/session.ts';

/** 'account': someone without a console role, sent to their account page instead of a 403 page. */
export type GuardOutcome = 'allow' | 'login' | 'forbidden' | 'account';

export function checkAccess(access: Access, user: CurrentUser | null): GuardOutcome {
  if (access === 'public') return 'allow';
  // "Only logged-in users (username present) reach user routes."
  if (!isLoggedIn(user) || !user.username) return 'login';
  // The account page is every signed-in person's, whatever their role.
  if (access === 'signedIn') return 'allow';
  const role = roleOf(user);
  // A signed-in user who is none of the console's roles (spec §6) may use no other screen of it: the user
  // routes' calls would all be refused. They land on their own account page, which says so, rather than
  // on a bare 403 page (nor the 404 of a refused list).
  if (role === null) return 'account';
  return roleMayOpen(access, role) ? 'allow' : 'forbidden';
}

/**
 * Whether a signed-in person of this console role (null: none) may open a route of this access: the
 * one rule of the guard above and of the side navigation (nav-items.ts), so the menu offers exactly
 * the routes a role may open.
 */
export function roleMayOpen(access: Access, role: Role | null): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  if (role === null) return false;
  const rank = roleRank(role);
  if (access === 'admin') return rank >= roleRank('ADMIN');
  if (access === 'topAdmin') return rank >= roleRank('ERRIGAL_ADMIN');
  return rank > 0;
}
