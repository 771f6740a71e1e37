// One's own sessions (an extension): each as the user editor lists a user's
// (the kit's SessionCard), this browser's first and marked, each with Sign
// out; and Sign out of the others, or everywhere (this browser's last, which
// ends this sign-in). The backend ends one session per call, so "all" is each
// in turn.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataState } from '../../components/ui/data-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SessionCard } from '../../components/ui/session-card.tsx';
import { failureReason, isNotOffered } from '../../lib/api/errors.ts';
import { useOffer } from '../../lib/extensions.ts';
import { endSessionHere } from '../../lib/sign-out.ts';
import { notify } from '../../lib/toaster.ts';
import { currentSessionId } from '../../lib/token.ts';
import { useLoad } from '../../lib/use-load.ts';
import { sessionsInOrder } from './account-model.ts';
import { endOwnSession, fetchOwnSessions, type SignInSession } from './api.ts';
import { accountTexts as t } from './texts.ts';

type Ending = { kind: 'one'; session: SignInSession } | { kind: 'others' } | { kind: 'all' };

export function SessionsSection() {
  const state = useLoad(fetchOwnSessions, 'own');
  const oneOffered = useOffer('endOwnSession') !== 'not-offered';
  const mine = currentSessionId();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [busy, setBusy] = useState(false);

  if (isNotOffered(state.error)) return <Notice status="info">{t.sessionsNotOffered}</Notice>;

  const end = async (what: Ending, sessions: readonly SignInSession[]) => {
    const targets =
      what.kind === 'one'
        ? [what.session]
        : sessions
            .filter((s) => s.id !== mine)
            .concat(what.kind === 'all' ? sessions.filter((s) => s.id === mine) : []);
    setBusy(true);
    try {
      for (const session of targets) {
        // This browser's own session: its token is over, so is this sign-in (the place is kept for the next).
        await endOwnSession(session.id);
        if (session.id === mine) return endSessionHere();
      }
      notify.success(what.kind === 'one' ? t.signedOutOne : t.signedOutOthers);
      setEnding(null);
      state.retry();
    } catch (failure) {
      setEnding(null);
      notify.error(t.signOutFailed(failureReason(failure)));
      state.retry();
    } finally {
      setBusy(false);
    }
  };

  return (
    <DataState what={t.sessionsWhat} data={state.data} error={state.error} onRetry={state.retry}>
      {(data) => {
        const sessions = sessionsInOrder(data, mine);
        const others = sessions.filter((s) => s.id !== mine).length;
        return (
          <Stack gap="4" data-own-sessions>
            {sessions.length === 0 ? (
              <Text color="fg.muted">{t.noSessions}</Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {sessions.map((session) => (
                  <SessionCard
                    key={session.id}
                    session={session}
                    mine={session.id === mine}
                    {...(oneOffered ? { onSignOut: () => setEnding({ kind: 'one', session }) } : {})}
                  />
                ))}
              </Stack>
            )}
            {oneOffered && sessions.length > 0 ? (
              <HStack gap="2" wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  disabled={others === 0}
                  onClick={() => setEnding({ kind: 'others' })}
                >
                  {t.signOutOthers}
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setEnding({ kind: 'all' })}>
                  {t.signOutAll}
                </Button>
              </HStack>
            ) : null}
            <ConfirmDialog
              open={ending !== null}
              onOpenChange={(open) => {
                if (!open) setEnding(null);
              }}
              title={
                ending?.kind === 'all'
                  ? t.signOutAllTitle
                  : ending?.kind === 'others'
                    ? t.signOutOthersTitle
                    : t.signOutOneTitle
              }
              confirmLabel={ending?.kind === 'all' ? t.signOutAll : 'Sign out'}
              cancelLabel="Cancel"
              busy={busy}
              onConfirm={() => {
                if (ending) void end(ending, sessions);
              }}
            >
              <Text>
                {ending?.kind === 'all'
                  ? t.signOutAllText(sessions.length)
                  : ending?.kind === 'others'
                    ? t.signOutOthersText(others)
                    : ending?.session.id === mine
                      ? 'This is this browser’s session: you will sign in again here.'
                      : 'Whoever uses that session must sign in again. Your other sessions go on.'}
              </Text>
            </ConfirmDialog>
          </Stack>
        );
      }}
    </DataState>
  );
}
