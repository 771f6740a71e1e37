// auth/login/user (spec §2): a fresh state and code verifier, then on to the
// authorize page with the console's own request. Shows 'Loading...'.

import { Link, Stack } from '@chakra-ui/react';
import { pageTexts } from '@userprofile/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice.tsx';
import { navigateTo } from '../../../lib/navigation.ts';
import { AuthCard, LoadingText } from '../auth-card.tsx';
import { startSelfLogin } from '../sign-in.ts';

export default function LoginStartPage() {
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSelfLogin()
      // The authorize page is part of this app: navigating in place keeps any toast on screen.
      .then((path) => navigateTo(path, { replace: true }))
      .catch((error: unknown) => {
        console.error('The sign-in could not start', error);
        setFailed(true);
      });
  }, []);

  return (
    <AuthCard title="Sign in">
      {failed ? (
        <Stack gap="4">
          <Notice status="error">The sign-in could not start. Please try again.</Notice>
          <Link href="/userprofile/auth/login/user">Try again</Link>
        </Stack>
      ) : (
        <LoadingText text={pageTexts.loading} />
      )}
    </AuthCard>
  );
}
