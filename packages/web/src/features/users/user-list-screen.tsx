// The Users list (spec §2): header buttons, five filters and the
// Active/Inactive toggle, a sortable paginated table, and each user's Status
// button. Filters, toggle, sort and page are kept under the `searchCriteria`
// storage key, so they survive a visit to an edit screen and back.
import {
  Box,
  Button,
  ButtonGroup,
  Link as ChakraLink,
  Flex,
  HStack,
  Input,
  Menu,
  Portal,
  SimpleGrid,
  Table,
  Text,
  Tooltip,
} from '@chakra-ui/react';
import { clampPage, pageCount, paginationWindow } from '@userprofile/shared/list';
import { pageTexts, userMessages } from '@userprofile/shared/messages';
import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChevronDown } from 'react-icons/lu';
import { Link } from 'wouter';
import { Screen } from '../../components/ui/page.tsx';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { toBusinessProfileEdit, toVisibilityProfileEdit } from '../profiles/routes.ts';
import { pullUsers, setUserActive } from './api.ts';
import {
  FILTER_COLUMNS,
  type FilterColumn,
  indexFor,
  type ListSort,
  nextSort,
  PAGE_SIZE,
  pageRows,
  type SearchCriteria,
  SORT_COLUMNS,
  type User,
  type UserColumn,
} from './list-view.ts';
import { toUserBulk, toUserEdit, toUserNew } from './routes.ts';
import { updateCriteria, useSearchCriteria } from './search-criteria.ts';
import { prepareSortOrders, useSortOrder } from './sort-orders.ts';
import { statusChangeErrorMessage } from './status-error.ts';
import { applyStatusChange, loadUserList, useUserLists } from './user-lists.ts';

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
          <Button asChild size="sm" colorPalette="blue">
            <Link href={toUserNew()}>New User</Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href={toUserBulk()}>Bulk Management</Link>
          </Button>
          <Button size="sm" variant="outline" onClick={pull} disabled={pulling}>
            {pulling ? pageTexts.pulling : 'Pull User Info'}
          </Button>
        </>
      }
      cardHeader={
        <Flex gap="3" wrap="wrap" align="center">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="2" flex="1" minW="0">
            {FILTER_COLUMNS.map((column) => (
              <FilterInput key={column} column={column} />
            ))}
          </SimpleGrid>
          <StatusToggle />
        </Flex>
      }
    >
      <UserListBody />
    </Screen>
  );
}

const FilterInput = memo(function FilterInput({ column }: { column: FilterColumn }) {
  const text = useSearchCriteria((c) => c.filters[column]);
  return (
    <Input
      size="sm"
      aria-label={`Filter by ${COLUMN_LABELS[column]}`}
      placeholder={COLUMN_LABELS[column]}
      value={text}
      maxLength={255}
      onChange={(e) => {
        const value = e.currentTarget.value;
        updateCriteria((c) => ({ ...c, filters: { ...c.filters, [column]: value }, page: 1 }));
      }}
    />
  );
});

function StatusToggle() {
  const status = useSearchCriteria((c) => c.status);
  return (
    <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="User status">
      {(['active', 'inactive'] as const).map((value) => (
        <Button
          key={value}
          aria-pressed={status === value}
          variant={status === value ? 'solid' : 'outline'}
          onClick={() => updateCriteria((c) => ({ ...c, status: value, page: 1 }))}
        >
          {value === 'active' ? 'Active' : 'Inactive'}
        </Button>
      ))}
    </ButtonGroup>
  );
}

const onSort = (column: UserColumn) => updateCriteria((c) => ({ ...c, sort: nextSort(c.sort, column), page: 1 }));
const onPage = (page: number) => updateCriteria((c) => (c.page === page ? c : { ...c, page }));

function UserListBody() {
  const role = roleOf(useSession((s) => s.user));
  const criteria = useSearchCriteria();
  const rows = useUserLists((s) => s[criteria.status]);
  if (!rows) {
    return (
      <Text color="fg.muted" role="status">
        {pageTexts.loading}
      </Text>
    );
  }
  return <UserTableView rows={rows} criteria={criteria} linkProfiles={role !== 'SCO_ADMIN'} />;
}

function UserTableView({
  rows,
  criteria,
  linkProfiles,
}: {
  rows: User[];
  criteria: SearchCriteria;
  linkProfiles: boolean;
}) {
  // Typing and clicking stay responsive: the table follows in a deferred render.
  const { filters, sort, page } = useDeferredValue(criteria);
  const index = useMemo(() => indexFor(rows), [rows]);
  const order = useSortOrder(index, sort?.column ?? null);
  const matches = useMemo(() => index.query(filters, sort, order), [index, filters, sort, order]);
  const pages = pageCount(matches.length, PAGE_SIZE);
  const current = clampPage(page, pages);
  const visible = useMemo(() => pageRows(rows, matches, current), [rows, matches, current]);

  useEffect(() => {
    if (current !== page) onPage(current);
  }, [current, page]);

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
    <Box>
      <UserTable
        users={visible}
        sort={sort}
        sortPending={sortPending}
        linkProfiles={linkProfiles}
        onSort={onSort}
        filterUsername={filters.username}
      />
      <Flex mt="3" align="center" justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {matches.length === 0
            ? 'No users match'
            : `${(current - 1) * PAGE_SIZE + 1}–${Math.min(current * PAGE_SIZE, matches.length)} of ${matches.length}`}
          {sortPending ? ' (sorting…)' : ''}
        </Text>
        <Pager page={current} pages={pages} onPage={onPage} />
      </Flex>
    </Box>
  );
}

function SortIcon({ column, sort }: { column: UserColumn; sort: ListSort | null }) {
  if (sort?.column !== column) return <LuArrowUpDown aria-hidden opacity={0.4} />;
  return sort.direction === 'asc' ? <LuArrowUp aria-hidden /> : <LuArrowDown aria-hidden />;
}

const UserTable = memo(function UserTable({
  users,
  sort,
  sortPending,
  linkProfiles,
  onSort,
  filterUsername,
}: {
  users: User[];
  sort: ListSort | null;
  sortPending: boolean;
  linkProfiles: boolean;
  onSort: (column: UserColumn) => void;
  filterUsername: string;
}) {
  return (
    <Table.ScrollArea>
      <Table.Root
        size="sm"
        interactive
        width="full"
        tableLayout="fixed"
        css={{ '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
        aria-label="Users"
        data-users-table
        data-filter-username={filterUsername}
        data-sort={sort && !sortPending ? `${sort.column}:${sort.direction}` : ''}
      >
        <Table.Header>
          <Table.Row>
            {SORT_COLUMNS.map((column) => (
              <Table.ColumnHeader
                key={column}
                hideBelow={HIDDEN_BELOW[column]}
                width={COLUMN_WIDTHS[column]}
                minW="24"
                aria-sort={sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <Button variant="plain" size="xs" px="0" fontWeight="semibold" onClick={() => onSort(column)}>
                  {COLUMN_LABELS[column]}
                  <SortIcon column={column} sort={sort} />
                </Button>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={SORT_COLUMNS.length} color="fg.muted">
                No users match
              </Table.Cell>
            </Table.Row>
          ) : (
            users.map((user) => <UserRow key={user.uuid} user={user} linkProfiles={linkProfiles} />)
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});

function ProfileCell({ href, name, link }: { href: string | null; name: string | undefined; link: boolean }) {
  if (!name)
    return (
      <Text as="span" color="fg.subtle">
        —
      </Text>
    );
  if (!link || !href) return <>{name}</>;
  return (
    <ChakraLink asChild color="blue.fg">
      <Link href={href}>{name}</Link>
    </ChakraLink>
  );
}

const UserRow = memo(function UserRow({ user, linkProfiles }: { user: User; linkProfiles: boolean }) {
  const business = user.businessProfile;
  const visibility = user.visibilityProfile;
  return (
    <Table.Row data-username={user.username}>
      <Table.Cell>
        <ChakraLink asChild color="blue.fg" fontWeight="medium">
          <Link href={toUserEdit(user.uuid)}>{user.username}</Link>
        </ChakraLink>
      </Table.Cell>
      <Table.Cell hideBelow="lg">{[user.firstName, user.lastName].filter(Boolean).join(' ')}</Table.Cell>
      <Table.Cell hideBelow="lg">{user.email}</Table.Cell>
      <Table.Cell>
        <ProfileCell
          link={linkProfiles}
          name={business?.name}
          href={business ? toBusinessProfileEdit(business.uuid) : null}
        />
      </Table.Cell>
      <Table.Cell>
        <ProfileCell
          link={linkProfiles}
          name={visibility?.name}
          href={visibility ? toVisibilityProfileEdit(visibility.uuid) : null}
        />
      </Table.Cell>
      <Table.Cell>
        <StatusButton user={user} />
      </Table.Cell>
    </Table.Row>
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
  const label = user.active ? 'Active' : 'Inactive';
  const palette = user.active ? 'green' : 'gray';
  const look = (
    <>
      {label}
      <LuChevronDown aria-hidden />
    </>
  );
  if (!user.businessProfile) {
    const arm = () => setArmed(true);
    const trigger = (
      // A disabled button gets no pointer events: the wrapper carries the tooltip.
      <Box
        as="span"
        display="inline-block"
        tabIndex={0}
        aria-label={`${label}: ${pageTexts.noProfileAssigned}`}
        onPointerEnter={arm}
        onFocus={arm}
      >
        <Button size="xs" variant="subtle" colorPalette={palette} disabled pointerEvents="none">
          {look}
        </Button>
      </Box>
    );
    if (!armed) return trigger;
    return (
      <Tooltip.Root openDelay={100} closeDelay={0} defaultOpen>
        <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{pageTexts.noProfileAssigned}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
    );
  }
  const ariaLabel = `Status of ${user.username}: ${label}`;
  if (!armed) {
    return (
      <Button
        size="xs"
        variant="subtle"
        colorPalette={palette}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        onClick={() => setArmed(true)}
      >
        {look}
      </Button>
    );
  }
  return (
    <Menu.Root
      defaultOpen
      onSelect={(details) => {
        if (details.value === 'activate' || details.value === 'deactivate') {
          void changeStatus(user, details.value === 'activate');
        }
      }}
    >
      <Menu.Trigger asChild>
        <Button size="xs" variant="subtle" colorPalette={palette} aria-label={ariaLabel}>
          {look}
        </Button>
      </Menu.Trigger>
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
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const window = paginationWindow(page, pages);
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap">
      <Button size="xs" variant="outline" disabled={!window.hasPrevious} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {window.pages.map((n) => (
        <Button
          key={n}
          size="xs"
          minW="8"
          variant={n === page ? 'solid' : 'outline'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button size="xs" variant="outline" disabled={!window.hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
