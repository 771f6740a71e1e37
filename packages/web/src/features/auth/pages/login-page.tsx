// authorize (spec §2 "Login page"): the suite's sign-in. It shows Username,
// Password, Sign In, Forgot Password and, when configured, 'Enterprise SSO'
// at once, while it checks beside the form for an existing sign-in session to
// reuse. Success sends the browser on to the requesting client with a code.

import { Button, Separator, Stack, Text } from '@chakra-ui/react';
import { loginMessages, pageTexts } from '@userprofile/shared/messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice.tsx';
import { type ApiError, isApiError } from '../../../lib/api/errors.ts';
import { getConfig } from '../../../lib/config.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { toForgotPassword, toLoginStart } from '../../../lib/paths.ts';
import { AuthCard, AuthField, AuthLink, LoadingText } from '../auth-card.tsx';
import { type AuthorizeRequest, parseAuthorizeQuery } from '../authorize-request.ts';
import { authorize, logIn, reuseSession, startSsoLogin } from '../sign-in.ts';

type Phase = 'form' | 'redirecting';

function retryAfterSeconds(error: ApiError): number | null {
  const value = Number(error.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * What the form says when a step fails (docs/decisions.md "Login messages"):
 * wrong credentials, a lockout with its wait, a refused request of another
 * application, or spec §8's unknown reason for anything else.
 */
function failureText(error: unknown): string {
  if (isApiError(error, 401)) return loginMessages.invalidCredentials;
  if (isApiError(error, 429)) {
    const seconds = retryAfterSeconds(error);
    return seconds ? loginMessages.lockedOut(seconds) : loginMessages.lockedOutNoWait;
  }
  if (isApiError(error, 400) && error.url.includes('/auth/')) {
    return `This application's sign-in request was refused: ${error.message}`;
  }
  return loginMessages.failed;
}

function follow(url: string): void {
  window.location.assign(url);
}

export default function LoginPage() {
  // The query exactly as the client sent it, decoded once: wouter's useSearch
  // decodes it first, which would turn a state of `a%2Fb` into `a/b`.
  const request = useRef<AuthorizeRequest | null>(parseAuthorizeQuery(window.location.search));
  const config = getConfig();
  const [phase, setPhase] = useState<Phase>(config.ssoEnabled && config.ssoAutoRedirect ? 'redirecting' : 'form');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const goToSso = async (authorizeRequest: AuthorizeRequest) => {
    setPhase('redirecting');
    try {
      follow(await startSsoLogin(authorizeRequest));
    } catch (e) {
      console.error('Enterprise SSO could not start', e);
      setError('Enterprise SSO is not available right now. Please sign in with your username and password.');
      setPhase('form');
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page load
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const authorizeRequest = request.current;
    if (!authorizeRequest) {
      // Nothing to authorize: start the console's own sign-in.
      navigateTo(toLoginStart(), { replace: true });
      return;
    }
    if (config.ssoEnabled && config.ssoAutoRedirect) {
      void goToSso(authorizeRequest);
      return;
    }
    // Beside the form: a browser that is already signed in goes straight on.
    reuseSession(authorizeRequest)
      .then((redirectUrl) => {
        if (!redirectUrl) return;
        setPhase('redirecting');
        follow(redirectUrl);
      })
      .catch((e: unknown) => {
        if (isApiError(e, 400)) setError(failureText(e));
        else console.error('The session check failed', e);
      });
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const authorizeRequest = request.current;
    if (!authorizeRequest || busy) return;
    if (!username.trim() || !password) {
      setError('Please enter your username and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (!(await logIn(username.trim(), password))) {
        setError(loginMessages.failed);
        return;
      }
      const redirectUrl = await authorize(authorizeRequest);
      setPhase('redirecting');
      follow(redirectUrl);
    } catch (e) {
      const text = failureText(e);
      // Wrong credentials and lockouts are answers, not faults: only the unexplained failure is logged.
      if (text === loginMessages.failed) console.error('Sign-in failed', e);
      setError(text);
    } finally {
      setBusy(false);
    }
  };

  if (phase === 'redirecting' || !request.current) {
    return (
      <AuthCard title="Sign in">
        <LoadingText text={request.current ? 'Signing in...' : pageTexts.loading} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="4">
          <AuthField
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={setUsername}
            autoFocus
          />
          <AuthField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          {error ? <Notice status="error">{error}</Notice> : null}
          <Button type="submit" colorPalette="blue" loading={busy} loadingText="Signing in...">
            Sign In
          </Button>
          <AuthLink href={toForgotPassword()}>Forgot Password</AuthLink>
          {config.ssoEnabled ? (
            <>
              <Separator />
              <Text fontSize="sm" color="fg.muted" textAlign="center">
                Or use your corporate account
              </Text>
              <Button type="button" variant="outline" onClick={() => request.current && void goToSso(request.current)}>
                Enterprise SSO
              </Button>
            </>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}
