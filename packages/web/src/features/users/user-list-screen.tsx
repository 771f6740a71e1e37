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
  nextSort,
  PAGE_SIZE,
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
          <ExportButton onExport={() => void exportUsers()} />
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
const onClearFilters = () => updateCriteria((c) => ({ ...c, filters: emptyFilters(), page: 1 }));

function UserListBody() {
  const role = roleOf(useSession((s) => s.user));
  const criteria = useSearchCriteria();
  const rows = useUserLists((s) => s[criteria.status]);
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
  if (!rows) return <Loading />;
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
  const { filters, sort, page } = criteria;
  const index = useMemo(() => indexFor(rows), [rows]);
  const order = useSortOrder(index, sort?.column ?? null);
  const matches = useMemo(() => index.query(filters, sort, order), [index, filters, sort, order]);
  const pages = pageCount(matches.length, PAGE_SIZE);
  const current = clampPage(page, pages);
  const visible = useMemo(() => pageRows(rows, matches, current), [rows, matches, current]);

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
            pageSize={PAGE_SIZE}
            total={matches.length}
            onPage={onPage}
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
        />
      </ListFrame>
    </>
  );
}

// The rows of a page are plain elements styled once from the table root:
// a keystroke replaces every row of the page, and plain elements render
// several times faster than styled components. Row links navigate through
// one delegated handler instead of a router hook per link.
const tableCss = {
  '& tbody td': {
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    // One line a row (the whole text in the cell's title), so a page of ten rows fits at 1280×800 (issue 25).
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  '& tbody tr:hover': { bg: 'bg.muted' },
  '& tbody .hide-lg': { display: { base: 'none', lg: 'table-cell' } },
  '& .select-cell': { width: '2.5rem', textAlign: 'center' },
  '& input[type=checkbox]': {
    width: '4',
    height: '4',
    cursor: 'pointer',
    accentColor: 'var(--chakra-colors-blue-solid)',
  },
  // Narrow screens (below md): a row is a small card, its Status action beside the username, so nothing
  // scrolls sideways; the headers stay as a row of sort buttons.
  '@media screen and (max-width: 47.99em)': {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2' },
    // Flex items are blocks: the headers hidden below lg (hideBelow) stay hidden.
    '& thead th': { width: 'auto', borderBottomWidth: '0', px: '1', py: '1' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      gridTemplateAreas: '"select user status" ". profile profile" ". visibility visibility"',
      alignItems: 'center',
      columnGap: '2',
      borderTopWidth: '1px',
      borderColor: 'border',
      py: '1.5',
    },
    '& tbody td': { borderBottomWidth: '0', py: '0.5', whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& tbody td.select-cell': { gridArea: 'select' },
    '& tbody td.user-cell': { gridArea: 'user' },
    '& tbody td.status-cell': { gridArea: 'status' },
    '& tbody td.profile-cell': { gridArea: 'profile', fontSize: 'xs' },
    '& tbody td.visibility-cell': { gridArea: 'visibility', fontSize: 'xs' },
    '& tbody td.no-match': { gridColumn: '1 / -1' },
  },
  '& tbody a': { color: 'blue.fg', _hover: { textDecoration: 'underline' } },
  '& tbody a.username': { fontWeight: 'medium' },
  '& tbody .missing': { color: 'fg.subtle' },
  '& tbody .user-status': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    h: '6',
    px: '2',
    fontSize: 'xs',
    fontWeight: 'medium',
    rounded: 'l1',
    cursor: 'pointer',
    bg: 'green.subtle',
    color: 'green.fg',
    _hover: { bg: 'green.muted' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { bg: 'green.subtle' } },
    '&[data-status=inactive]': { bg: 'gray.subtle', color: 'gray.fg', _hover: { bg: 'gray.muted' } },
  },
} as const;

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
}: {
  users: User[];
  sort: ListSort | null;
  sortPending: boolean;
  linkProfiles: boolean;
  filterUsername: string;
  filtered: boolean;
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
          users.map((user) => <UserRow key={user.uuid} user={user} linkProfiles={linkProfiles} />)
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

function ProfileCell({ to, name, link }: { to: string | null; name: string | undefined; link: boolean }) {
  if (!name) return <span className="missing">—</span>;
  if (!link || !to) return <>{name}</>;
  return <RouteLink to={to}>{name}</RouteLink>;
}

const UserRow = memo(function UserRow({ user, linkProfiles }: { user: User; linkProfiles: boolean }) {
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
          to={business ? toBusinessProfileEdit(business.uuid) : null}
        />
      </td>
      <td className="visibility-cell" title={visibility?.name}>
        <ProfileCell
          link={linkProfiles}
          name={visibility?.name}
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
