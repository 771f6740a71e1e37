// selfcallback and callback (spec §2): the end of the console's own sign-in
// and of the Enterprise SSO round trip. A state mismatch or a missing code is
// only logged, never followed (spec §8); the page offers a fresh sign-in.

import { Link, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice.tsx';
import { navigateTo } from '../../../lib/navigation.ts';
import { HOME_PATH, href, toLoginStart } from '../../../lib/paths.ts';
import { peekReturnPath, takeReturnPath } from '../../../lib/return-path.ts';
import { preloadRoute } from '../../../lib/routing.ts';
import { storage } from '../../../lib/storage.ts';
import { AuthCard, LoadingText } from '../auth-card.tsx';
import { checkCallback } from '../authorize-request.ts';
import { askConsoleClientId, completeSelfLogin, completeSsoLogin, providerIssuer } from '../sign-in.ts';

const FAILED = 'The sign-in could not be completed.';
const WRONG_ISSUER =
  'This sign-in answer comes from another sign-in service than the one asked (iss), so it was refused. Please sign in again.';

/** A refusal whose reason the page says (the others are only logged, spec §8). */
class CallbackRefused extends Error {
  constructor(
    message: string,
    readonly shown: string,
  ) {
    super(message);
  }
}

function CallbackFrame({ failed }: { failed: string | null }) {
  return (
    <AuthCard title="Sign in">
      {failed ? (
        <Stack gap="4">
          <Notice status="error">{failed}</Notice>
          <Link href={href(toLoginStart())}>Sign in again</Link>
        </Stack>
      ) : (
        <LoadingText text="Signing in..." />
      )}
    </AuthCard>
  );
}

function useCallbackFlow(run: (search: string) => Promise<void>): string | null {
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page load
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Read once, undecoded (wouter's useSearch decodes the query before URLSearchParams does).
    run(window.location.search).catch((error: unknown) => {
      console.error('The sign-in could not be completed', error);
      setFailed(error instanceof CallbackRefused ? error.shown : FAILED);
    });
  }, []);
  return failed;
}

export function SelfCallbackPage() {
  const failed = useCallbackFlow(async (search) => {
    const state = storage.get('state');
    // The client id (GET /auth/frontendconfig) is asked for beside the discovery, not after it.
    const clientId = askConsoleClientId();
    const checked = checkCallback(search, state, await providerIssuer());
    if (!checked.ok) {
      const message = `Callback refused: ${checked.reason}`;
      throw checked.wrongIssuer ? new CallbackRefused(message, WRONG_ISSUER) : new Error(message);
    }
    if (checked.ticket) storage.set('ticket', checked.ticket);
    // The page the sign-in returns to is loaded beside the code exchange and GET /me, not after them.
    preloadRoute(peekReturnPath(state, HOME_PATH));
    await completeSelfLogin(checked.code, clientId);
    // Back to the page the sign-in began from (an Enterprise SSO sign-in of the console lands here too).
    navigateTo(takeReturnPath(state, HOME_PATH), { replace: true });
  });
  return <CallbackFrame failed={failed} />;
}

export function SsoCallbackPage() {
  const failed = useCallbackFlow(async (search) => {
    const state = storage.get('sso_state');
    const checked = checkCallback(search, state);
    if (!checked.ok || !state) throw new Error(`SSO callback refused: ${checked.ok ? 'no state' : checked.reason}`);
    if (checked.ticket) storage.set('ticket', checked.ticket);
    const next = await completeSsoLogin(checked.code, state);
    if (next) window.location.assign(next);
    else navigateTo(HOME_PATH, { replace: true });
  });
  return <CallbackFrame failed={failed} />;
}
