// password/forgot and password/new/{token} (spec §2, §5, §8).

import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { globalMessages, pageTexts, passwordMessages } from '@userprofile/shared/messages';
import { validateForgotPassword, validatePasswordReset } from '@userprofile/shared/validation';
import DOMPurify from 'dompurify';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { Notice } from '../../../components/ui/notice.tsx';
import { api, expectFailure } from '../../../lib/api/client.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { getConfig } from '../../../lib/config.ts';
import { toForgotPassword, toLoginStart } from '../../../lib/paths.ts';
import { notify, withdraw } from '../../../lib/toaster.ts';
import { AuthCard, AuthField, AuthLink, LoadingText } from '../auth-card.tsx';

function BackToSignIn() {
  return <AuthLink href={toLoginStart()}>Back to Sign In</AuthLink>;
}

/**
 * Where a forgot-password failure comes from (docs/wire-and-errors.md "Calls the spec names without
 * showing them": 502 = the user lookup failed).
 */
export function forgotFailureMessage(status: number): string {
  return status === 502 ? passwordMessages.forgotLookupFailed : passwordMessages.forgotFailed;
}

/** These pages need no sign-in: the guard's 'Please Login First' does not follow the visitor here. */
function useNoLoginWarning(): void {
  useEffect(() => withdraw('warning', globalMessages.pleaseLoginFirst), []);
}

export function ForgotPasswordPage() {
  useNoLoginWarning();
  const { supportEmail } = getConfig();
  const [username, setUsername] = useState('');
  // Once a submit was tried, the message follows each keystroke (a corrected field loses it at once).
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const error = submitted ? (validateForgotPassword({ username }).username ?? null) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = validateForgotPassword({ username }).username;
    if (invalid || busy) return;
    setBusy(true);
    try {
      await api().POST('/api/v1/password/forgot', { body: { username: username.trim() } });
      notify.success(passwordMessages.forgotSuccess);
      setSent(true);
    } catch (e) {
      console.error('POST /password/forgot failed', e);
      notify.error(forgotFailureMessage(isApiError(e) ? e.status : 0));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot Password">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {pageTexts.forgotPasswordInfo(supportEmail)}
        </Text>
        {sent ? <Notice status="success">{passwordMessages.forgotSuccess}</Notice> : null}
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack gap="4">
            <AuthField
              label="Username"
              name="username"
              autoComplete="username"
              value={username}
              onChange={setUsername}
              error={error}
              autoFocus
            />
            <Button type="submit" colorPalette="blue" loading={busy}>
              Send Reset Link
            </Button>
          </Stack>
        </form>
        <BackToSignIn />
      </Stack>
    </AuthCard>
  );
}

type ResetPhase =
  | { kind: 'verifying' }
  | { kind: 'invalid' }
  | { kind: 'form'; username: string }
  | { kind: 'done'; html: string };

/** The reset link carries '.' as '~' (spec §2). */
export const tokenFromPath = (raw: string): string => decodeURIComponent(raw).replace(/~/g, '.');

async function completionHtml(): Promise<string> {
  try {
    const { data } = await api().GET('/api/v1/password/template/complete', { parseAs: 'text' });
    return DOMPurify.sanitize(typeof data === 'string' ? data : '');
  } catch (error) {
    console.error('GET /password/template/complete failed', error);
    return '';
  }
}

export function NewPasswordPage() {
  useNoLoginWarning();
  const params = useParams<{ token: string }>();
  const token = tokenFromPath(params.token ?? '');
  const [phase, setPhase] = useState<ResetPhase>({ kind: 'verifying' });
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  // Once a submit was tried, the messages follow each keystroke (a corrected field loses its message at once).
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validatePasswordReset({ password, rePassword }) : {};
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page load
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api()
      .GET('/api/v1/password/token/verify/{token}', {
        params: { path: { token } },
        // 404 here means "invalid or expired link", which this page says itself.
        middleware: [expectFailure(404, 400)],
      })
      .then(({ data }) => setPhase({ kind: 'form', username: typeof data === 'string' ? data : '' }))
      .catch((error: unknown) => {
        console.error('Password reset token failed verification', error);
        notify.error(passwordMessages.tokenFailed);
        setPhase({ kind: 'invalid' });
      });
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validatePasswordReset({ password, rePassword });
    if (found.password || found.rePassword || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await api().POST('/api/v1/password/update', {
        body: { token, password, rePassword },
        middleware: [expectFailure(404, 406)],
      });
      notify.success(passwordMessages.resetSuccess);
      // The password is set: say so at once; the completion template follows when it arrives.
      setPhase({ kind: 'done', html: '' });
      void completionHtml().then((html) => setPhase({ kind: 'done', html }));
    } catch (e) {
      console.error('POST /password/update failed', e);
      const message = isApiError(e, 406) ? passwordMessages.reused : passwordMessages.resetFailed;
      setFailure(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  if (phase.kind === 'verifying') {
    return (
      <AuthCard title="Reset Password">
        <LoadingText />
      </AuthCard>
    );
  }
  if (phase.kind === 'invalid') {
    return (
      <AuthCard title="Reset Password">
        <Stack gap="4">
          <Notice status="error">{passwordMessages.invalidLink}</Notice>
          <AuthLink href={toForgotPassword()}>Request a new link</AuthLink>
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }
  if (phase.kind === 'done') {
    return (
      <AuthCard title="Reset Password">
        <Stack gap="4">
          <Notice status="success">{passwordMessages.resetSuccess}</Notice>
          {phase.html ? (
            // Sanitised with DOMPurify in completionHtml (security checklist "Rendering").
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the template is HTML by contract and sanitised above
            <Box fontSize="sm" data-testid="reset-complete-template" dangerouslySetInnerHTML={{ __html: phase.html }} />
          ) : null}
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="4">
          {phase.username ? (
            <Text fontSize="sm" color="fg.muted">
              Choose a new password for <strong>{phase.username}</strong>.
            </Text>
          ) : null}
          <AuthField
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            autoFocus
          />
          <AuthField
            label="Confirm New Password"
            name="rePassword"
            type="password"
            autoComplete="new-password"
            value={rePassword}
            onChange={setRePassword}
            error={errors.rePassword}
          />
          {failure ? <Notice status="error">{failure}</Notice> : null}
          <Button type="submit" colorPalette="blue" loading={busy}>
            Reset Password
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthCard>
  );
}
