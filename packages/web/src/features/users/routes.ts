// Routes and link builders of the user screens (spec §2). Each screen is
// its own chunk, loaded on first visit (none of them is in the login page).
import { lazy } from 'react';
import { type AppRoute, withParam } from '../../lib/routing.ts';

const UserList = lazy(() => import('./user-list-screen.tsx').then((m) => ({ default: m.UserListScreen })));
const UserBulk = lazy(() => import('./user-bulk-screen.tsx').then((m) => ({ default: m.UserBulkScreen })));
const UserEdit = lazy(() => import('./user-edit-screen.tsx').then((m) => ({ default: m.UserEditScreen })));

export const toUserList = () => '/user/list';
export const toUserBulk = () => '/user/bulk';
export const toUserNew = () => '/user/new';
export const toUserEdit = (uuid: string) => withParam('/user/edit', uuid);

export const userRoutes: AppRoute[] = [
  { path: '/user/list', access: 'user', layout: 'shell', component: UserList },
  { path: '/user/bulk', access: 'user', layout: 'shell', component: UserBulk },
  { path: '/user/new', access: 'user', layout: 'shell', component: UserEdit },
  { path: '/user/edit/:uuid', access: 'user', layout: 'shell', component: UserEdit },
];
