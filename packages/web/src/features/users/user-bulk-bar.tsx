// The bulk actions of the Users list: how many users are selected,
// "Select all N matching", the actions (Activate, Deactivate, assign a
// business or visibility profile, send a password reset e-mail, require a
// second factor where the backend has them); the dialog, its result and the
// Undo are ./bulk-dialogs.tsx.
import { Box, Button, Flex, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import type { BulkAction } from '../../lib/bulk-users/bulk-call.ts';
import { useOffer } from '../../lib/extensions.ts';
import { BulkDialog, type BulkRequest, type Outcome, OutcomePanel } from './bulk-dialogs.tsx';
import { BULK_LABELS } from './bulk-texts.ts';
import type { User } from './list-view.ts';
import { clearSelection, setSelection, useSelection } from './user-selection.ts';

export { MARK_BULK_RESULT } from './bulk-dialogs.tsx';

const ACTIONS: readonly BulkAction[] = [
  'activate',
  'deactivate',
  'assignBusinessProfile',
  'assignVisibilityProfile',
  'sendPasswordReset',
  'requireSecondFactor',
];

export function UserBulkBar({
  rows,
  matchingUuids,
  matchCount,
  canAssign,
}: {
  /** The list shown (what the selected users are: their names, status, profiles, and why they are read-only). */
  rows: readonly User[];
  /** Every user matching the filters, in list order (made when asked: 50000 uuids). */
  matchingUuids: () => string[];
  matchCount: number;
  /** Profiles may be assigned (the reader may read the profile lists). */
  canAssign: boolean;
}) {
  const selected = useSelection((s) => s.uuids);
  // Not offered once the backend is known to keep no second factors.
  const requireOffer = useOffer('requireUserEnrolment');
  const factorsOffer = useOffer('getUserFactors');
  const factors = requireOffer !== 'not-offered' && factorsOffer !== 'not-offered';
  const [asking, setAsking] = useState<BulkRequest | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const users = useMemo(() => new Map(rows.map((u) => [u.uuid, u])), [rows]);
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
          <Menu.Root
            onSelect={(d) => {
              // The Undo is offered until the next action.
              setOutcome(null);
              setAsking({ kind: 'action', action: d.value as BulkAction });
            }}
            positioning={{ placement: 'bottom-end' }}
          >
            <Menu.Trigger asChild>
              <Button size="xs" colorPalette="blue">
                Bulk action <LuChevronDown aria-hidden />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {ACTIONS.filter(
                    (a) => (canAssign || !a.startsWith('assign')) && (factors || a !== 'requireSecondFactor'),
                  ).map((a) => (
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
      {outcome ? (
        <OutcomePanel
          outcome={outcome}
          onUndo={() => setAsking({ kind: 'undo', of: outcome })}
          onDismiss={() => setOutcome(null)}
        />
      ) : null}
      {asking ? (
        <BulkDialog
          request={asking}
          uuids={[...selected]}
          users={users}
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
