// A user's sign-ins on the user editor (designed): a notice above
// the tabs while failed attempts slow the user's sign-ins, with Unlock, and
// the Sign-ins tab listing the open sessions, each with Sign out (a lost
// device, the others going on), and Sign out everywhere, both behind a confirmation. One load
// serves all (GET /user/{uuid}/signIns); a caller who may not change the user
// (403) or a backend without the call is told so; a backend that lists the
// sessions but cannot end one steps aside to Sign out everywhere.
import { Alert, Button, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { signInTexts } from '@userprofile/shared/messages';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataState } from '../../components/ui/data-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SessionCard } from '../../components/ui/session-card.tsx';
import { failureReason, isApiError, isNotOffered } from '../../lib/api/errors.ts';
import { useOffer } from '../../lib/extensions.ts';
import { whenText } from '../../lib/history-format.ts';
import { endSessionHere } from '../../lib/sign-out.ts';
import { notify } from '../../lib/toaster.ts';
import { currentSessionId } from '../../lib/token.ts';
import { type Loaded, useLoad } from '../../lib/use-load.ts';
import {
  fetchSignIns,
  type SignInSession,
  signOutEverywhere,
  signOutSession,
  type UserSignIns,
  unlockUser,
} from './api.ts';

export const SIGN_INS_TAB = 'signIns';

export type SignInsState = Loaded<UserSignIns>;

/** Loads the user's sign-ins; again for a new record version (after a save) or a Retry. */
export function useSignIns(uuid: string | null, record: unknown): SignInsState {
  // After the user itself: the editor's record arrives once, then again after each save.
  return useLoad(uuid && record ? () => fetchSignIns(uuid) : null, record);
}

/** A moment with its seconds, in the browser's locale: waits are short. */
function clockTime(at: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));
}

/** Above the tabs, while the user's sign-ins are being slowed: why, until when, and Unlock. */
export function SignInLockNotice({ uuid, username, state }: { uuid: string; username: string; state: SignInsState }) {
  const [busy, setBusy] = useState(false);
  const throttle = state.data?.throttle;
  if (!throttle?.throttled) return null;
  const now = Date.now();

  const unlock = async () => {
    setBusy(true);
    try {
      state.replace(await unlockUser(uuid));
      notify.success(signInTexts.unlocked(username));
    } catch (error) {
      notify.error(signInTexts.unlockFailed(username, failureReason(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert.Root status="warning" role="status" data-sign-in-lock alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{signInTexts.throttled(username)}</Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            {throttle.lastFailureAt ? (
              <Text>{signInTexts.failures(throttle.failures, clockTime(throttle.lastFailureAt))}</Text>
            ) : null}
            {throttle.addresses.map((a) => (
              <Text key={a.address}>
                {Date.parse(a.waitUntil) > now
                  ? signInTexts.addressWait(a.address, clockTime(a.waitUntil))
                  : signInTexts.addressSlowed(a.address)}
              </Text>
            ))}
            {throttle.accountWideUntil ? (
              <Text>{signInTexts.accountWide(clockTime(throttle.accountWideUntil))}</Text>
            ) : null}
            <Text color="fg.muted">{signInTexts.knownGood}</Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
      <Button type="button" size="sm" colorPalette="orange" onClick={unlock} loading={busy} flexShrink={0}>
        {signInTexts.unlock}
      </Button>
    </Alert.Root>
  );
}

/** The Sign-ins tab: the open sessions, each with Sign out, and Sign out everywhere. */
export function SignInsTabContent({
  uuid,
  username,
  self,
  state,
}: {
  uuid: string;
  username: string;
  /** The signed-in administrator is this user: signing out everywhere ends their own session too. */
  self: boolean;
  state: SignInsState;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The session whose Sign out waits for its confirmation.
  const [ending, setEnding] = useState<SignInSession | null>(null);
  const oneOffered = useOffer('logoutUserSession') !== 'not-offered';
  const mine = currentSessionId();
  const { error } = state;

  const signOutOne = async (session: SignInSession) => {
    setBusy(true);
    try {
      const after = await signOutSession(uuid, session.id);
      setEnding(null);
      // The console's own session: its token is over, so is this sign-in (the place is kept for the next).
      if (session.id === mine) return endSessionHere();
      state.replace(after);
      notify.success(signInTexts.signedOutOne(username));
    } catch (failure) {
      setEnding(null);
      if (isNotOffered(failure)) notify.info(signInTexts.signOutOneNotOffered);
      else notify.error(signInTexts.signOutOneFailed(username, failureReason(failure)));
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    setBusy(true);
    try {
      state.replace(await signOutEverywhere(uuid));
      setConfirming(false);
      notify.success(signInTexts.signedOut(username));
    } catch (failure) {
      setConfirming(false);
      notify.error(signInTexts.signOutFailed(username, failureReason(failure)));
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (isApiError(error, 403)) body = <Notice status="info">{signInTexts.forbidden(error.message)}</Notice>;
  else if (isNotOffered(error)) body = <Notice status="info">{signInTexts.notOffered}</Notice>;
  else
    body = (
      <DataState what={signInTexts.sessionsWhat} data={state.data} error={error} onRetry={state.retry}>
        {(data) => (
          <Stack gap="4" data-sign-in-sessions>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Heading as="h3" size="sm">
                {signInTexts.sessionsHeading}
              </Heading>
              <Button
                type="button"
                size="sm"
                colorPalette="red"
                variant="outline"
                disabled={data.sessions.length === 0}
                onClick={() => setConfirming(true)}
              >
                {signInTexts.signOutEverywhere}
              </Button>
            </HStack>
            {data.sessions.length === 0 ? (
              <Text color="fg.muted">{signInTexts.noSessions(username)}</Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {data.sessions.map((session) => (
                  <SessionCard
                    key={session.id}
                    session={session}
                    mine={session.id === mine}
                    {...(oneOffered ? { onSignOut: () => setEnding(session) } : {})}
                  />
                ))}
              </Stack>
            )}
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={signInTexts.signOutTitle(username)}
              confirmLabel={signInTexts.signOutEverywhere}
              cancelLabel="Cancel"
              onConfirm={signOut}
              busy={busy}
            >
              <Text>{signInTexts.signOutText(username, data.sessions.length)}</Text>
              {self ? <Text fontWeight="medium">{signInTexts.signOutSelf}</Text> : null}
            </ConfirmDialog>
            <ConfirmDialog
              open={ending !== null}
              onOpenChange={(open) => {
                if (!open) setEnding(null);
              }}
              title={signInTexts.signOutOneTitle(username)}
              confirmLabel={signInTexts.signOutOne}
              cancelLabel="Cancel"
              onConfirm={() => {
                if (ending) void signOutOne(ending);
              }}
              busy={busy}
            >
              {ending ? <SignOutOneText session={ending} mine={ending.id === mine} /> : null}
            </ConfirmDialog>
          </Stack>
        )}
      </DataState>
    );
  return <Tabs.Content value={SIGN_INS_TAB}>{body}</Tabs.Content>;
}

/** What Sign out of one session ends, in the words of its card. */
function SignOutOneText({ session, mine }: { session: SignInSession; mine: boolean }) {
  const started = whenText(session.startedAt, new Date());
  const apps = session.clients.map((c) => c.name).join(', ') || signInTexts.noApplications;
  return (
    <>
      <Text>
        {signInTexts.signOutOneText(
          `${started.absolute} (${started.relative})`,
          session.address ?? signInTexts.noAddress,
          apps,
        )}
      </Text>
      {mine ? <Text fontWeight="medium">{signInTexts.signOutOneSelf}</Text> : null}
    </>
  );
}
