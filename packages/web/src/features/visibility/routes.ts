// Routes of the visibility profile screens (spec §2): ADMIN or ERRIGAL_ADMIN.
// Patterns and link builders live in lib/paths.ts.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const VisibilityList = lazyScreen(() =>
  import('./visibility-list-screen.tsx').then((m) => ({ default: m.VisibilityListScreen })),
);
const VisibilityEdit = lazyScreen(() =>
  import('./visibility-edit-screen.tsx').then((m) => ({ default: m.VisibilityEditScreen })),
);

const admin = { access: 'admin', layout: 'shell' } as const;

export const visibilityRoutes: AppRoute[] = [
  { path: paths.visibilityProfileList, ...admin, component: VisibilityList },
  { path: paths.visibilityProfileNew, ...admin, component: VisibilityEdit },
  { path: paths.visibilityProfileEdit, ...admin, component: VisibilityEdit },
];
