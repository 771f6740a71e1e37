// Routes and link builders of the sign-in pages (spec §2): public, shown
// without the shell. The login pages load apart from everything else, so the
// login page stays light.
import { lazy } from 'react';
import type { AppRoute } from '../../lib/routing.ts';

const LoginStart = lazy(() => import('./pages/login-start-page.tsx'));
const Login = lazy(() => import('./pages/login-page.tsx'));
const callbacks = () => import('./pages/callback-pages.tsx');
const SelfCallback = lazy(() => callbacks().then((m) => ({ default: m.SelfCallbackPage })));
const SsoCallback = lazy(() => callbacks().then((m) => ({ default: m.SsoCallbackPage })));
const Logout = lazy(() => import('./pages/logout-page.tsx'));
const passwords = () => import('./pages/password-pages.tsx');
const ForgotPassword = lazy(() => passwords().then((m) => ({ default: m.ForgotPasswordPage })));
const NewPassword = lazy(() => passwords().then((m) => ({ default: m.NewPasswordPage })));

export const toLoginStart = () => '/auth/login/user';
export const toLogout = () => '/logout';
export const toForgotPassword = () => '/password/forgot';
/** A reset link's token with '.' written as '~' (spec §2: the page turns '~' back into '.'). */
export const toNewPassword = (token: string) => `/password/new/${encodeURIComponent(token.replace(/\./g, '~'))}`;

const open = { access: 'public', layout: 'auth' } as const;

export const authRoutes: AppRoute[] = [
  { path: '/auth/login/user', ...open, component: LoginStart },
  { path: '/authorize', ...open, component: Login },
  { path: '/callback', ...open, component: SsoCallback },
  { path: '/selfcallback', ...open, component: SelfCallback },
  { path: '/logout', ...open, component: Logout },
  { path: '/password/forgot', ...open, component: ForgotPassword },
  { path: '/password/new/:token', ...open, component: NewPassword },
];
