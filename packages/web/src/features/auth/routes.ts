// Routes of the sign-in pages (spec §2; patterns and link builders in
// lib/paths.ts): public, shown without the shell. The login pages are plain
// DOM (./plain) that a visitor without a sign-in gets without the console at
// all (src/main.ts); here they are the console's routes.
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';
import { lazyPlainPage } from './plain-page.tsx';

const LoginStart = lazyPlainPage(() => import('./plain/login-start-page.ts').then((m) => m.mountLoginStartPage));
const Login = lazyPlainPage(() => import('./plain/login-page.ts').then((m) => m.mountLoginPage));

const SelfCallback = lazyPlainPage(() => import('./plain/self-callback-page.ts').then((m) => m.mountSelfCallbackPage));
const SsoCallback = lazyScreen(() =>
  import('./pages/callback-pages.tsx').then((m) => ({ default: m.SsoCallbackPage })),
);
const Logout = lazyScreen(() => import('./pages/logout-page.tsx'));
const passwords = () => import('./pages/password-pages.tsx');
const ForgotPassword = lazyScreen(() => passwords().then((m) => ({ default: m.ForgotPasswordPage })));
const NewPassword = lazyScreen(() => passwords().then((m) => ({ default: m.NewPasswordPage })));

const open = { access: 'public', layout: 'auth' } as const;

export const authRoutes: AppRoute[] = [
  { path: paths.loginStart, ...open, component: LoginStart },
  { path: paths.authorize, ...open, component: Login },
  { path: paths.callback, ...open, component: SsoCallback },
  { path: paths.selfCallback, ...open, component: SelfCallback },
  { path: paths.logout, ...open, component: Logout },
  { path: paths.forgotPassword, ...open, component: ForgotPassword },
  { path: paths.newPassword, ...open, component: NewPassword },
];
