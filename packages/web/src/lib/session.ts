// The signed-in user (spec §3 "Current user"): logged in means the object
// exists and its success flag is true. Loaded from GET /me at start-up and
// after sign-in; cleared at sign-out.
import { highestRole, type Role } from '@userprofile/shared/constants';
import { create } from 'zustand';
import { currentToken } from './token.ts';

export interface CurrentUser {
  success: boolean;
  username?: string | null;
  roles?: string[] | null;
  layoutCode?: string[] | null;
  defaultMinimumRoleName?: string | null;
}

export interface SessionState {
  /** 'checking' until the stored token (if any) has been tried against GET /me. */
  status: 'checking' | 'ready';
  user: CurrentUser | null;
}

// Without a stored token there is nothing to check: a visitor's first screen is decided at once.
export const useSession = create<SessionState>(() => ({ status: currentToken() ? 'checking' : 'ready', user: null }));

export function isLoggedIn(user: CurrentUser | null | undefined): user is CurrentUser {
  return !!user && user.success === true;
}

export function roleOf(user: CurrentUser | null | undefined): Role | null {
  return isLoggedIn(user) ? highestRole(user.roles ?? []) : null;
}

export function setCurrentUser(user: CurrentUser | null): void {
  useSession.setState({ status: 'ready', user });
}

export function clearSession(): void {
  useSession.setState({ status: 'ready', user: null });
}
