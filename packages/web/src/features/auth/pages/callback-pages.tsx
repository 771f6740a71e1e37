// callback (spec §2): the end of the Enterprise SSO round trip (the console's
// own sign-in ends on the plain selfcallback page, ../plain/self-callback-page.ts).
// A state mismatch or a missing code is only logged, never followed (spec §8);
// the page offers a fresh sign-in.

import { Link, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice.tsx';
import { navigateTo } from '../../../lib/navigation.ts';
import { HOME_PATH, href, toLoginStart } from '../../../lib/paths.ts';
import { storage } from '../../../lib/storage.ts';
import { AuthCard, LoadingText } from '../auth-card.tsx';
import { checkCallback } from '../authorize-request.ts';
import { SIGN_IN_FAILED } from '../self-callback.ts';
import { completeSsoLogin } from '../sign-in.ts';

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
      setFailed(SIGN_IN_FAILED);
    });
  }, []);
  return failed;
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
