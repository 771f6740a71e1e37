// The Users table (spec §2): a sortable header with the page's select box, and
// one row per user (select box, username, name, email, profile, visibility,
// Status), which below the md breakpoint is drawn as a card (user-table-css.ts).
// Row links route inside the app with one listener on the body.
import { Table } from '@chakra-ui/react';
import { memo, type MouseEvent as ReactMouseEvent, useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { displayText, titleText } from '../../components/ui/display-text.ts';
import { NoMatch, SortableHeader } from '../../components/ui/list-kit.tsx';
import { BASE_PATH, toBusinessProfileEdit, toUserEdit, toVisibilityProfileEdit } from '../../lib/paths.ts';
import {
  emptyFilters,
  type Filters,
  filterQuery,
  type ListSort,
  nextSort,
  SORT_COLUMNS,
  type User,
  type UserColumn,
} from './list-view.ts';
import { updateCriteria } from './search-criteria.ts';
import { selectUsers, useSelection } from './user-selection.ts';
import { StatusButton } from './user-status-button.tsx';
import { tableCss } from './user-table-css.ts';

export const COLUMN_LABELS: Record<UserColumn, string> = {
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

const onSort = (column: UserColumn) => updateCriteria((c) => ({ ...c, sort: nextSort(c.sort, column), page: 1 }));
const onClearFilters = () => updateCriteria((c) => ({ ...c, filters: emptyFilters(), page: 1 }));

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

export const UserTable = memo(function UserTable({
  users,
  sort,
  sortPending,
  linkProfiles,
  filters,
  filtered,
  complete,
}: {
  users: User[];
  sort: ListSort | null;
  sortPending: boolean;
  linkProfiles: boolean;
  filters: Filters;
  filtered: boolean;
  /** The whole list is in (not only its first rows). */
  complete: boolean;
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
      // The filters the rows answer, for a test or a bench to wait on (`username=e&email=x`).
      data-filters={filterQuery(filters)}
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
  // Cut at the end by the kit (the cell's title holds the name): the company's name leads, as on every screen.
  const text = displayText(name);
  if (!link || !to) return <>{text}</>;
  return <RouteLink to={to}>{text}</RouteLink>;
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
      <td className="user-cell" title={titleText(user.username)}>
        <RouteLink to={toUserEdit(user.uuid)} className="username">
          {displayText(user.username)}
        </RouteLink>
      </td>
      <td className="hide-lg" title={titleText(name)}>
        {displayText(name)}
      </td>
      <td className="hide-lg" title={titleText(user.email)}>
        {displayText(user.email)}
      </td>
      <td className="profile-cell" title={business?.name ? titleText(business.name) : undefined}>
        <ProfileCell
          link={linkProfiles}
          name={business?.name}
          to={business ? toBusinessProfileEdit(business.uuid) : null}
        />
      </td>
      <td className="visibility-cell" title={visibility?.name ? titleText(visibility.name) : undefined}>
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
