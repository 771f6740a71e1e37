// Routes of the application and business profile screens (spec §2): ADMIN or
// ERRIGAL_ADMIN. Patterns and link builders live in lib/paths.ts.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const AppProfileList = lazyScreen(() =>
  import('./app-profile-list-screen.tsx').then((m) => ({ default: m.AppProfileListScreen })),
);
const AppProfileEdit = lazyScreen(() =>
  import('./app-profile-edit-screen.tsx').then((m) => ({ default: m.AppProfileEditScreen })),
);
const BusinessProfileList = lazyScreen(() =>
  import('./business-profile-list-screen.tsx').then((m) => ({ default: m.BusinessProfileListScreen })),
);
const BusinessProfileEdit = lazyScreen(() =>
  import('./business-profile-edit-screen.tsx').then((m) => ({ default: m.BusinessProfileEditScreen })),
);

const admin = { access: 'admin', layout: 'shell' } as const;

export const profileRoutes: AppRoute[] = [
  { path: paths.appProfileList, ...admin, component: AppProfileList },
  { path: paths.appProfileNew, ...admin, component: AppProfileEdit },
  { path: paths.appProfileEdit, ...admin, component: AppProfileEdit },
  { path: paths.businessProfileList, ...admin, component: BusinessProfileList },
  { path: paths.businessProfileNew, ...admin, component: BusinessProfileEdit },
  { path: paths.businessProfileEdit, ...admin, component: BusinessProfileEdit },
];
