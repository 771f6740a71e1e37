// Routes of the application screens (spec §2): ADMIN or ERRIGAL_ADMIN; New Application ERRIGAL_ADMIN (spec §6).
// Patterns and link builders live in lib/paths.ts.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const ApplicationList = lazyScreen(() =>
  import('./application-list-screen.tsx').then((m) => ({ default: m.ApplicationListScreen })),
);
const ApplicationEdit = lazyScreen(() =>
  import('./application-edit-screen.tsx').then((m) => ({ default: m.ApplicationEditScreen })),
);

const admin = { access: 'admin', layout: 'shell' } as const;

export const applicationRoutes: AppRoute[] = [
  { path: paths.applicationList, ...admin, component: ApplicationList },
  // New Application is the top-level admin's alone (spec §6): anyone else gets the 403 page, not a form that cannot save.
  { path: paths.applicationNew, access: 'topAdmin', layout: 'shell', component: ApplicationEdit },
  { path: paths.applicationEdit, ...admin, component: ApplicationEdit },
];
