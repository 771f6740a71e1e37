// Routes and link builders of the application screens (spec §2): ADMIN or ERRIGAL_ADMIN.
import { lazy } from 'react';
import { type AppRoute, withParam } from '../../lib/routing.ts';

const screens = () => import('./screens.tsx');
const ApplicationList = lazy(() => screens().then((m) => ({ default: m.ApplicationListScreen })));
const ApplicationEdit = lazy(() => screens().then((m) => ({ default: m.ApplicationEditScreen })));

export const toApplicationList = () => '/application/list';
export const toApplicationNew = () => '/application/new';
export const toApplicationEdit = (uuid: string) => withParam('/application/edit', uuid);

export const applicationRoutes: AppRoute[] = [
  { path: '/application/list', access: 'admin', layout: 'shell', component: ApplicationList },
  { path: '/application/new', access: 'admin', layout: 'shell', component: ApplicationEdit },
  { path: '/application/edit/:uuid', access: 'admin', layout: 'shell', component: ApplicationEdit },
];
