// Who Has It: the users holding one role or element of an
// application, each with the path that grants it (business profile →
// application profile → the row), active and inactive counted apart, a text
// filter, server-side paging (a role may be held by 30000 users) and a CSV
// export of every match. The row and the filters live in the URL.
import { Badge, Button, Link as ChakraLink, Flex, HStack, Input, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { accessTexts } from '@userprofile/shared/access-texts';
import { MAX_TEXT } from '@userprofile/shared/constants';
import { useEffect, useMemo, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { DataState } from '../../components/ui/data-state.tsx';
import { GrantPath } from '../../components/ui/grant-path.tsx';
import { EmptyList, ListFooter, NoMatch } from '../../components/ui/list-kit.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { LinkButton, ListFrame, Screen } from '../../components/ui/page.tsx';
import { failureReason, isNotOffered } from '../../lib/api/errors.ts';
import { saveDownload } from '../../lib/download.ts';
import { useOffer } from '../../lib/extensions.ts';
import {
  type HeldRowRef,
  type HolderFilters,
  toAccessCheck,
  toAccessHolders,
  toApplicationEdit,
  toUserEdit,
} from '../../lib/paths.ts';
import { notify } from '../../lib/toaster.ts';
import { useLoad } from '../../lib/use-load.ts';
import { parseHolderFilters, parseQuestion, rowOf } from './access-question.ts';
import {
  type AccessHolders,
  type Progress as DeriveProgress,
  exportHolders,
  fetchHolders,
  HOLDERS_PAGE_SIZE,
} from './api.ts';
import { forgetDerivedHolders } from './derived.ts';
import { type HolderSet, matchHolders, useHolderSet } from './holder-set.ts';

/** How long typing rests before the filter goes to the server. */
const FILTER_DELAY_MS = 300;

export function HoldersScreen() {
  const { uuid = '' } = useParams<{ uuid: string }>();
  const search = useSearch();
  const row = rowOf(parseQuestion(search));
  const filters = parseHolderFilters(search);
  const [, navigate] = useLocation();
  const show = (next: Partial<HolderFilters>) =>
    row && navigate(toAccessHolders(uuid, row, { ...filters, page: 1, ...next }), { replace: true });

  const [progress, setProgress] = useState<DeriveProgress | null>(null);
  // A question opened anew is asked anew (a derived answer keeps its users for paging and filtering only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per question
  useEffect(() => forgetDerivedHolders(), [uuid, row?.role, row?.element]);
  const derived = useOffer('listAccessHolders') === 'not-offered';
  // The whole set once it is in (no server question per keystroke): then the filter, the status and the pages are the browser's;
  // until then, and for the withheld count of a filtered view, the server's answer.
  const [firstShown, setFirstShown] = useState(false);
  const set = useHolderSet(uuid, row, firstShown);
  const { q, status, page } = filters;
  const local = useMemo(() => (set ? localAnswer(set, { q, status, page }) : null), [set, q, status, page]);
  const needServer = row !== null && (local === null || local.withheld < 0);
  const key = row ? toAccessHolders(uuid, row, filters) : null;
  const server = useLoad(
    needServer && row ? () => fetchHolders(uuid, row, filters, HOLDERS_PAGE_SIZE, setProgress) : null,
    key,
  );
  useEffect(() => setFirstShown(server.data !== null && server.error === null), [server.data, server.error]);
  const error = local ? null : server.error;
  const retry = server.retry;
  const data = local
    ? { ...local, withheld: local.withheld < 0 ? (server.data?.withheld ?? 0) : local.withheld }
    : server.data;
  const title = data ? `${accessTexts.holdersTitle}: ${data.row.name}` : accessTexts.holdersTitle;

  return (
    <Screen
      title={title}
      subtitle={data ? `${data.row.kind === 'role' ? 'Role' : 'Element'} of ${data.application.name}` : undefined}
      actions={
        <>
          {row ? <ExportButton application={uuid} row={row} filters={filters} /> : null}
          <LinkButton href={toApplicationEdit(uuid)}>Back to Application</LinkButton>
        </>
      }
      cardHeader={
        row ? (
          <Filters
            filters={filters}
            delay={set ? 0 : FILTER_DELAY_MS}
            counts={data}
            onStatus={(status) => show({ status })}
            onText={(q) => show({ q })}
          />
        ) : null
      }
    >
      {!row ? (
        <Notice status="info">Pick a role or an element on the application editor to see who has it.</Notice>
      ) : isNotOffered(error) ? (
        <Notice status="info">
          Not found: the application or its role or element is gone or outside what you may see, or this backend does
          not offer access questions.
        </Notice>
      ) : (
        <DataState
          what="who has it"
          data={data}
          error={error}
          onRetry={retry}
          loading={progress && derived ? <DerivingProgress progress={progress} /> : undefined}
        >
          {(answer) => (
            <HolderList
              derived={derived}
              answer={answer}
              complete={set !== null}
              page={filters.page}
              onPage={(page) => navigate(toAccessHolders(uuid, row, { ...filters, page }), { replace: true })}
              filtered={filters.q !== '' || filters.status !== 'all'}
            />
          )}
        </DataState>
      )}
    </Screen>
  );
}

/**
 * The answer the server would give, from the whole set: withheld is -1 when
 * only the server can count it (the row has withheld users and a filter is set).
 */
function localAnswer(set: HolderSet, filters: Required<HolderFilters>): AccessHolders {
  const { frame } = set;
  const unfiltered = filters.q.trim() === '' && filters.status === 'all';
  const match = matchHolders(set, filters.q, filters.status);
  const start = (filters.page - 1) * HOLDERS_PAGE_SIZE;
  return {
    ...frame,
    active: match.active,
    inactive: match.inactive,
    withheld: frame.withheld === 0 || unfiltered ? frame.withheld : -1,
    total: match.holders.length,
    page: filters.page,
    size: HOLDERS_PAGE_SIZE,
    holders: match.holders.slice(start, start + HOLDERS_PAGE_SIZE),
  };
}

function Filters({
  filters,
  delay,
  counts,
  onStatus,
  onText,
}: {
  filters: Required<HolderFilters>;
  /** How long typing rests before the filter applies: none once the whole set is in the browser. */
  delay: number;
  counts: AccessHolders | null;
  onStatus: (status: 'all' | 'active' | 'inactive') => void;
  onText: (q: string) => void;
}) {
  const [text, setText] = useState(filters.q);
  // The URL changes the box (Back, a link); typing changes the URL once it rests.
  useEffect(() => setText(filters.q), [filters.q]);
  useEffect(() => {
    if (text === filters.q) return;
    if (delay === 0) {
      onText(text);
      return;
    }
    const timer = setTimeout(() => onText(text), delay);
    return () => clearTimeout(timer);
  });
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  const statuses = [
    ['all', 'All', counts ? counts.active + counts.inactive : undefined],
    ['active', 'Active', counts?.active],
    ['inactive', 'Inactive', counts?.inactive],
  ] as const;
  return (
    <Flex gap="3" wrap="wrap" align="center">
      <Input
        size="sm"
        maxW={{ base: 'full', md: 'sm' }}
        aria-label="Filter by user or profile"
        placeholder="Filter by user or profile"
        value={text}
        maxLength={MAX_TEXT}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <HStack gap="1" role="group" aria-label="Status">
        {statuses.map(([value, label, n]) => (
          <Button
            key={value}
            size="xs"
            variant={filters.status === value ? 'solid' : 'outline'}
            aria-pressed={filters.status === value}
            onClick={() => onStatus(value)}
          >
            {`${label}${count(n)}`}
          </Button>
        ))}
      </HStack>
    </Flex>
  );
}

/** What the screen shows while it works the answer out from the profiles' users. */
function DerivingProgress({ progress }: { progress: DeriveProgress }) {
  return (
    <Stack gap="2" py="2" aria-live="polite" data-deriving>
      <Text>{accessTexts.deriving(progress.done, progress.total, progress.users)}</Text>
      <Progress.Root
        size="sm"
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-label={accessTexts.holdersTitle}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

function HolderList({
  answer,
  complete,
  page,
  onPage,
  filtered,
  derived,
}: {
  derived: boolean;
  answer: AccessHolders;
  /** Every holder is in the browser (the filter answers at once). */
  complete: boolean;
  page: number;
  onPage: (page: number) => void;
  filtered: boolean;
}) {
  const pages = Math.max(1, Math.ceil(answer.total / HOLDERS_PAGE_SIZE));
  const rowRef = answer.row.kind === 'role' ? { role: answer.row.uuid } : { element: answer.row.uuid };
  return (
    <Stack gap="3" flex="1" minH="0">
      {derived ? (
        <Text color="fg.muted" fontSize="sm" data-derived>
          {accessTexts.derivedHolders}
        </Text>
      ) : null}
      {answer.withheld > 0 ? (
        <Notice status="info">{accessTexts.withheldHolders(answer.withheld, answer.application.name)}</Notice>
      ) : null}
      <ListFrame
        footer={
          <ListFooter page={page} pages={pages} pageSize={HOLDERS_PAGE_SIZE} total={answer.total} onPage={onPage} />
        }
      >
        {answer.total === 0 ? (
          filtered ? (
            <NoMatch text={accessTexts.noHoldersMatch} onClear={null} />
          ) : (
            <EmptyList text={accessTexts.noHolders} />
          )
        ) : null}
        <Table.Root
          size="sm"
          aria-label={`Users holding ${answer.row.name}`}
          data-holders
          data-holders-complete={complete ? '' : undefined}
        >
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Username</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">Name</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Path</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">
                <Text srOnly>Check</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {answer.holders.map(({ user, path }) => (
              <Table.Row key={user.uuid} data-holder={user.username}>
                <Table.Cell>
                  <ChakraLink asChild color="blue.fg" fontWeight="medium">
                    <Link href={toUserEdit(user.uuid)}>{user.username}</Link>
                  </ChakraLink>
                </Table.Cell>
                <Table.Cell hideBelow="md">{`${user.firstName} ${user.lastName}`}</Table.Cell>
                <Table.Cell>
                  <Badge size="sm" colorPalette={user.active ? 'green' : 'orange'}>
                    {user.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <GrantPath grant={path} links row={answer.row.name} />
                </Table.Cell>
                <Table.Cell hideBelow="md" whiteSpace="nowrap">
                  <ChakraLink asChild color="blue.fg" fontSize="sm">
                    <Link
                      href={toAccessCheck({ user: user.uuid, application: answer.application.uuid, ...rowRef })}
                      aria-label={`Check access of ${user.username}`}
                    >
                      {accessTexts.checkAccess}
                    </Link>
                  </ChakraLink>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListFrame>
    </Stack>
  );
}

function ExportButton({
  application,
  row,
  filters,
}: {
  application: string;
  row: HeldRowRef;
  filters: Required<HolderFilters>;
}) {
  const run = async () => {
    try {
      const { blob, fileName } = await exportHolders(application, row, filters);
      saveDownload(blob, fileName);
    } catch (error) {
      notify.error(accessTexts.exportFailed, failureReason(error));
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={run}>
      <LuDownload aria-hidden /> {accessTexts.exportCsv}
    </Button>
  );
}
