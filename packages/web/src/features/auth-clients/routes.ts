// Routes of the OAuth2 client screens (spec §2): ERRIGAL_ADMIN only.
// Patterns and link builders live in lib/paths.ts.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const AuthClientList = lazyScreen(() =>
  import('./auth-client-list-screen.tsx').then((m) => ({ default: m.AuthClientListScreen })),
);
const AuthClientEdit = lazyScreen(() =>
  import('./auth-client-edit-screen.tsx').then((m) => ({ default: m.AuthClientEditScreen })),
);

const topAdmin = { access: 'topAdmin', layout: 'shell' } as const;

export const authClientRoutes: AppRoute[] = [
  { path: paths.authClientList, ...topAdmin, component: AuthClientList },
  { path: paths.authClientNew, ...topAdmin, component: AuthClientEdit },
  { path: paths.authClientEdit, ...topAdmin, component: AuthClientEdit },
];
