// The Users list (spec §2): header buttons, five filters and the
// Active/Inactive toggle, a sortable paginated table, and each user's Status
// button. Filters, toggle, sort and page are the view in the address (issue
// 27; the last one kept under the `searchCriteria` storage key, so it
// survives a visit to an edit screen and back); a checkbox per row and the
// bulk bar act on many users at once; Export CSV writes the rows that match.
import { Button, ButtonGroup, Flex, Menu, Portal, SimpleGrid, Table, Text, Tooltip } from '@chakra-ui/react';
import { clampPage, pageCount } from '@userprofile/shared/list';
import { pageTexts, userMessages } from '@userprofile/shared/messages';
import {
  memo,
  type MouseEvent as ReactMouseEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { LuChevronDown } from 'react-icons/lu';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { LoadFailure, Loading } from '../../components/ui/data-state.tsx';
import {
  EmptyList,
  ExportButton,
  FilterInput,
  ListFooter,
  NoMatch,
  SortableHeader,
} from '../../components/ui/list-kit.tsx';
import { LinkButton, ListFrame, Screen } from '../../components/ui/page.tsx';
import { csvFileName, csvText, downloadCsv } from '../../lib/csv-export.ts';
import { filtersActive } from '../../lib/list-view.ts';
import {
  BASE_PATH,
  toBusinessProfileEdit,
  toUserBulk,
  toUserEdit,
  toUserNew,
  toVisibilityProfileEdit,
} from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { useViewInUrl } from '../../lib/use-view-in-url.ts';
import { pullUsers, setUserActive } from './api.ts';
import {
  columnText,
  emptyFilters,
  FILTER_COLUMNS,
  type FilterColumn,
  indexFor,
  type ListSort,
  type NamePrefixes,
  NO_PREFIXES,
  namePrefixes,
  nextSort,
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
import { statusChangeErrorMessage } from './status-error.ts';
import { UserBulkBar } from './user-bulk-bar.tsx';
import { applyStatusChange, loadUserList, useUserLists } from './user-lists.ts';
import { clearSelection, selectUsers, useSelection } from './user-selection.ts';
import { tableCss } from './user-table-css.ts';

/** Performance mark: the first page of a freshly loaded list is on screen (scripts/bench-users.mjs). */
export const MARK_LIST_PAINTED = 'users:list-painted';

const COLUMN_LABELS: Record<UserColumn, string> = {
  username: 'Username',
  name: 'Name',
  email: 'Email',
  profile: 'Profile',
  visibility: 'Visibility',
  status: 'Status',
};

/** Column widths: a fixed table layout keeps the relayout of a new page cheap. */
const COLUMN_WIDTHS: Record<UserColumn, string> = {
  username: '17%',
  name: '15%',
  email: '23%',
  profile: '18%',
  visibility: '17%',
  status: '10%',
};

/** Name and Email are hidden on smaller screens (spec §2). */
const HIDDEN_BELOW: Partial<Record<UserColumn, 'lg'>> = { name: 'lg', email: 'lg' };

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

/** Export what you see (issue 27): every user matching the filters, in the sort shown, named after them. */
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

const onSort = (column: UserColumn) => updateCriteria((c) => ({ ...c, sort: nextSort(c.sort, column), page: 1 }));
const onPage = (page: number) => updateCriteria((c) => (c.page === page ? c : { ...c, page }));
const onPageSize = (size: number) => updateCriteria((c) => (c.size === size ? c : { ...c, size, page: 1 }));
const onClearFilters = () => updateCriteria((c) => ({ ...c, filters: emptyFilters(), page: 1 }));

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
 * The first users of a list still arriving (issue 34): the page asked for, when
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
        filterUsername={filters.username}
        filtered={filtersActive(criteria)}
        prefixes={NO_PREFIXES}
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
  const prefixes = useMemo(() => namePrefixes(rows), [rows]);
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

  // After the next frame is painted (a task queued from requestAnimationFrame runs after the paint).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list, when its first page is committed
  useLayoutEffect(() => {
    requestAnimationFrame(() => setTimeout(() => performance.mark(MARK_LIST_PAINTED), 0));
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
          filterUsername={filters.username}
          filtered={filtersActive(criteria)}
          prefixes={prefixes}
          complete
        />
      </ListFrame>
    </>
  );
}

/** The page's box: ticks (or unticks) every user of the page; partly ticked when some are. */
function SelectPage({ uuids }: { uuids: readonly string[] }) {
  const ticked = useSelection((s) => uuids.filter((u) => s.uuids.has(u)).length);
  const all = uuids.length > 0 && ticked === uuids.length;
  return (
    <input
      type="checkbox"
      aria-label="Select the users of this page"
      checked={all}
      disabled={uuids.length === 0}
      ref={(el) => {
        if (el) el.indeterminate = ticked > 0 && !all;
      }}
      onChange={() => selectUsers(uuids, !all)}
    />
  );
}

function SelectUser({ user }: { user: User }) {
  const ticked = useSelection((s) => s.uuids.has(user.uuid));
  return (
    <input
      type="checkbox"
      aria-label={`Select ${user.username}`}
      checked={ticked}
      onChange={() => selectUsers([user.uuid], !ticked)}
    />
  );
}

const UserTableHeader = memo(function UserTableHeader({
  sort,
  pageUuids,
}: {
  sort: ListSort | null;
  pageUuids: readonly string[];
}) {
  return (
    <Table.Header>
      <Table.Row>
        <Table.ColumnHeader className="select-cell">
          <SelectPage uuids={pageUuids} />
        </Table.ColumnHeader>
        {SORT_COLUMNS.map((column) => (
          <SortableHeader
            key={column}
            column={column}
            label={COLUMN_LABELS[column]}
            sort={sort}
            onSort={onSort as (column: string) => void}
            width={COLUMN_WIDTHS[column]}
            {...(HIDDEN_BELOW[column] ? { hideBelow: HIDDEN_BELOW[column] } : {})}
          />
        ))}
      </Table.Row>
    </Table.Header>
  );
});

/** Plain left clicks on a row link navigate inside the app. */
function useRouteClick(): (event: ReactMouseEvent) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (event: ReactMouseEvent) => {
      const link = (event.target as Element).closest('a[data-route]');
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(link.getAttribute('data-route') as string);
    },
    [navigate],
  );
}

const UserTable = memo(function UserTable({
  users,
  sort,
  sortPending,
  linkProfiles,
  filterUsername,
  filtered,
  prefixes,
  complete,
}: {
  users: User[];
  sort: ListSort | null;
  sortPending: boolean;
  linkProfiles: boolean;
  filterUsername: string;
  filtered: boolean;
  /** The whole list is in (not only its first rows). */
  complete: boolean;
  /** Leading words every profile name of the list shares: left out of the cells (the whole name is their title). */
  prefixes: NamePrefixes;
}) {
  const routeClick = useRouteClick();
  const pageUuids = useMemo(() => users.map((u) => u.uuid), [users]);
  return (
    <Table.Root
      size="sm"
      width="full"
      stickyHeader
      // Below the lg breakpoint Name and Email hide; below md a row is a card (tableCss).
      tableLayout="fixed"
      css={tableCss}
      aria-label="Users"
      data-users-table
      data-users-complete={complete ? '' : undefined}
      aria-busy={!complete}
      data-filter-username={filterUsername}
      data-sort={sort && !sortPending ? `${sort.column}:${sort.direction}` : ''}
    >
      <UserTableHeader sort={sort} pageUuids={pageUuids} />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are keyboard-reachable; this only routes their clicks */}
      <tbody onClick={routeClick}>
        {users.length === 0 ? (
          <tr>
            <td colSpan={SORT_COLUMNS.length + 1} className="no-match">
              <NoMatch text="No users match" onClear={filtered ? onClearFilters : null} />
            </td>
          </tr>
        ) : (
          users.map((user) => <UserRow key={user.uuid} user={user} linkProfiles={linkProfiles} prefixes={prefixes} />)
        )}
      </tbody>
    </Table.Root>
  );
});

function RouteLink({ to, className, children }: { to: string; className?: string; children: string }) {
  return (
    <a href={BASE_PATH + to} data-route={to} className={className}>
      {children}
    </a>
  );
}

function ProfileCell({
  to,
  name,
  link,
  prefix,
}: {
  to: string | null;
  name: string | undefined;
  link: boolean;
  prefix: string;
}) {
  if (!name) return <span className="missing">—</span>;
  const text = prefix && name.startsWith(prefix) ? `…${name.slice(prefix.length - 1)}` : name;
  if (!link || !to) return <>{text}</>;
  return <RouteLink to={to}>{text}</RouteLink>;
}

const UserRow = memo(function UserRow({
  user,
  linkProfiles,
  prefixes,
}: {
  user: User;
  linkProfiles: boolean;
  prefixes: NamePrefixes;
}) {
  const business = user.businessProfile;
  const visibility = user.visibilityProfile;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <tr data-username={user.username}>
      <td className="select-cell">
        <SelectUser user={user} />
      </td>
      <td className="user-cell" title={user.username}>
        <RouteLink to={toUserEdit(user.uuid)} className="username">
          {user.username}
        </RouteLink>
      </td>
      <td className="hide-lg" title={name}>
        {name}
      </td>
      <td className="hide-lg" title={user.email}>
        {user.email}
      </td>
      <td className="profile-cell" title={business?.name}>
        <ProfileCell
          link={linkProfiles}
          name={business?.name}
          prefix={prefixes.profile}
          to={business ? toBusinessProfileEdit(business.uuid) : null}
        />
      </td>
      <td className="visibility-cell" title={visibility?.name}>
        <ProfileCell
          link={linkProfiles}
          name={visibility?.name}
          prefix={prefixes.visibility}
          to={visibility ? toVisibilityProfileEdit(visibility.uuid) : null}
        />
      </td>
      <td className="status-cell">
        <StatusButton user={user} />
      </td>
    </tr>
  );
});

async function changeStatus(user: User, active: boolean): Promise<void> {
  try {
    const list = await setUserActive(user, active);
    applyStatusChange(user, active, list);
    notify.success(active ? userMessages.activated(user.username) : userMessages.inactivated(user.username));
  } catch (error) {
    notify.error(statusChangeErrorMessage(error, user.username));
  }
}

// A page of rows renders fast because the Status dropdown and the tooltip
// (each a state machine) are mounted only when a user reaches for them.
function StatusButton({ user }: { user: User }) {
  const [armed, setArmed] = useState(false);
  // Deactivating ends what the user can do at once: it is said, naming the user, before it is done (issue 25).
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const label = user.active ? 'Active' : 'Inactive';
  const status = user.active ? 'active' : 'inactive';
  // A user the signed-in admin may not change (the server's reason), or one without a profile: no status menu.
  const locked = user.readOnlyReason ?? (user.businessProfile ? null : pageTexts.noProfileAssigned);
  if (locked) {
    const arm = () => setArmed(true);
    const trigger = (
      // A disabled button gets no pointer events: the wrapper, itself a disabled
      // button for assistive technology, carries the tooltip.
      // biome-ignore lint/a11y/useSemanticElements: a <button> here would be the disabled one the tooltip cannot hang on
      <span
        role="button"
        aria-disabled="true"
        tabIndex={0}
        aria-label={`${label}: ${locked}`}
        onPointerEnter={arm}
        onFocus={arm}
        style={{ display: 'inline-block' }}
      >
        <button
          type="button"
          className="user-status"
          data-status={status}
          disabled
          aria-hidden="true"
          tabIndex={-1}
          style={{ pointerEvents: 'none' }}
        >
          {label}
          <LuChevronDown aria-hidden />
        </button>
      </span>
    );
    if (!armed) return trigger;
    return (
      <Tooltip.Root openDelay={100} closeDelay={0} defaultOpen>
        <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{locked}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
    );
  }
  const button = (
    <button
      type="button"
      className="user-status"
      data-status={status}
      aria-label={`Status of ${user.username}: ${label}`}
      aria-haspopup="menu"
      onClick={armed ? undefined : () => setArmed(true)}
    >
      {label}
      <LuChevronDown aria-hidden />
    </button>
  );
  if (!armed) return button;
  return (
    <>
      <Menu.Root
        defaultOpen
        onSelect={(details) => {
          if (details.value === 'activate') void changeStatus(user, true);
          else if (details.value === 'deactivate') setConfirmingDeactivate(true);
        }}
      >
        <Menu.Trigger asChild>{button}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="activate" disabled={user.active}>
                Activate
              </Menu.Item>
              <Menu.Item value="deactivate" disabled={!user.active}>
                Deactivate
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirmingDeactivate}
        onOpenChange={setConfirmingDeactivate}
        title={`Deactivate ${user.username}?`}
        confirmLabel="Deactivate"
        cancelLabel="Cancel"
        onConfirm={() => {
          setConfirmingDeactivate(false);
          void changeStatus(user, false);
        }}
      >
        <Text>
          {`Deactivate ${user.username}: they can no longer sign in, and the sign-ins they have now end. Activate them again to let them back in.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}
