// Route guards of spec §6, as one pure decision.
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
  const rank = roleRank(roleOf(user));
  // A signed-in user who is none of the console's roles (spec §6) may use no other screen of it: the user
  // routes' calls would all be refused. They land on their own account page, which says so, rather than
  // on a bare 403 page (nor the 404 of a refused list).
  if (rank === 0) return 'account';
  if (access === 'admin') return rank >= roleRank('ADMIN') ? 'allow' : 'forbidden';
  if (access === 'topAdmin') return rank >= roleRank('ERRIGAL_ADMIN') ? 'allow' : 'forbidden';
  return 'allow';
}
