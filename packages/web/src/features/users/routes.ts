// Routes of the user screens (spec §2); patterns and link builders live in
// lib/paths.ts. Each screen is its own chunk, loaded on first visit (none of
// them is in the login page).
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const UserList = lazyScreen(() => import('./user-list-screen.tsx').then((m) => ({ default: m.UserListScreen })));
const UserBulk = lazyScreen(() => import('./user-bulk-screen.tsx').then((m) => ({ default: m.UserBulkScreen })));
const UserEdit = lazyScreen(() => import('./user-edit-screen.tsx').then((m) => ({ default: m.UserEditScreen })));

/** The list the screen opens with (its view in the address, or the last one), as the screen will ask for it. */
function preloadList(): void {
  Promise.all([import('./user-lists.ts'), import('./search-criteria.ts')])
    .then(([lists, criteria]) => lists.loadUserList(criteria.useSearchCriteria.getState().status))
    // The screen joins the same load, and says why when it failed.
    .catch(() => undefined);
}

const user = { access: 'user', layout: 'shell' } as const;

export const userRoutes: AppRoute[] = [
  { path: paths.userList, ...user, component: UserList, preloadData: preloadList },
  { path: paths.userBulk, ...user, component: UserBulk },
  { path: paths.userNew, ...user, component: UserEdit },
  { path: paths.userEdit, ...user, component: UserEdit },
];
