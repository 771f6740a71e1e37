// Routes of the access questions; patterns and link builders live
// in lib/paths.ts. Check Access serves every console role (each manages
// users); Who Has It opens from the application editor, ADMIN and above.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const CheckAccess = lazyScreen(() =>
  import('./check-access-screen.tsx').then((m) => ({ default: m.CheckAccessScreen })),
);
const Holders = lazyScreen(() => import('./holders-screen.tsx').then((m) => ({ default: m.HoldersScreen })));

export const accessRoutes: AppRoute[] = [
  { path: paths.accessCheck, access: 'user', layout: 'shell', component: CheckAccess },
  { path: paths.accessHolders, access: 'admin', layout: 'shell', component: Holders },
];
