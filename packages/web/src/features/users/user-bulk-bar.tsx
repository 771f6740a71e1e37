// The bulk actions of the Users list (issue 27): how many users are selected,
// "Select all N matching", the actions (Activate, Deactivate, assign a
// business or visibility profile, send a password reset e-mail), a
// confirmation in numbers before, and the result per user after: the users
// refused (with the server's reason) stay selected, to act on again.
import { Box, Button, Flex, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronDown, LuX } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { NativeSelect, toOptions } from '../../components/ui/native-select.tsx';
import { failureReason } from '../../lib/api/errors.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { visibilityProfiles } from '../../lib/data/visibility-profiles.ts';
import { type BulkAction, type BulkResult, bulkUserAction } from './api.ts';
import { BULK_LABELS, bulkQuestion, bulkSummary } from './bulk-texts.ts';
import type { User } from './list-view.ts';
import { applyBulkChange } from './user-lists.ts';
import { clearSelection, setSelection, useSelection } from './user-selection.ts';

/** Performance mark: a bulk action's result is on screen (scripts/bench-bulk.mjs). */
export const MARK_BULK_RESULT = 'users:bulk-result';

/** How many refused users the result names; the others stay selected, counted. */
const NAMED_REFUSALS = 20;

interface Outcome {
  action: BulkAction;
  summary: string;
  refused: { username: string; reason: string }[];
  /** Refused beyond those named. */
  more: number;
  error: string | null;
}

const ACTIONS: readonly BulkAction[] = [
  'activate',
  'deactivate',
  'assignBusinessProfile',
  'assignVisibilityProfile',
  'sendPasswordReset',
];

export function UserBulkBar({
  rows,
  matchingUuids,
  matchCount,
  canAssign,
}: {
  /** The list shown (usernames of refused users are read from it). */
  rows: readonly User[];
  /** Every user matching the filters, in list order (made when asked: 50000 uuids). */
  matchingUuids: () => string[];
  matchCount: number;
  /** Profiles may be assigned (the reader may read the profile lists). */
  canAssign: boolean;
}) {
  const selected = useSelection((s) => s.uuids);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const count = selected.size;
  if (count === 0 && !outcome) return null;
  return (
    <Stack gap="2" mb="2" data-bulk-bar>
      {count > 0 ? (
        <Flex gap="2" align="center" wrap="wrap" bg="bg.muted" rounded="l2" px="3" py="2">
          <Text fontSize="sm" fontWeight="medium" aria-live="polite">
            {`${count.toLocaleString('en-US')} selected`}
          </Text>
          {count < matchCount ? (
            <Button size="xs" variant="outline" onClick={() => setSelection(matchingUuids())}>
              {`Select all ${matchCount.toLocaleString('en-US')} matching`}
            </Button>
          ) : null}
          <Button size="xs" variant="ghost" onClick={clearSelection}>
            Clear selection
          </Button>
          <Box flex="1" />
          <Menu.Root onSelect={(d) => setAsking(d.value as BulkAction)} positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <Button size="xs" colorPalette="blue">
                Bulk action <LuChevronDown aria-hidden />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {ACTIONS.filter((a) => canAssign || !a.startsWith('assign')).map((a) => (
                    <Menu.Item key={a} value={a}>
                      {BULK_LABELS[a]}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Flex>
      ) : null}
      {outcome ? <OutcomePanel outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}
      {asking ? (
        <BulkDialog
          action={asking}
          uuids={[...selected]}
          rows={rows}
          onClose={() => setAsking(null)}
          onDone={(o) => {
            setAsking(null);
            setOutcome(o);
          }}
        />
      ) : null}
    </Stack>
  );
}

function BulkDialog({
  action,
  uuids,
  rows,
  onClose,
  onDone,
}: {
  action: BulkAction;
  uuids: string[];
  rows: readonly User[];
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const [profile, setProfile] = useState<{ uuid: string; name: string } | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const assigning = action === 'assignBusinessProfile' || action === 'assignVisibilityProfile';

  const run = async () => {
    if (assigning && !profile) return;
    setRunning(0);
    let result: BulkResult | null = null;
    let error: string | null = null;
    try {
      result = await bulkUserAction(action, uuids, profile?.uuid ?? null, setRunning);
    } catch (e) {
      error = failureReason(e);
    }
    onDone(outcomeOf(action, result, error, rows, profile));
    requestAnimationFrame(() => setTimeout(() => performance.mark(MARK_BULK_RESULT), 0));
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open && running === null) onClose();
      }}
      title={BULK_LABELS[action]}
      confirmLabel={BULK_LABELS[action]}
      cancelLabel="Cancel"
      confirmPalette={action === 'deactivate' ? 'red' : 'blue'}
      onConfirm={() => void run()}
      busy={running !== null}
    >
      <Text data-bulk-question>{bulkQuestion(action, uuids.length, profile?.name ?? null)}</Text>
      {assigning ? <ProfilePicker action={action} value={profile} onChange={setProfile} /> : null}
      {running !== null && uuids.length > 1 ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {`Working… ${running.toLocaleString('en-US')} of ${uuids.length.toLocaleString('en-US')} sent`}
        </Text>
      ) : null}
    </ConfirmDialog>
  );
}

function ProfilePicker({
  action,
  value,
  onChange,
}: {
  action: 'assignBusinessProfile' | 'assignVisibilityProfile';
  value: { uuid: string; name: string } | null;
  onChange: (profile: { uuid: string; name: string } | null) => void;
}) {
  const business = action === 'assignBusinessProfile';
  const list = useCache<readonly { uuid: string; name: string }[]>(business ? businessProfiles : visibilityProfiles);
  const rows = list.data ?? [];
  if (list.error) return <Text color="fg.error">{`Could not load the profiles: ${failureReason(list.error)}`}</Text>;
  return (
    <NativeSelect
      ariaLabel={business ? 'Business profile to assign' : 'Visibility profile to assign'}
      value={value?.uuid ?? ''}
      options={toOptions(rows)}
      placeholder={list.data ? 'Choose a profile' : 'Loading...'}
      disabled={!list.data}
      onChange={(uuid) => onChange(rows.find((r) => r.uuid === uuid) ?? null)}
    />
  );
}

/** The outcome shown, the cached lists updated, and the refused users left selected. */
function outcomeOf(
  action: BulkAction,
  result: BulkResult | null,
  error: string | null,
  rows: readonly User[],
  profile: { uuid: string; name: string } | null,
): Outcome {
  if (!result) return { action, summary: '', refused: [], more: 0, error };
  const done = new Set<string>();
  const refusedReasons = new Map<string, string>();
  for (const r of result.results) {
    if (r.result === 'done') done.add(r.uuid);
    else if (r.result === 'refused') refusedReasons.set(r.uuid, r.reason ?? 'Refused');
  }
  if (action === 'activate' || action === 'deactivate') applyBulkChange(done, { action });
  else if (action !== 'sendPasswordReset' && profile) applyBulkChange(done, { action, profile });
  setSelection(refusedReasons.keys());
  const named: { username: string; reason: string }[] = [];
  for (const u of rows) {
    if (named.length === NAMED_REFUSALS) break;
    const reason = refusedReasons.get(u.uuid);
    if (reason) named.push({ username: u.username, reason });
  }
  return {
    action,
    summary: bulkSummary(action, result),
    refused: named,
    more: refusedReasons.size - named.length,
    error,
  };
}

function OutcomePanel({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const failed = outcome.error !== null;
  return (
    <Box
      borderWidth="1px"
      borderColor={failed ? 'border.error' : 'border'}
      rounded="l2"
      px="3"
      py="2"
      role={failed ? 'alert' : 'status'}
      data-bulk-result
    >
      <HStack align="flex-start" justify="space-between" gap="2">
        <Stack gap="1" minW="0">
          <Text fontSize="sm" fontWeight="medium" color={failed ? 'fg.error' : undefined}>
            {failed ? `${BULK_LABELS[outcome.action]} failed: ${outcome.error}` : outcome.summary}
          </Text>
          {outcome.refused.length > 0 ? (
            <Box as="ul" fontSize="sm" listStyleType="none" data-bulk-refused>
              {outcome.refused.map((r) => (
                <li key={r.username}>
                  <Text as="span" fontWeight="medium">
                    {r.username}
                  </Text>
                  {`: ${r.reason}`}
                </li>
              ))}
            </Box>
          ) : null}
          {outcome.more > 0 ? (
            <Text fontSize="sm" color="fg.muted">{`and ${outcome.more.toLocaleString('en-US')} more refused`}</Text>
          ) : null}
          {outcome.refused.length + outcome.more > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              The refused users stay selected.
            </Text>
          ) : null}
        </Stack>
        <Button size="xs" variant="ghost" aria-label="Dismiss the result" onClick={onDismiss}>
          <LuX aria-hidden />
        </Button>
      </HStack>
    </Box>
  );
}
