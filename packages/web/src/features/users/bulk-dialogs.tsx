// The bulk action's dialog and its result: before the
// confirmation, the users the reader may not change grouped by reason; while
// it runs one user at a time (a backend without POST /user/bulk), progress
// and a Cancel that stops before the next call; after, the result grouped by
// reason with the names behind a toggle, and an Undo that reverses exactly
// the users that changed, offered until the next action.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuX } from 'react-icons/lu';
import { ActivityTextLink } from '../../components/ui/activity-link.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { NativeSelect, toOptions } from '../../components/ui/native-select.tsx';
import { useToastsBelow } from '../../components/ui/toaster.tsx';
import { activityLinkTexts, activityOfCorrelation } from '../../lib/activity.ts';
import { failureReason } from '../../lib/api/errors.ts';
import type { BulkAction, BulkResult } from '../../lib/bulk-users/bulk-call.ts';
import { type BulkStep, type RunResult, runBulk } from '../../lib/bulk-users/bulk-run.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { visibilityProfiles } from '../../lib/data/visibility-profiles.ts';
import { useSession } from '../../lib/session.ts';
import { afterNextPaint } from '../../lib/yield.ts';
import {
  changedBy,
  checkSelection,
  groupByReason,
  type ReasonGroup,
  type UndoPlan,
  undoPlan,
  usersAfter,
} from './bulk-plan.ts';
import {
  BULK_LABELS,
  bulkQuestion,
  bulkSummary,
  mayNotChange,
  notSentText,
  progressText,
  undoQuestion,
  undoSummary,
} from './bulk-texts.ts';
import type { User } from './list-view.ts';
import { applyBulkChange } from './user-lists.ts';
import { setSelection } from './user-selection.ts';

/** Performance mark: a bulk action's result is on screen (scripts/bench-bulk.mjs). */
export const MARK_BULK_RESULT = 'users:bulk-result';

/** How many names a reason's toggle lists; the others are counted. */
const NAMES_SHOWN = 200;

type Profile = { uuid: string; name: string };

export interface Outcome {
  action: BulkAction;
  /** An Undo's outcome: the action it took back (its summary says what the Undo did, not the action). */
  undid: BulkAction | null;
  summary: string;
  refused: ReasonGroup[];
  notSent: number;
  error: string | null;
  /** Usernames of the users named (the list as it was). */
  names: ReadonlyMap<string, string>;
  /** The activity log's ids of the calls made (a backend that keeps the log gives them), for a link to its events. */
  correlations: string[];
  /** The Undo offered, with the users as they are now; null once used or where nothing can be undone. */
  undo: { plan: UndoPlan; users: ReadonlyMap<string, User>; profile: string | null } | null;
}

/** What the dialog runs: the action chosen from the menu, or the Undo of the last one. */
export type BulkRequest = { kind: 'action'; action: BulkAction } | { kind: 'undo'; of: Outcome };

export function BulkDialog({
  request,
  uuids,
  users,
  onClose,
  onDone,
}: {
  request: BulkRequest;
  /** The selection (an action) or ignored (an Undo carries its users). */
  uuids: string[];
  users: ReadonlyMap<string, User>;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [answered, setAnswered] = useState<number | null>(null);
  const cancelled = useRef(false);
  const undo = request.kind === 'undo' ? request.of.undo : null;
  const action = request.kind === 'action' ? request.action : (undo?.plan.steps[0]?.action ?? 'activate');
  const assigning =
    request.kind === 'action' && (action === 'assignBusinessProfile' || action === 'assignVisibilityProfile');
  const steps: BulkStep[] = undo ? undo.plan.steps : [{ action, uuids, profile }];
  const total = steps.reduce((n, s) => n + s.uuids.length, 0);
  const before = undo ? undo.users : users;
  const me = useSession((s) => s.user?.username ?? null);
  const check = request.kind === 'action' ? checkSelection(action, uuids, users, profile?.uuid ?? null, me) : null;

  const run = async () => {
    if (assigning && !profile) return;
    cancelled.current = false;
    setAnswered(0);
    let ran: RunResult | null = null;
    let error: string | null = null;
    try {
      ran = await runBulk(steps, before, { onProgress: setAnswered, cancelled: () => cancelled.current });
    } catch (e) {
      error = failureReason(e);
    }
    onDone(outcomeOf(request, action, ran, error, before, profile));
    void afterNextPaint().then(() => performance.mark(MARK_BULK_RESULT));
  };

  const question = undo
    ? undoQuestion(request.kind === 'undo' ? request.of.action : action, total, undo.profile, undo.plan.cannot)
    : bulkQuestion(action, uuids.length, profile?.name ?? null);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open && answered === null) onClose();
      }}
      title={undo ? 'Undo' : BULK_LABELS[action]}
      confirmLabel={undo ? 'Undo' : BULK_LABELS[action]}
      cancelLabel="Cancel"
      confirmPalette={action === 'deactivate' ? 'red' : 'blue'}
      onConfirm={() => void run()}
      busy={answered !== null}
      stop={() => {
        cancelled.current = true;
      }}
    >
      <Text data-bulk-question>{question}</Text>
      {assigning ? <ProfilePicker action={action} value={profile} onChange={setProfile} /> : null}
      {check && check.refusedCount > 0 ? (
        <Stack gap="1" data-bulk-preview>
          <Text fontWeight="medium">{mayNotChange(check.refusedCount, uuids.length)}</Text>
          <ReasonGroups groups={check.refused} names={namesOf(users)} />
        </Stack>
      ) : null}
      {answered !== null && total > 1 ? (
        <Text fontSize="sm" color="fg.muted" role="status" data-bulk-progress>
          {progressText(answered, total)}
        </Text>
      ) : null}
    </ConfirmDialog>
  );
}

const namesOf = (users: ReadonlyMap<string, User>): ReadonlyMap<string, string> =>
  ({
    get: (uuid: string) => users.get(uuid)?.username,
  }) as ReadonlyMap<string, string>;

function ProfilePicker({
  action,
  value,
  onChange,
}: {
  action: BulkAction;
  value: Profile | null;
  onChange: (profile: Profile | null) => void;
}) {
  const business = action === 'assignBusinessProfile';
  const list = useCache<readonly Profile[]>(business ? businessProfiles : visibilityProfiles);
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

/** Users refused, one line per reason with its count; the names behind a toggle. */
function ReasonGroups({ groups, names }: { groups: readonly ReasonGroup[]; names: ReadonlyMap<string, string> }) {
  return (
    <Stack as="ul" gap="1.5" fontSize="sm" listStyleType="none" data-bulk-reasons>
      {groups.map((g) => (
        <ReasonLine key={g.reason} group={g} names={names} />
      ))}
    </Stack>
  );
}

function ReasonLine({ group, names }: { group: ReasonGroup; names: ReadonlyMap<string, string> }) {
  const [open, setOpen] = useState(false);
  const count = group.uuids.length;
  return (
    <li data-bulk-reason={group.reason}>
      <HStack gap="2" align="flex-start" wrap="wrap">
        <Text flex="1" minW="12rem">
          <Text
            as="span"
            fontWeight="medium"
          >{`${count.toLocaleString('en-US')} ${count === 1 ? 'user' : 'users'}`}</Text>
          {`: ${group.reason}`}
        </Text>
        <Button size="2xs" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide names' : 'Show names'}
        </Button>
      </HStack>
      {open ? (
        <Text color="fg.muted" mt="1" data-bulk-names>
          {group.uuids
            .slice(0, NAMES_SHOWN)
            .map((uuid) => names.get(uuid) ?? uuid)
            .join(', ')}
          {count > NAMES_SHOWN ? ` and ${(count - NAMES_SHOWN).toLocaleString('en-US')} more` : ''}
        </Text>
      ) : null}
    </li>
  );
}

/** The outcome shown, the cached lists updated, the refused and unsent users left selected. */
function outcomeOf(
  request: BulkRequest,
  action: BulkAction,
  ran: RunResult | null,
  error: string | null,
  before: ReadonlyMap<string, User>,
  profile: Profile | null,
): Outcome {
  const names = namesOf(before);
  // An Undo is not undone in turn; its result is its own.
  const undid = request.kind === 'undo' ? request.of.action : null;
  const undoable = undid ? null : action;
  if (!ran) return { action, undid, summary: '', refused: [], notSent: 0, error, names, correlations: [], undo: null };
  const total: BulkResult = { done: 0, unchanged: 0, refused: 0, results: [] };
  const correlations: string[] = [];
  for (const { step, result } of ran.steps) {
    const done = new Set(result.results.filter((r) => r.result === 'done').map((r) => r.uuid));
    if (step.action === 'activate' || step.action === 'deactivate') applyBulkChange(done, { action: step.action });
    else if ((step.action === 'assignBusinessProfile' || step.action === 'assignVisibilityProfile') && step.profile)
      applyBulkChange(done, { action: step.action, profile: step.profile });
    total.done += result.done;
    total.unchanged += result.unchanged;
    total.refused += result.refused;
    total.results.push(...result.results);
    correlations.push(...(result.correlations ?? []));
  }
  const refusals = total.results.flatMap((r) =>
    r.result === 'refused' ? [[r.uuid, r.reason ?? 'Refused'] as const] : [],
  );
  setSelection([...refusals.map(([uuid]) => uuid), ...ran.notSent]);
  const plan = undoable ? undoPlan(undoable, changedBy(ran.steps), before) : null;
  return {
    action,
    undid,
    summary: undid
      ? undoSummary(undid, total, request.kind === 'undo' ? (request.of.undo?.plan.cannot ?? 0) : 0)
      : bulkSummary(action, total),
    refused: groupByReason(refusals),
    notSent: ran.notSent.length,
    error,
    names,
    correlations,
    undo:
      plan && plan.steps.length > 0
        ? { plan, users: usersAfter(before, ran.steps), profile: profile?.name ?? null }
        : null,
  };
}

export function OutcomePanel({
  outcome,
  onUndo,
  onDismiss,
}: {
  outcome: Outcome;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const failed = outcome.error !== null;
  // Undo and Dismiss stay clear of the toasts the action raised.
  const toastsBelow = useToastsBelow();
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
        <Stack gap="1.5" minW="0" flex="1">
          <Text fontSize="sm" fontWeight="medium" color={failed ? 'fg.error' : undefined}>
            {failed
              ? `${outcome.undid ? 'Undo' : BULK_LABELS[outcome.action]} failed: ${outcome.error}`
              : outcome.summary}
          </Text>
          {outcome.refused.length > 0 ? <ReasonGroups groups={outcome.refused} names={outcome.names} /> : null}
          {outcome.notSent > 0 ? <Text fontSize="sm">{notSentText(outcome.notSent)}</Text> : null}
          {outcome.refused.length > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              The refused users stay selected.
            </Text>
          ) : null}
          {outcome.correlations.length > 0 ? (
            <ActivityTextLink href={activityOfCorrelation(outcome.correlations)}>
              {activityLinkTexts.ofBulk}
            </ActivityTextLink>
          ) : null}
        </Stack>
        <HStack gap="1" {...toastsBelow}>
          {outcome.undo ? (
            <Button size="xs" variant="outline" onClick={onUndo}>
              Undo
            </Button>
          ) : null}
          <Button size="xs" variant="ghost" aria-label="Dismiss the result" onClick={onDismiss}>
            <LuX aria-hidden />
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
