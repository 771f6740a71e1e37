// The account page, every signed-in person's (with a console role or
// without), and the sign-in policy screen (ERRIGAL_ADMIN). Their patterns and
// link builders live in lib/paths.ts.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const Account = lazyScreen(() => import('./account-screen.tsx').then((m) => ({ default: m.AccountScreen })));
const FactorPolicy = lazyScreen(() =>
  import('./factor-policy-screen.tsx').then((m) => ({ default: m.FactorPolicyScreen })),
);

export const accountRoutes: AppRoute[] = [
  { path: paths.account, access: 'signedIn', layout: 'shell', component: Account },
  { path: paths.factorPolicy, access: 'topAdmin', layout: 'shell', component: FactorPolicy },
];
