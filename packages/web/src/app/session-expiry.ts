// The token's expiry signs the user out (spec §3 token_expires_at, §9), saying
// why: the session timed out (spec §8, docs/console.md "Signing in").
import { globalMessages } from '@userprofile/shared/messages';
import { useEffect } from 'react';
import { navigateTo } from '../lib/navigation.ts';
import { toLogout } from '../lib/paths.ts';
import { isLoggedIn, useSession } from '../lib/session.ts';
import { rememberPlace } from '../lib/sign-out.ts';
import { notify } from '../lib/toaster.ts';
import { tokenExpiresAt } from '../lib/token.ts';

/** setTimeout's limit (about 24.8 days); longer waits are re-armed. */
const MAX_DELAY = 2_147_483_647;

export function useSessionExpiry(): void {
  const signedIn = useSession((s) => isLoggedIn(s.user));
  useEffect(() => {
    if (!signedIn) return;
    const expiresAt = tokenExpiresAt();
    if (expiresAt === null) return;
    let timer: number;
    const arm = () => {
      const wait = expiresAt - Date.now();
      if (wait <= 0) {
        notify.warning(globalMessages.sessionTimedOut);
        rememberPlace();
        navigateTo(toLogout());
        return;
      }
      timer = window.setTimeout(arm, Math.min(wait, MAX_DELAY));
    };
    arm();
    return () => window.clearTimeout(timer);
  }, [signedIn]);
}
