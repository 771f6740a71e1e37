// The one route table (design.md "One route table"): every route of spec
// §2, each feature's routes spread in, the shell's own pages, and the
// not-found route last.
import { accessRoutes } from '../features/access/routes.ts';
import { accountRoutes } from '../features/account/routes.ts';
import { activityRoutes } from '../features/activity/routes.ts';
import { applicationRoutes } from '../features/applications/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { authClientRoutes } from '../features/auth-clients/routes.ts';
import { profileRoutes } from '../features/profiles/routes.ts';
import { userRoutes } from '../features/users/routes.ts';
import { visibilityRoutes } from '../features/visibility/routes.ts';
import { paths } from '../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../lib/routing.ts';

const errorPages = () => import('./error-pages.tsx');
const Forbidden = lazyScreen(() => errorPages().then((m) => ({ default: m.ForbiddenPage })));
const NotFound = lazyScreen(() => errorPages().then((m) => ({ default: m.NotFoundPage })));

export const notFoundRoute: AppRoute = { path: paths.notFound, access: 'public', layout: 'shell', component: NotFound };

export const routes: readonly AppRoute[] = [
  ...authRoutes,
  ...userRoutes,
  ...profileRoutes,
  ...visibilityRoutes,
  ...applicationRoutes,
  ...authClientRoutes,
  ...accessRoutes,
  ...activityRoutes,
  ...accountRoutes,
  { path: paths.forbidden, access: 'public', layout: 'shell', component: Forbidden },
  notFoundRoute,
];
