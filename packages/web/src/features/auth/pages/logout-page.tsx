// logout (spec §2): signs out of all applications, clears every cache and
// stored item, says so, and after 3 seconds returns to the login area.
import { Text } from '@chakra-ui/react';
import { LOGOUT_REDIRECT_DELAY_MS, XSRF_COOKIE, XSRF_HEADER } from '@userprofile/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { api, expectFailure, readCookie, signingOut } from '../../../lib/api/client.ts';
import { reloadAt } from '../../../lib/navigation.ts';
import { toLoginStart } from '../../../lib/paths.ts';
import { clearSignIn } from '../../../lib/sign-out.ts';
import { storage } from '../../../lib/storage.ts';
import { AuthCard } from '../auth-card.tsx';

async function signOutEverywhere(ticket: string | null): Promise<void> {
  try {
    // The cross-site request token proves the call comes from this origin's own
    // page: the server ends the cookie's sign-in session only with such proof.
    const xsrf = readCookie(XSRF_COOKIE);
    await api().GET('/api/v1/auth/logout', {
      params: { query: ticket ? { ticket } : {} },
      ...(xsrf ? { headers: { [XSRF_HEADER]: xsrf } } : {}),
      // A token refused here is a session already over: this page signs out regardless.
      middleware: [expectFailure(401), signingOut()],
    });
  } catch (error) {
    // Signing out locally still happens: the stored token and caches go regardless.
    console.error('GET /auth/logout failed', error);
  }
}

export default function LogoutPage() {
  const started = useRef(false);
  // The message says what has happened: it shows once the sign-out is done here (the stored
  // token and caches gone), not while the call to the server is still out.
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = new URLSearchParams(window.location.search).get('ticket') ?? storage.get('ticket');
    let timer: number | undefined;
    void signOutEverywhere(ticket).finally(() => {
      clearSignIn();
      setSignedOut(true);
      timer = window.setTimeout(() => reloadAt(toLoginStart()), LOGOUT_REDIRECT_DELAY_MS);
    });
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <AuthCard title={signedOut ? 'Signed out' : 'Signing out'}>
      {signedOut ? (
        <>
          <Text role="status">You have been signed out of all applications.</Text>
          <Text mt="2" color="fg.muted" fontSize="sm">
            Returning to the sign-in page in {LOGOUT_REDIRECT_DELAY_MS / 1000} seconds.
          </Text>
        </>
      ) : (
        <Text role="status">Signing out of all applications…</Text>
      )}
    </AuthCard>
  );
}
