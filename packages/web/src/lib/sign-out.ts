// Sign-out clears all caches and stored items (spec §4 "Login").
import { clearAllCaches } from './caches.ts';
import { keepDrafts } from './kept-drafts.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { toLoginStart } from './paths.ts';
import { rememberReturnPath } from './return-path.ts';
import { clearSession, useSession } from './session.ts';
import { storage } from './storage.ts';

export function clearSignIn(): void {
  storage.clear();
  clearAllCaches();
  clearSession();
}

/**
 * The session ends under the user, who keeps their place: this
 * page is where the next sign-in returns, and the open editor's unsaved
 * changes are kept for it.
 */
export function rememberPlace(): void {
  rememberReturnPath(currentPath() + window.location.search);
  keepDrafts(useSession.getState().user?.username);
}

/** A refused token: the place is remembered, the sign-in forgotten, and a new one starts (auth/login/user, spec §2). */
export function endSessionHere(): void {
  rememberPlace();
  clearSignIn();
  navigateTo(toLoginStart(), { replace: true });
}
