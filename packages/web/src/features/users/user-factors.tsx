// A user's second factors on the user editor (an extension): which rule
// requires one (in the server's words), the factors (kind, name, added, last
// used), Remove one or Remove all after the administrator's own password
// again (which ends every session of the user), and "Require a new enrolment
// at next sign-in". The rule of the user's sign-ins: only for a user this
// administrator may change; a backend without the calls is told so.
import { Box, Button, Checkbox, HStack, Stack, Switch, Tabs, Text } from '@chakra-ui/react';
import type { components } from '@userprofile/shared/generated/api';
import { useState } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import { type Factor, FactorList } from '../../components/ui/factor-list.tsx';
import { LazyTabContent } from '../../components/ui/lazy-tab.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PasswordAgainDialog } from '../../components/ui/password-again-dialog.tsx';
import { api, expectFailure, withLoading } from '../../lib/api/client.ts';
import { failureReason, isApiError, isNotOffered } from '../../lib/api/errors.ts';
import { callExtension } from '../../lib/extensions.ts';
import { notify } from '../../lib/toaster.ts';
import { useLoad } from '../../lib/use-load.ts';
import { factorTexts } from './user-factors-texts.ts';

export const FACTORS_TAB = 'factors';

type UserFactors = components['schemas']['UserFactors'];

const t = factorTexts;

async function fetchUserFactors(uuid: string): Promise<UserFactors> {
  return callExtension('getUserFactors', async (offer) => {
    const { data } = await api().GET('/api/v1/user/{uuid}/factors', {
      params: { path: { uuid } },
      middleware: [...offer, expectFailure(403)],
    });
    return data as UserFactors;
  });
}

async function removeUserFactors(
  uuid: string,
  body: { password: string; factor?: string; requireEnrolment?: boolean },
): Promise<void> {
  await callExtension('removeUserFactors', async (offer) => {
    await api().POST('/api/v1/user/{uuid}/factors/remove', {
      params: { path: { uuid } },
      body,
      middleware: [withLoading(), ...offer, expectFailure(400, 403, 404, 429, 503)],
    });
  });
}

async function requireUserEnrolment(uuid: string, required: boolean): Promise<void> {
  await callExtension('requireUserEnrolment', async (offer) => {
    await api().POST('/api/v1/user/{uuid}/factors/require', {
      params: { path: { uuid } },
      body: { required },
      middleware: [withLoading(), ...offer, expectFailure(400, 403, 404, 503)],
    });
  });
}

/** The tab's content (the editor adds the trigger for a user it may change); loaded once the tab is opened. */
export function UserFactorsTabContent(props: { uuid: string; username: string; self: boolean; record: unknown }) {
  return <LazyTabContent value={FACTORS_TAB}>{() => <UserFactorsView {...props} />}</LazyTabContent>;
}

function UserFactorsView({
  uuid,
  username,
  self,
  record,
}: {
  uuid: string;
  username: string;
  /** The signed-in administrator is this user. */
  self: boolean;
  record: unknown;
}) {
  const state = useLoad(() => fetchUserFactors(uuid), record);
  // The factor to remove; 'all' for every one.
  const [removing, setRemoving] = useState<Factor | 'all' | null>(null);
  const [askEnrolment, setAskEnrolment] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requiring, setRequiring] = useState(false);

  if (isNotOffered(state.error)) return <Notice status="info">{t.notOffered}</Notice>;
  if (isApiError(state.error, 403)) return <Notice status="info">{t.forbidden(state.error.message)}</Notice>;

  const open = (what: Factor | 'all') => {
    setError(null);
    setAskEnrolment(false);
    setRemoving(what);
  };

  const remove = async (password: string) => {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await removeUserFactors(uuid, {
        password,
        ...(removing === 'all' ? {} : { factor: removing.id }),
        ...(askEnrolment ? { requireEnrolment: true } : {}),
      });
      setRemoving(null);
      notify.success(t.removed(username));
      state.retry();
    } catch (failure) {
      setError(isApiError(failure, 403) ? t.passwordWrong : failureReason(failure));
    } finally {
      setBusy(false);
    }
  };

  const require = async (required: boolean) => {
    setRequiring(true);
    try {
      await requireUserEnrolment(uuid, required);
      notify.success(required ? t.requested : t.withdrawn);
      state.retry();
    } catch (failure) {
      notify.error(t.requireFailed(failureReason(failure)));
    } finally {
      setRequiring(false);
    }
  };

  return (
    <DataState what={t.what} data={state.data} error={state.error} onRetry={state.retry}>
      {(data) => (
        <Stack gap="5" maxW="4xl" data-user-factors>
          {data.required ? (
            <Notice status="info">{t.required(data.required.text)}</Notice>
          ) : (
            <Text color="fg.muted">{t.notRequired}</Text>
          )}
          {data.factors.length === 0 ? (
            <Text>{t.none(username)}</Text>
          ) : (
            <>
              <FactorList
                factors={data.factors}
                label={t.listLabel(username)}
                actions={(factor) => (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Remove ${factor.name}`}
                    onClick={() => open(factor)}
                  >
                    {t.remove}
                  </Button>
                )}
              />
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t.recoveryLeft(data.recoveryCodesLeft)}
                </Text>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => open('all')}>
                  {t.removeAll}
                </Button>
              </HStack>
            </>
          )}
          <Box>
            <Switch.Root
              size="sm"
              colorPalette="blue"
              checked={data.enrolmentRequested}
              disabled={requiring}
              onCheckedChange={(d) => void require(d.checked)}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t.requireEnrolment}</Switch.Label>
            </Switch.Root>
            <Text fontSize="xs" color="fg.muted" ps="10">
              {t.requireEnrolmentHelp}
            </Text>
          </Box>
          <PasswordAgainDialog
            open={removing !== null}
            onOpenChange={(o) => {
              if (!o) setRemoving(null);
            }}
            title={removing === 'all' ? t.removeAllTitle(username) : t.removeTitle(removing?.name ?? '', username)}
            confirmLabel={removing === 'all' ? t.removeAll : t.remove}
            onConfirm={(password) => void remove(password)}
            busy={busy}
            error={error}
            label={t.password}
            requiredText={t.passwordRequired}
          >
            <Text>{removing === 'all' ? t.removeAllText(username) : t.removeText(username)}</Text>
            {self ? <Text fontWeight="medium">{t.removeSelf}</Text> : null}
            <Checkbox.Root
              size="sm"
              checked={askEnrolment}
              onCheckedChange={(e) => setAskEnrolment(e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t.askEnrolment}</Checkbox.Label>
            </Checkbox.Root>
          </PasswordAgainDialog>
        </Stack>
      )}
    </DataState>
  );
}

/** The tab's trigger, beside Sign-ins. */
export function UserFactorsTabTrigger() {
  return <Tabs.Trigger value={FACTORS_TAB}>{t.tab}</Tabs.Trigger>;
}
