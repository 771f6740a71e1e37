// The Users list (spec §2): header buttons, five filters and the
// Active/Inactive toggle, a sortable paginated table, and each user's Status
// button. Filters, toggle, sort and page are the view in the address (so a
// reload or a copied link shows the same; the last one kept under the `searchCriteria` storage key, so it
// survives a visit to an edit screen and back); a checkbox per row and the
// bulk bar act on many users at once; Export CSV writes the rows that match.
// The table and its rows are user-table.tsx, each row's Status button
// user-status-button.tsx, the selection user-selection.ts, the bulk bar
// user-bulk-bar.tsx: this file is the screen, its filters and its loading.
import { Button, ButtonGroup, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { clampPage, pageCount } from '@userprofile/shared/list';
import { pageTexts, userMessages } from '@userprofile/shared/messages';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { LoadFailure, Loading } from '../../components/ui/data-state.tsx';
import { EmptyList, ExportButton, FilterInput, ListFooter } from '../../components/ui/list-kit.tsx';
import { LinkButton, ListFrame, Screen } from '../../components/ui/page.tsx';
import { csvFileName, csvText, downloadCsv } from '../../lib/csv-export.ts';
import { filtersActive } from '../../lib/list-view.ts';
import { toUserBulk, toUserNew } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { useViewInUrl } from '../../lib/use-view-in-url.ts';
import { afterNextPaint } from '../../lib/yield.ts';
import { pullUsers } from './api.ts';
import {
  columnText,
  FILTER_COLUMNS,
  type FilterColumn,
  indexFor,
  pageRows,
  type SearchCriteria,
  SORT_COLUMNS,
  toCriteria,
  toView,
  USERS_VIEW,
  type User,
  type UserColumn,
} from './list-view.ts';
import { updateCriteria, useSearchCriteria } from './search-criteria.ts';
import { prepareSortOrders, sortOrder, useSortOrder } from './sort-orders.ts';
import { UserBulkBar } from './user-bulk-bar.tsx';
import { loadUserList, useUserLists } from './user-lists.ts';
import { clearSelection } from './user-selection.ts';
import { COLUMN_LABELS, UserTable } from './user-table.tsx';

/** Performance mark: the first page of a freshly loaded list is on screen (scripts/bench-users.mjs). */
export const MARK_LIST_PAINTED = 'users:list-painted';

export function UserListScreen() {
  const status = useSearchCriteria((c) => c.status);
  const [pulling, setPulling] = useState(false);

  useEffect(() => {
    loadUserList(status).catch((error: unknown) => console.warn('Loading the user list failed', error));
  }, [status]);

  const pull = async () => {
    setPulling(true);
    try {
      await pullUsers();
      notify.success(userMessages.pullSuccess);
      void loadUserList(useSearchCriteria.getState().status, true).catch(() => undefined);
    } catch {
      notify.error(userMessages.pullFailed);
    } finally {
      setPulling(false);
    }
  };

  return (
    <Screen
      title="Users"
      actions={
        <>
          <ExportButton
            onExport={() => void exportUsers()}
            hint="The users this list shows, as it shows them: not the import format (Bulk Management's Export File and import template are)"
          />
          <LinkButton href={toUserNew()} primary>
            New User
          </LinkButton>
          <LinkButton href={toUserBulk()}>Bulk Management</LinkButton>
          <Button size="sm" variant="outline" onClick={pull} disabled={pulling}>
            {pulling ? pageTexts.pulling : 'Pull User Info'}
          </Button>
        </>
      }
      cardHeader={
        <Flex gap="3" wrap="wrap" align="center">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="2" flex="1" minW="0">
            {FILTER_COLUMNS.map((column) => (
              <UserFilter key={column} column={column} />
            ))}
          </SimpleGrid>
          <StatusToggle />
        </Flex>
      }
    >
      <UsersViewInUrl />
      <UserListBody />
    </Screen>
  );
}

/** The page correction of the table (a page beyond the list) replaces the history entry (lib/use-view-in-url.ts). */
const viewInUrl = { replaceNext: () => {} };

/** The criteria store and the address in step; renders nothing (a keystroke re-renders only this and the table). */
function UsersViewInUrl() {
  const criteria = useSearchCriteria();
  const view = useMemo(() => toView(criteria), [criteria]);
  const { replaceNext } = useViewInUrl(USERS_VIEW, view, (next) => {
    const current = useSearchCriteria.getState();
    const wanted = toCriteria(next);
    if (wanted.status !== current.status) clearSelection();
    useSearchCriteria.setState(wanted, true);
  });
  viewInUrl.replaceNext = replaceNext;
  return null;
}

const EXPORT_COLUMNS: readonly UserColumn[] = SORT_COLUMNS;

/** Export what you see: every user matching the filters, in the sort shown, named after them. */
async function exportUsers(): Promise<void> {
  const { status, filters, sort } = useSearchCriteria.getState();
  const rows = useUserLists.getState()[status] ?? (await loadUserList(status));
  const index = indexFor(rows);
  const order = sort ? await sortOrder(index, sort.column) : null;
  const matches = index.query(filters, sort, order);
  const lines: string[][] = [];
  for (const k of matches) {
    const user = rows[k] as User;
    lines.push(EXPORT_COLUMNS.map((column) => columnText(user, column)));
  }
  const text = csvText(
    EXPORT_COLUMNS.map((column) => COLUMN_LABELS[column]),
    lines,
  );
  downloadCsv(csvFileName('users', { toggles: [status], filters: FILTER_COLUMNS.map((c) => filters[c]) }), text);
}

const onFilter = (column: FilterColumn, value: string) =>
  updateCriteria((c) => ({ ...c, filters: { ...c.filters, [column]: value }, page: 1 }));

function UserFilter({ column }: { column: FilterColumn }) {
  const text = useSearchCriteria((c) => c.filters[column]);
  return <FilterInput label={COLUMN_LABELS[column]} value={text} onChange={(v) => onFilter(column, v)} />;
}

function StatusToggle() {
  const status = useSearchCriteria((c) => c.status);
  return (
    <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="User status">
      {(['active', 'inactive'] as const).map((value) => (
        <Button
          key={value}
          aria-pressed={status === value}
          variant={status === value ? 'solid' : 'outline'}
          onClick={() => {
            if (value !== status) clearSelection();
            updateCriteria((c) => ({ ...c, status: value, page: 1 }));
          }}
        >
          {value === 'active' ? 'Active' : 'Inactive'}
        </Button>
      ))}
    </ButtonGroup>
  );
}

const onPage = (page: number) => updateCriteria((c) => (c.page === page ? c : { ...c, page }));
const onPageSize = (size: number) => updateCriteria((c) => (c.size === size ? c : { ...c, size, page: 1 }));

function UserListBody() {
  const role = roleOf(useSession((s) => s.user));
  const criteria = useSearchCriteria();
  const rows = useUserLists((s) => s[criteria.status]);
  const first = useUserLists((s) => s.first[criteria.status]);
  const error = useUserLists((s) => s.errors[criteria.status]);
  if (error) {
    return (
      <LoadFailure
        what={criteria.status === 'active' ? 'the active users' : 'the inactive users'}
        error={error}
        onRetry={() => void loadUserList(criteria.status, true).catch(() => undefined)}
      />
    );
  }
  if (!rows)
    return first ? <FirstRows rows={first} criteria={criteria} linkProfiles={role !== 'SCO_ADMIN'} /> : <Loading />;
  if (rows.length === 0 && !filtersActive(criteria)) {
    return (
      <EmptyList
        text={criteria.status === 'active' ? 'No active users yet.' : 'No inactive users.'}
        action={
          criteria.status === 'active' ? (
            <LinkButton href={toUserNew()} primary>
              New User
            </LinkButton>
          ) : null
        }
      />
    );
  }
  return (
    <UserTableView
      rows={rows}
      criteria={criteria}
      linkProfiles={role !== 'SCO_ADMIN'}
      canAssign={role !== 'SCO_ADMIN'}
    />
  );
}

/**
 * The first users of a list still arriving (so the first page shows sooner): the page asked for, when
 * they hold it (the list's own username order: no sort asked, and enough of
 * them match), else Loading. The rest of the screen (counts, pages, sort, the
 * bulk bar) waits for the whole list.
 */
function FirstRows({
  rows,
  criteria,
  linkProfiles,
}: {
  rows: User[];
  criteria: SearchCriteria;
  linkProfiles: boolean;
}) {
  const { filters, sort, page, size } = criteria;
  const index = useMemo(() => indexFor(rows), [rows]);
  const matches = useMemo(() => index.query(filters, null, null), [index, filters]);
  const visible = useMemo(() => pageRows(rows, matches, page, size), [rows, matches, page, size]);
  if (sort !== null || matches.length < page * size) return <Loading />;
  return (
    <ListFrame
      footer={
        <Text mt="3" fontSize="sm" color="fg.muted" aria-live="polite">
          {`${(page - 1) * size + 1}–${page * size}, loading the rest of the list…`}
        </Text>
      }
    >
      <UserTable
        users={visible}
        sort={null}
        sortPending={false}
        linkProfiles={linkProfiles}
        filters={filters}
        filtered={filtersActive(criteria)}
        complete={false}
      />
    </ListFrame>
  );
}

function UserTableView({
  rows,
  criteria,
  linkProfiles,
  canAssign,
}: {
  rows: User[];
  criteria: SearchCriteria;
  linkProfiles: boolean;
  canAssign: boolean;
}) {
  // Filtering and sorting a list of 100000 take a few milliseconds (see
  // list-view.ts), so the table follows each keystroke in the same render.
  const { filters, sort, page, size } = criteria;
  const index = useMemo(() => indexFor(rows), [rows]);
  const order = useSortOrder(index, sort?.column ?? null);
  const matches = useMemo(() => index.query(filters, sort, order), [index, filters, sort, order]);
  const pages = pageCount(matches.length, size);
  const current = clampPage(page, pages);
  const visible = useMemo(() => pageRows(rows, matches, current, size), [rows, matches, current, size]);

  useEffect(() => {
    if (current !== page) {
      viewInUrl.replaceNext();
      onPage(current);
    }
  }, [current, page]);
  const matchingUuids = useCallback(() => Array.from(matches, (k) => (rows[k] as User).uuid), [rows, matches]);

  // Once a list's first page is up, its column orders (in a worker) and its
  // filter keys (one column per task, so input is never held up for long) are
  // prepared in the background.
  useEffect(() => {
    const tasks = [
      () => prepareSortOrders(index, SORT_COLUMNS),
      ...FILTER_COLUMNS.map((column) => () => index.prepareFilter(column)),
    ];
    let id = 0;
    const next = () => {
      tasks.shift()?.();
      if (tasks.length > 0) id = window.setTimeout(next, 0);
    };
    id = window.setTimeout(next, 0);
    return () => clearTimeout(id);
  }, [index]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list, when its first page is committed
  useLayoutEffect(() => {
    void afterNextPaint().then(() => performance.mark(MARK_LIST_PAINTED));
  }, [index]);

  const sortPending = sort !== null && order === null;
  return (
    <>
      <UserBulkBar rows={rows} matchingUuids={matchingUuids} matchCount={matches.length} canAssign={canAssign} />
      <ListFrame
        footer={
          <ListFooter
            page={current}
            pages={pages}
            pageSize={size}
            total={matches.length}
            onPage={onPage}
            onPageSize={onPageSize}
            {...(sortPending ? { note: ' (sorting…)' } : {})}
          />
        }
      >
        <UserTable
          users={visible}
          sort={sort}
          sortPending={sortPending}
          linkProfiles={linkProfiles}
          filters={filters}
          filtered={filtersActive(criteria)}
          complete
        />
      </ListFrame>
    </>
  );
}
