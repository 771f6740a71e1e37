// Routes and link builders of the OAuth2 client screens (spec §2): ERRIGAL_ADMIN only.
import { lazy } from 'react';
import { type AppRoute, withParam } from '../../lib/routing.ts';

const screens = () => import('./screens.tsx');
const AuthClientList = lazy(() => screens().then((m) => ({ default: m.AuthClientListScreen })));
const AuthClientEdit = lazy(() => screens().then((m) => ({ default: m.AuthClientEditScreen })));

export const toAuthClientList = () => '/authClient/list';
export const toAuthClientNew = () => '/authClient/new';
export const toAuthClientEdit = (uuid: string) => withParam('/authClient/edit', uuid);

export const authClientRoutes: AppRoute[] = [
  { path: '/authClient/list', access: 'topAdmin', layout: 'shell', component: AuthClientList },
  { path: '/authClient/new', access: 'topAdmin', layout: 'shell', component: AuthClientEdit },
  { path: '/authClient/edit/:uuid', access: 'topAdmin', layout: 'shell', component: AuthClientEdit },
];
