// Routes and link builders of the application, business and visibility
// profile screens (spec §2): ADMIN or ERRIGAL_ADMIN.
import { lazy } from 'react';
import { type AppRoute, withParam } from '../../lib/routing.ts';

const screens = () => import('./screens.tsx');
const AppProfileList = lazy(() => screens().then((m) => ({ default: m.AppProfileListScreen })));
const AppProfileEdit = lazy(() => screens().then((m) => ({ default: m.AppProfileEditScreen })));
const BusinessProfileList = lazy(() => screens().then((m) => ({ default: m.BusinessProfileListScreen })));
const BusinessProfileEdit = lazy(() => screens().then((m) => ({ default: m.BusinessProfileEditScreen })));
const VisibilityProfileList = lazy(() => screens().then((m) => ({ default: m.VisibilityProfileListScreen })));
const VisibilityProfileEdit = lazy(() => screens().then((m) => ({ default: m.VisibilityProfileEditScreen })));

export const toAppProfileList = () => '/profile/app/list';
export const toAppProfileNew = () => '/profile/app/new';
export const toAppProfileEdit = (uuid: string) => withParam('/profile/app/edit', uuid);
export const toBusinessProfileList = () => '/profile/business/list';
export const toBusinessProfileNew = () => '/profile/business/new';
export const toBusinessProfileEdit = (uuid: string) => withParam('/profile/business/edit', uuid);
export const toVisibilityProfileList = () => '/profile/visibility/list';
export const toVisibilityProfileNew = () => '/profile/visibility/new';
export const toVisibilityProfileEdit = (uuid: string) => withParam('/profile/visibility/edit', uuid);

const admin = { access: 'admin', layout: 'shell' } as const;

export const profileRoutes: AppRoute[] = [
  { path: '/profile/app/list', ...admin, component: AppProfileList },
  { path: '/profile/app/new', ...admin, component: AppProfileEdit },
  { path: '/profile/app/edit/:uuid', ...admin, component: AppProfileEdit },
  { path: '/profile/business/list', ...admin, component: BusinessProfileList },
  { path: '/profile/business/new', ...admin, component: BusinessProfileEdit },
  { path: '/profile/business/edit/:uuid', ...admin, component: BusinessProfileEdit },
  { path: '/profile/visibility/list', ...admin, component: VisibilityProfileList },
  { path: '/profile/visibility/new', ...admin, component: VisibilityProfileEdit },
  { path: '/profile/visibility/edit/:uuid', ...admin, component: VisibilityProfileEdit },
];
