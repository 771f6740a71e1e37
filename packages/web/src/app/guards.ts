// Route guards of spec §6, as one pure decision.
import { roleRank } from '@userprofile/shared/constants';
import type { Access } from '../lib/routing.ts';
import { type CurrentUser, isLoggedIn, roleOf } from '../lib/session.ts';

export type GuardOutcome = 'allow' | 'login' | 'forbidden';

export function checkAccess(access: Access, user: CurrentUser | null): GuardOutcome {
  if (access === 'public') return 'allow';
  // "Only logged-in users (username present) reach user routes."
  if (!isLoggedIn(user) || !user.username) return 'login';
  const rank = roleRank(roleOf(user));
  // A signed-in user who is none of the console's roles (spec §6) may use no screen of it: the user
  // routes' calls would all be refused. They get the 403 page, not the 404 of a refused list (issue 34).
  if (rank === 0) return 'forbidden';
  if (access === 'admin') return rank >= roleRank('ADMIN') ? 'allow' : 'forbidden';
  if (access === 'topAdmin') return rank >= roleRank('ERRIGAL_ADMIN') ? 'allow' : 'forbidden';
  return 'allow';
}
