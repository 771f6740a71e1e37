// The History tab of every editor: who changed the record, when,
// and what, field by field, newest first, with older pages on demand; an
// entry opens to the whole record before and after. A backend without the
// call (404/405/501 through the proxy) is told apart from a failure, which
// names its reason with Retry. Every server text is rendered as text.
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  Portal,
  Stack,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { historyTexts } from '@userprofile/shared/messages';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { activityLinkTexts, activityOnRecord } from '../../lib/activity.ts';
import { isNotOffered } from '../../lib/api/errors.ts';
import { fetchHistory, type HistoryEntry, type HistoryKind, type HistoryPage } from '../../lib/history.ts';
import {
  actionLabel,
  actorLabel,
  type ChangeView,
  changeView,
  snapshotRows,
  type ValueView,
  whenText,
} from '../../lib/history-format.ts';
import { ActivityTextLink } from './activity-link.tsx';
import { DataState, LoadFailure, Loading } from './data-state.tsx';
import { LazyTabContent } from './lazy-tab.tsx';
import { Notice } from './notice.tsx';

export const HISTORY_TAB = 'history';

/**
 * The editor's History tab content; the editor adds the trigger
 * (`<Tabs.Trigger value={HISTORY_TAB}>History</Tabs.Trigger>`) for an
 * existing record. `record` is the editor's loaded record: a new one (after a
 * save, a sync) loads the history again.
 */
export function HistoryTabContent({ kind, uuid, record }: { kind: HistoryKind; uuid: string; record: unknown }) {
  return (
    <LazyTabContent value={HISTORY_TAB}>
      {() => (
        <>
          {/* The record's whole activity (refused writes and sign-ins too), where the backend keeps a log. */}
          <ActivityTextLink href={activityOnRecord(kind, uuid)} mb="3">
            {activityLinkTexts.onRecord}
          </ActivityTextLink>
          <RecordHistory kind={kind} uuid={uuid} refresh={record} />
        </>
      )}
    </LazyTabContent>
  );
}

export function RecordHistory({ kind, uuid, refresh }: { kind: HistoryKind; uuid: string; refresh?: unknown }) {
  const [page, setPage] = useState<HistoryPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [older, setOlder] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const [opened, setOpened] = useState<HistoryEntry | null>(null);
  // Each first-page load starts a new generation; an older page that answers after it is dropped.
  const generation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for a new record version (refresh) or a Retry (attempt)
  useEffect(() => {
    const mine = ++generation.current;
    setError(null);
    setOlder({ loading: false, error: null });
    fetchHistory(kind, uuid).then(
      (first) => {
        if (generation.current === mine) setPage(first);
      },
      (failure: unknown) => {
        if (generation.current === mine) setError(failure);
      },
    );
  }, [kind, uuid, refresh, attempt]);

  const loadOlder = () => {
    const last = page?.entries.at(-1);
    if (!last || older.loading) return;
    const mine = generation.current;
    setOlder({ loading: true, error: null });
    fetchHistory(kind, uuid, last.id).then(
      (next) => {
        if (generation.current !== mine) return;
        setPage((p) =>
          p ? { entries: [...p.entries, ...next.entries], more: next.more, withheld: p.withheld + next.withheld } : p,
        );
        setOlder({ loading: false, error: null });
      },
      (failure: unknown) => {
        if (generation.current === mine) setOlder({ loading: false, error: failure });
      },
    );
  };

  if (isNotOffered(error)) return <Notice status="info">{historyTexts.historyNotOffered}</Notice>;
  return (
    <DataState
      what="the history"
      data={page}
      error={error}
      onRetry={() => setAttempt((n) => n + 1)}
      isEmpty={(p) => p.entries.length === 0 && p.withheld === 0}
      empty={<Text>{historyTexts.noHistory}</Text>}
    >
      {(p) => (
        <Stack gap="3" data-record-history>
          {p.withheld > 0 ? <Notice status="info">{historyTexts.withheldChanges(p.withheld)}</Notice> : null}
          <Stack as="ol" gap="3" aria-label="History, newest first" listStyleType="none">
            {p.entries.map((entry) => (
              <EntryItem key={entry.id} entry={entry} onOpen={() => setOpened(entry)} />
            ))}
          </Stack>
          {older.error ? <LoadFailure what="older changes" error={older.error} onRetry={loadOlder} /> : null}
          {older.loading ? <Loading /> : null}
          {p.more && !older.loading && !older.error ? (
            <Box>
              <Button size="sm" variant="outline" onClick={loadOlder}>
                {historyTexts.loadOlder}
              </Button>
            </Box>
          ) : null}
          <EntryDialog entry={opened} onClose={() => setOpened(null)} />
        </Stack>
      )}
    </DataState>
  );
}

const ACTION_PALETTE: Record<string, string> = {
  create: 'green',
  delete: 'red',
  activate: 'green',
  inactivate: 'orange',
  import: 'purple',
  sync: 'cyan',
};

function When({ at }: { at: string }) {
  const when = whenText(at, new Date());
  return (
    <Text as="span" color="fg.muted" fontSize="sm">
      <time dateTime={at} title={when.precise}>
        {when.absolute}
      </time>
      {when.relative ? ` (${when.relative})` : null}
    </Text>
  );
}

function EntryHeading({ entry }: { entry: HistoryEntry }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={ACTION_PALETTE[entry.action] ?? 'blue'} variant="subtle">
        {actionLabel(entry.action)}
      </Badge>
      <Text as="span" fontSize="sm">
        by{' '}
        <Text
          as="span"
          fontWeight="semibold"
          fontStyle={entry.actor && 'withheld' in entry.actor ? 'italic' : undefined}
          data-actor
        >
          {actorLabel(entry.actor)}
        </Text>
      </Text>
      <When at={entry.at} />
    </HStack>
  );
}

function EntryItem({ entry, onOpen }: { entry: HistoryEntry; onOpen: () => void }) {
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="md" px="4" py="3" data-history-entry>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <EntryHeading entry={entry} />
        <Button size="xs" variant="outline" onClick={onOpen}>
          View record
        </Button>
      </Flex>
      {entry.beforeWithheld ? (
        <Text fontSize="sm" color="fg.muted" mt="2" data-before-withheld>
          {historyTexts.beforeWithheld}
        </Text>
      ) : null}
      {entry.changes.length > 0 ? (
        <Stack as="ul" gap="1.5" mt="2" listStyleType="none" aria-label="Changes">
          {entry.changes.map((change) => (
            // A user's elements are one field with a change per category: the label tells them apart.
            <ChangeLine key={`${change.field}:${change.label}`} view={changeView(change)} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** One changed field as a list item (also the activity log's way of showing an event's changes). */
export function ChangeLine({ view }: { view: ChangeView }) {
  if (view.kind === 'secret') {
    return (
      <Text as="li" fontSize="sm">
        {view.text}
      </Text>
    );
  }
  if (view.kind === 'value') {
    return (
      <Text as="li" fontSize="sm" wordBreak="break-word">
        <Text as="span" fontWeight="medium">{`${view.label}: `}</Text>
        {view.from === null ? null : (
          <>
            <Text as="del" color="fg.muted">
              {view.from}
            </Text>
            {' → '}
          </>
        )}
        <Text as="ins" textDecoration="none">
          {view.to}
        </Text>
      </Text>
    );
  }
  return (
    <Box as="li" fontSize="sm">
      <Text as="span" fontWeight="medium">{`${view.label}: `}</Text>
      <HStack as="span" display="inline-flex" gap="1.5" wrap="wrap" verticalAlign="top">
        {view.added.map((name) => (
          <ListChange key={`+${name}`} name={name} added />
        ))}
        {view.removed.map((name) => (
          <ListChange key={`-${name}`} name={name} added={false} />
        ))}
      </HStack>
    </Box>
  );
}

/** An added (+, green) or removed (−, red) name: the sign and the hidden word say it, not the colour alone. */
function ListChange({ name, added }: { name: string; added: boolean }) {
  return (
    <Badge
      as="span"
      variant="subtle"
      colorPalette={added ? 'green' : 'red'}
      textDecoration={added ? undefined : 'line-through'}
      data-change={added ? 'added' : 'removed'}
    >
      {added ? <LuPlus aria-hidden /> : <LuMinus aria-hidden />}
      <VisuallyHidden>{added ? 'Added ' : 'Removed '}</VisuallyHidden>
      {name}
    </Badge>
  );
}

/** The whole record before and after the entry's change, field by field. */
function EntryDialog({ entry, onClose }: { entry: HistoryEntry | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={entry !== null}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {entry ? (
              <>
                <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                  <Dialog.Title>The record as it was</Dialog.Title>
                  <EntryHeading entry={entry} />
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {entry.call}
                  </Text>
                </Dialog.Header>
                <Dialog.Body>
                  <Snapshot entry={entry} />
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" size="sm">
                      Close
                    </Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
              </>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Snapshot({ entry }: { entry: HistoryEntry }) {
  const all = snapshotRows(entry.before, entry.after, entry.changes);
  // The record as it arrived: which of its fields differ from the state withheld is not the reader's to know.
  const rows = entry.beforeWithheld ? all.map((row) => ({ ...row, changed: false })) : all;
  const sides = [
    ...(entry.before ? [{ key: 'before' as const, label: 'Before' }] : []),
    ...(entry.after ? [{ key: 'after' as const, label: 'After' }] : []),
  ];
  if (rows.length === 0) return <Text color="fg.muted">No record was kept for this change.</Text>;
  return (
    <Stack gap="3">
      {entry.beforeWithheld ? <Text color="fg.muted">{historyTexts.beforeWithheldRecord}</Text> : null}
      <Table.ScrollArea>
        <Table.Root size="sm" variant="line" aria-label="The record before and after this change">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Field</Table.ColumnHeader>
              {sides.map((s) => (
                <Table.ColumnHeader key={s.key}>{s.label}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row
                key={row.key}
                bg={row.changed ? 'bg.emphasized' : undefined}
                data-changed={row.changed || undefined}
              >
                <Table.Cell fontWeight={row.changed ? 'semibold' : 'medium'} verticalAlign="top" whiteSpace="nowrap">
                  {row.label}
                  {row.changed ? (
                    <Badge ml="2" size="xs" colorPalette="orange" variant="subtle">
                      changed
                    </Badge>
                  ) : null}
                </Table.Cell>
                {sides.map((s) => (
                  <Table.Cell key={s.key} verticalAlign="top" wordBreak="break-word" minW="40">
                    <Value view={row[s.key]} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

function Value({ view }: { view: ValueView | null }) {
  if (view === null) return <Text color="fg.muted">—</Text>;
  if (view.kind === 'text') return <Text>{view.text}</Text>;
  if (view.kind === 'list') {
    if (view.items.length === 0) return <Text color="fg.muted">(none)</Text>;
    return (
      <Stack as="ul" gap="0.5" listStyleType="none">
        {view.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot's list never reorders while shown
          <Box as="li" key={i}>
            <Value view={item} />
          </Box>
        ))}
        {view.more > 0 ? <Text color="fg.muted">{`and ${view.more} more`}</Text> : null}
      </Stack>
    );
  }
  return (
    <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5">
      {view.rows.map((row) => (
        <Box key={row.key} display="contents">
          <Text as="dt" color="fg.muted">
            {row.label}
          </Text>
          <Box as="dd">
            <Value view={row.value} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * An editor that has no tabs of its own (the OAuth2 client): its form under
 * 'Basic Info' and the History tab beside it, for an existing record; a new
 * record shows the form alone.
 */
export function BasicAndHistoryTabs({
  kind,
  uuid,
  record,
  children,
}: {
  kind: HistoryKind;
  uuid: string | null;
  record: unknown;
  children: ReactNode;
}) {
  if (!uuid) return <>{children}</>;
  return (
    <Tabs.Root defaultValue="basic" variant="line" size="sm">
      <Tabs.List>
        <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
        <Tabs.Trigger value={HISTORY_TAB}>{historyTexts.historyTab}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="basic">{children}</Tabs.Content>
      <HistoryTabContent kind={kind} uuid={uuid} record={record} />
    </Tabs.Root>
  );
}
