// The Activity screen: the activity log across records, newest first. A text
// query (`actor:alice outcome:refused since:7d`), a chip per term and filter
// controls all say the same terms, kept in the address as `?q=` (its
// canonical text), so Back, Forward and a pasted link show the same events.
// Older events on demand, a live mode that puts new events on top, an export
// of everything the query selects, and what the backend keeps. On a backend
// without the log the screen says so in one sentence and shows nothing else.
import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Flex,
  HStack,
  IconButton,
  Input,
  Menu,
  Portal,
  Stack,
  Switch,
  Table,
  Tag,
  Text,
} from '@chakra-ui/react';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_CHANNELS,
  ACTIVITY_KINDS,
  ACTIVITY_LABELS,
  ACTIVITY_OUTCOMES,
  type ActivityKey,
  type ActivityTerm,
  activityQueryText,
  termText,
  withoutTerm,
  withTerm,
} from '@userprofile/shared/activity-query';
import { MAX_TEXT } from '@userprofile/shared/constants';
import { Fragment, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { LuBan, LuChevronDown, LuChevronRight, LuCircleX, LuDownload, LuFilter, LuSearch } from 'react-icons/lu';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadFailure, Loading } from '../../components/ui/data-state.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { ChangeLine } from '../../components/ui/record-history.tsx';
import { failureReason, isNotOffered } from '../../lib/api/errors.ts';
import { saveDownload } from '../../lib/download.ts';
import { useOffer } from '../../lib/extensions.ts';
import { changeView, whenText } from '../../lib/history-format.ts';
import { toActivity } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { useLoad } from '../../lib/use-load.ts';
import {
  actionLabel,
  actorView,
  channelLabel,
  countsText,
  kindLabel,
  outcomeLabel,
  retentionText,
  searchedToText,
  targetHref,
} from './activity-event.ts';
import {
  dayOf,
  RANGE_PRESETS,
  type RangeChoice,
  rangeOf,
  readQuery,
  termLabel,
  valuesOf,
  withRange,
  withValues,
} from './activity-filters.ts';
import { type ActivityEvent, type ExportFormat, exportActivity, fetchRetention, queryRefusal } from './api.ts';
import { type ActivityLog, useActivityLog } from './use-activity-log.ts';

export const activityTexts = {
  title: 'Activity',
  notOffered: 'This backend does not keep an activity log.',
  noEvents: 'No activity recorded yet.',
  noMatch: 'No events match this query.',
  loadOlder: 'Load older',
  changesGone: 'The details of this change are no longer kept.',
  exportFailed: 'Export failed',
  gap: 'More events arrived at once than live mode shows: some may be missing.',
} as const;

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const timeText = (at: string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : TIME.format(date);
};

export function ActivityScreen() {
  const offer = useOffer('listActivity');
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('q') ?? '';
  const read = useMemo(() => readQuery(asked), [asked]);
  const [live, setLive] = useState(false);
  const state = useActivityLog(read.ok ? read.text : null, live);

  // A link written otherwise (another order, a key in capitals) is shown under its canonical text.
  useEffect(() => {
    if (read.ok && read.text !== asked.trim()) navigate(toActivity(read.text), { replace: true });
  }, [read, asked, navigate]);

  if (offer === 'not-offered' || isNotOffered(state.error)) {
    return (
      <Screen title={activityTexts.title}>
        <Text data-not-offered>{activityTexts.notOffered}</Text>
      </Screen>
    );
  }

  const terms = read.ok ? read.terms : null;
  const apply = (next: ActivityTerm[]) => navigate(toActivity(activityQueryText(next)));
  const refused = queryRefusal(state.error);
  return (
    <Screen
      title={activityTexts.title}
      subtitle="What was done, by whom and how, across the records you may see"
      actions={
        <>
          <LiveSwitch live={live} onChange={setLive} />
          <ExportMenu q={read.ok ? read.text : null} />
        </>
      }
      cardHeader={
        <QueryBar
          asked={asked}
          terms={terms}
          reason={read.ok ? refused : read.reason}
          onApply={(text) => {
            const next = readQuery(text);
            if (!next.ok) return next.reason;
            // The same query again asks again (a Retry from the box).
            if (next.text === (read.ok ? read.text : null)) state.retry();
            else navigate(toActivity(next.text));
            return null;
          }}
          onTerms={apply}
        />
      }
    >
      <Stack gap="3" flex="1" minH="0">
        <Retention />
        {read.ok && !refused ? <Events state={state} filtered={read.text !== ''} /> : null}
      </Stack>
    </Screen>
  );
}

// ---------------------------------------------------------------- the query

function QueryBar({
  asked,
  terms,
  reason,
  onApply,
  onTerms,
}: {
  /** The text of the address. */
  asked: string;
  /** Its terms; null when it cannot be read. */
  terms: ActivityTerm[] | null;
  /** Why the query is refused (the parser's or the server's words), or null. */
  reason: string | null;
  /** Applies a typed text; answers why it cannot be read, or null. */
  onApply: (text: string) => string | null;
  onTerms: (terms: ActivityTerm[]) => void;
}) {
  const [text, setText] = useState(asked);
  const [typedReason, setTypedReason] = useState<string | null>(null);
  const [showFilters, setShowFilters] = useState(() => window.matchMedia('(min-width: 48em)').matches);
  const errorId = useId();
  // The address changed (a chip, a filter, Back): the box shows its text.
  useEffect(() => {
    setText(asked);
    setTypedReason(null);
  }, [asked]);
  const shownReason = typedReason ?? reason;
  const submit = () => setTypedReason(onApply(text));

  return (
    <Stack gap="2.5">
      <Flex gap="2" align="center">
        <Input
          size="sm"
          flex="1"
          aria-label="Query"
          placeholder="actor:alice outcome:refused since:7d kind:user"
          value={text}
          maxLength={1000}
          fontFamily="mono"
          aria-invalid={shownReason ? true : undefined}
          aria-describedby={shownReason ? errorId : undefined}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
        <IconButton size="sm" variant="outline" aria-label="Search" onClick={submit}>
          <LuSearch />
        </IconButton>
        <Button
          size="sm"
          variant={showFilters ? 'subtle' : 'outline'}
          aria-expanded={showFilters}
          onClick={() => setShowFilters(!showFilters)}
        >
          <LuFilter aria-hidden /> Filters
        </Button>
      </Flex>
      {shownReason ? (
        <Text id={errorId} fontSize="sm" color="fg.error" role="alert" data-query-error>
          {shownReason}
        </Text>
      ) : null}
      {terms && terms.length > 0 ? <Chips terms={terms} onTerms={onTerms} /> : null}
      {showFilters && terms ? <Filters terms={terms} onTerms={onTerms} /> : null}
    </Stack>
  );
}

function Chips({ terms, onTerms }: { terms: ActivityTerm[]; onTerms: (terms: ActivityTerm[]) => void }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      <HStack as="ul" gap="1.5" wrap="wrap" listStyleType="none" aria-label="Query terms">
        {terms.map((term) => (
          <Tag.Root key={termText(term)} as="li" size="md" variant="subtle" colorPalette="blue" data-chip>
            <Tag.Label>{termLabel(term)}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Remove ${termLabel(term)}`}
                onClick={() => onTerms(withoutTerm(terms, term))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </HStack>
      <Button size="2xs" variant="ghost" onClick={() => onTerms([])}>
        Clear all
      </Button>
    </HStack>
  );
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const KIND_OPTIONS = options(ACTIVITY_KINDS, ACTIVITY_LABELS.kind);
const ACTION_OPTIONS = options(ACTIVITY_ACTIONS, ACTIVITY_LABELS.action);
const OUTCOME_OPTIONS = options(ACTIVITY_OUTCOMES, ACTIVITY_LABELS.outcome);
const CHANNEL_OPTIONS = options(ACTIVITY_CHANNELS, ACTIVITY_LABELS.channel);

/** The controls: each shows the terms of its key and writes them. */
function Filters({ terms, onTerms }: { terms: ActivityTerm[]; onTerms: (terms: ActivityTerm[]) => void }) {
  const range = rangeOf(terms);
  // "Between dates" chosen and no date given yet: no term says it, so the choice is kept here until one does.
  const [custom, setCustom] = useState(range === 'custom');
  const empty = terms.length === 0;
  useEffect(() => {
    if (empty) setCustom(false);
  }, [empty]);
  const shownRange: RangeChoice = custom && range === '' ? 'custom' : range;
  const set = (key: ActivityKey, values: readonly string[]) => onTerms(withValues(terms, key, values));
  // A key's control, one shape for every key: a box whose Enter adds a value, or a menu of its values.
  const addValue = (key: ActivityKey, label: string, placeholder: string) => (
    <AddValue label={label} placeholder={placeholder} onAdd={(v) => onTerms(withTerm(terms, { key, value: v }))} />
  );
  const choiceMenu = (key: ActivityKey, label: string, choices: readonly { value: string; label: string }[]) => (
    <ChoiceMenu label={label} options={choices} chosen={valuesOf(terms, key)} onChange={(v) => set(key, v)} />
  );
  return (
    <Flex gap="2" wrap="wrap" align="center" data-activity-filters>
      <Box minW="36">
        <NativeSelect
          ariaLabel="Time range"
          value={shownRange}
          placeholder="Any time"
          options={[...RANGE_PRESETS, { value: 'custom', label: 'Between dates' }]}
          onChange={(v) => {
            setCustom(v === 'custom');
            onTerms(withRange(terms, v as RangeChoice));
          }}
        />
      </Box>
      {shownRange === 'custom' ? (
        <>
          <DayInput label="Since" value={dayOf(terms, 'since')} onChange={(d) => set('since', d ? [d] : [])} />
          <DayInput label="Before" value={dayOf(terms, 'until')} onChange={(d) => set('until', d ? [d] : [])} />
        </>
      ) : null}
      {addValue('actor', 'Actor', 'Add actor (username)')}
      {choiceMenu('kind', 'Kind', KIND_OPTIONS)}
      {addValue('target', 'Record', 'Record (uuid or name)')}
      {choiceMenu('action', 'Action', ACTION_OPTIONS)}
      {choiceMenu('outcome', 'Outcome', OUTCOME_OPTIONS)}
      {choiceMenu('channel', 'Channel', CHANNEL_OPTIONS)}
    </Flex>
  );
}

function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <HStack gap="1.5">
      <Text as="span" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Input
        size="sm"
        type="date"
        w="40"
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </HStack>
  );
}

/** A box whose Enter adds its text as a term (several actors, several records). */
function AddValue({
  label,
  placeholder,
  onAdd,
}: {
  label: string;
  placeholder: string;
  onAdd: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <Input
      size="sm"
      w={{ base: 'full', sm: '52' }}
      aria-label={`Add ${label.toLowerCase()}`}
      placeholder={placeholder}
      value={value}
      maxLength={MAX_TEXT}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || value.trim() === '') return;
        e.preventDefault();
        onAdd(value.trim());
        setValue('');
      }}
    />
  );
}

/** A menu of checkboxes (several actions, outcomes ...); its button counts what is chosen. */
function ChoiceMenu({
  label,
  options: choices,
  chosen,
  onChange,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant={chosen.length > 0 ? 'subtle' : 'outline'}>
          {chosen.length > 0 ? `${label} (${chosen.length})` : label} <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content aria-label={label} maxH="80vh" overflowY="auto">
            {choices.map((o) => (
              <Menu.CheckboxItem
                key={o.value}
                value={o.value}
                checked={chosen.includes(o.value)}
                onCheckedChange={(on) => onChange(on ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
              >
                <Menu.ItemIndicator />
                {o.label}
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

// ---------------------------------------------------------------- actions

function LiveSwitch({ live, onChange }: { live: boolean; onChange: (live: boolean) => void }) {
  return (
    <Switch.Root size="sm" checked={live} onCheckedChange={(d) => onChange(d.checked)} colorPalette="green">
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>Live</Switch.Label>
    </Switch.Root>
  );
}

function ExportMenu({ q }: { q: string | null }) {
  const run = async (format: ExportFormat) => {
    if (q === null) return;
    try {
      const { blob, fileName } = await exportActivity(q, format);
      saveDownload(blob, fileName);
    } catch (error) {
      notify.error(activityTexts.exportFailed, failureReason(error));
    }
  };
  return (
    <Menu.Root onSelect={(d) => void run(d.value as ExportFormat)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={q === null}>
          <LuDownload aria-hidden /> Export <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="csv">CSV</Menu.Item>
            <Menu.Item value="ndjson">NDJSON</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

// ---------------------------------------------------------------- the events

function Events({ state, filtered }: { state: ReturnType<typeof useActivityLog>; filtered: boolean }) {
  const { log, error, retry, older, loadOlder, liveError } = state;
  if (error) return <LoadFailure what="the activity" error={error} onRetry={retry} />;
  if (!log) return <Loading />;
  const empty = log.events.length === 0;
  return (
    <Stack gap="3" data-activity-log>
      {log.gap ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Notice status="warning">{activityTexts.gap}</Notice>
          <Button size="xs" variant="outline" onClick={retry}>
            Reload
          </Button>
        </Flex>
      ) : null}
      {liveError ? (
        <Text
          fontSize="sm"
          color="fg.error"
          role="alert"
        >{`Live mode could not ask for new events: ${failureReason(liveError)}`}</Text>
      ) : null}
      {empty && !log.searchedTo ? (
        <Text color="fg.muted" data-activity-empty>
          {filtered ? activityTexts.noMatch : activityTexts.noEvents}
        </Text>
      ) : null}
      {empty ? null : <EventTable log={log} />}
      {log.searchedTo ? (
        <Text fontSize="sm" color="fg.muted" data-searched-to>
          {searchedToText(log.searchedTo, timeText, log.events.length)}
        </Text>
      ) : null}
      {older.error ? <LoadFailure what="older events" error={older.error} onRetry={loadOlder} /> : null}
      {older.loading ? <Loading /> : null}
      {log.next && !older.loading && !older.error ? (
        <Box>
          <Button size="sm" variant="outline" onClick={loadOlder}>
            {activityTexts.loadOlder}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function EventTable({ log }: { log: ActivityLog }) {
  const role = roleOf(useSession((s) => s.user));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    // At phone width each event is a card of four lines: time, actor and action, target, outcome.
    <Box borderWidth="1px" rounded="l2" overflow="hidden">
      <Table.Root
        size="sm"
        aria-label="Activity, newest first"
        data-activity-events
        display={{ base: 'block', md: 'table' }}
      >
        <Table.Header display={{ base: 'none', md: 'table-header-group' }}>
          <Table.Row>
            <Table.ColumnHeader w="8">
              <Text srOnly>Details</Text>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Actor</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Target</Table.ColumnHeader>
            <Table.ColumnHeader>Outcome</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md">Channel</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
          {log.events.map((event) => (
            <EventRows
              key={event.id}
              event={event}
              role={role}
              fresh={log.fresh.has(event.id)}
              open={open.has(event.id)}
              onToggle={() => toggle(event.id)}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A cell at phone width: a place in the event's card, without the table's rule below it. */
const CARD_CELL = {
  display: { base: 'block', md: 'table-cell' },
  borderBottomWidth: { base: '0', md: '1px' },
  py: { base: '0.5', md: '2' },
} as const;

const OUTCOME_PALETTE: Record<ActivityEvent['outcome'], string> = {
  succeeded: 'gray',
  refused: 'orange',
  failed: 'red',
};

function EventRows({
  event,
  role,
  fresh,
  open,
  onToggle,
}: {
  event: ActivityEvent;
  role: ReturnType<typeof roleOf>;
  fresh: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const actor = actorView(event);
  const detailsId = useId();
  const href = targetHref(event, role);
  const when = whenText(event.at, new Date());
  return (
    <>
      <Table.Row
        data-event={event.id}
        data-outcome={event.outcome}
        data-new={fresh || undefined}
        bg={fresh ? 'green.subtle' : undefined}
        transition="background-color 1s"
        verticalAlign="top"
        display={{ base: 'grid', md: 'table-row' }}
        gridTemplateColumns="2rem minmax(0, 1fr) auto"
        gridTemplateAreas={`"toggle time time" ". actor action" ". target target" ". outcome outcome"`}
        borderBottomWidth={{ base: open ? '0' : '1px', md: '0' }}
        py={{ base: '1.5', md: '0' }}
      >
        <Table.Cell px="1" gridArea="toggle" {...CARD_CELL}>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Details of ${actionLabel(event.action)} at ${timeText(event.at)}`}
            onClick={onToggle}
          >
            {open ? <LuChevronDown /> : <LuChevronRight />}
          </IconButton>
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap" gridArea="time" {...CARD_CELL}>
          <time dateTime={event.at} title={when.precise}>
            {timeText(event.at)}
          </time>
          {fresh ? (
            <Badge ml="2" size="xs" colorPalette="green">
              new
            </Badge>
          ) : null}
        </Table.Cell>
        <Table.Cell data-actor gridArea="actor" {...CARD_CELL}>
          <Text
            as="span"
            fontWeight={actor.kind === 'user' ? 'medium' : undefined}
            fontStyle={actor.kind === 'user' ? undefined : 'italic'}
            color={actor.kind === 'none' ? 'fg.muted' : undefined}
          >
            {actor.name}
          </Text>
          {actor.kind === 'user' && actor.role ? (
            <Text fontSize="xs" color="fg.muted">
              {actor.role}
            </Text>
          ) : null}
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap" data-action gridArea="action" {...CARD_CELL}>
          {actionLabel(event.action)}
        </Table.Cell>
        <Table.Cell data-target gridArea="target" {...CARD_CELL}>
          {event.target ? (
            <>
              <Text fontSize="xs" color="fg.muted">
                {kindLabel(event.target.kind)}
              </Text>
              {href ? (
                <ChakraLink asChild color="blue.fg" fontWeight="medium" wordBreak="break-word">
                  <Link href={href}>{event.target.name}</Link>
                </ChakraLink>
              ) : (
                <Text wordBreak="break-word">{event.target.name}</Text>
              )}
            </>
          ) : event.counts ? (
            <Text fontSize="sm" color="fg.muted">
              {countsText(event.counts)}
            </Text>
          ) : (
            <Text color="fg.muted">—</Text>
          )}
        </Table.Cell>
        <Table.Cell
          data-outcome-cell
          gridArea="outcome"
          {...CARD_CELL}
          // A card says only what went wrong: success is the rule.
          display={{ base: event.outcome === 'succeeded' ? 'none' : 'block', md: 'table-cell' }}
        >
          {event.outcome === 'succeeded' ? (
            <Text as="span" color="fg.muted">
              {outcomeLabel(event.outcome)}
            </Text>
          ) : (
            <Badge colorPalette={OUTCOME_PALETTE[event.outcome]} variant="subtle" fontWeight="semibold">
              {event.outcome === 'failed' ? <LuCircleX aria-hidden /> : <LuBan aria-hidden />}
              {outcomeLabel(event.outcome)}
            </Badge>
          )}
          {event.reason && event.outcome !== 'succeeded' ? (
            <Text fontSize="xs" mt="1" maxW="64" wordBreak="break-word" data-reason>
              {event.reason}
            </Text>
          ) : null}
        </Table.Cell>
        <Table.Cell hideBelow="md" whiteSpace="nowrap">
          {channelLabel(event.channel)}
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row data-event-details={event.id} display={{ base: 'block', md: 'table-row' }} borderBottomWidth="1px">
          <Table.Cell hideBelow="md" />
          <Table.Cell colSpan={6} id={detailsId} pb="4" display={{ base: 'block', md: 'table-cell' }}>
            <EventDetails event={event} />
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}

function EventDetails({ event }: { event: ActivityEvent }) {
  const rows: [string, ReactNode][] = [];
  const actor = event.actor;
  if (event.reason) rows.push(['Reason', event.reason]);
  if (event.counts && Object.keys(event.counts).length > 0) rows.push(['Counts', countsText(event.counts)]);
  if (actor && !('withheld' in actor))
    rows.push(['Actor', `${actor.username}${actor.role ? ` (${actor.role})` : ''} · ${actor.uuid}`]);
  if (event.target?.uuid) rows.push(['Record', `${kindLabel(event.target.kind)} · ${event.target.uuid}`]);
  rows.push(['Channel', channelLabel(event.channel)]);
  if (event.call)
    rows.push([
      'Call',
      <Text as="span" fontFamily="mono" fontSize="xs" key="call">
        {event.call}
      </Text>,
    ]);
  if (event.clientId) rows.push(['Client id', event.clientId]);
  if (event.address) rows.push(['Address', event.address]);
  if (event.userAgent) rows.push(['User agent', event.userAgent]);
  if (event.correlation) {
    rows.push([
      'Correlation',
      <ChakraLink asChild color="blue.fg" key="correlation">
        <Link href={toActivity(activityQueryText([{ key: 'correlation', value: event.correlation }]))}>
          {event.correlation}
        </Link>
      </ChakraLink>,
    ]);
  }
  const changes = event.changes ?? [];
  return (
    <Stack gap="2" fontSize="sm">
      <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Box as="dd" wordBreak="break-word" minW="0">
              {value}
            </Box>
          </Fragment>
        ))}
      </Box>
      {changes.length > 0 ? (
        <Stack as="ul" gap="1.5" listStyleType="none" aria-label="Changes">
          {changes.map((change) => (
            <ChangeLine key={`${change.field}:${change.label}`} view={changeView(change)} />
          ))}
        </Stack>
      ) : null}
      {event.changesKept === false ? (
        <Text color="fg.muted" data-changes-gone>
          {activityTexts.changesGone}
        </Text>
      ) : null}
    </Stack>
  );
}

// ---------------------------------------------------------------- retention

function Retention() {
  const retention = useLoad(fetchRetention, 'retention');
  if (isNotOffered(retention.error)) return null;
  if (retention.error)
    return <LoadFailure what="what the log keeps" error={retention.error} onRetry={retention.retry} />;
  if (!retention.data) return null;
  return (
    <Text fontSize="xs" color="fg.muted" data-retention>
      {retentionText(retention.data, timeText)}
    </Text>
  );
}
