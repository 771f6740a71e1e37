// Renders the route table (./route-table.ts) under wouter's /userprofile
// base, applying the guards of spec §6 and the layout each route asks for.
import { Box } from '@chakra-ui/react';
import { globalMessages, pageTexts } from '@userprofile/shared/messages';
import { lazy, Suspense, useEffect } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { currentPath, navigateTo } from '../lib/navigation.ts';
import { HOME_PATH, toForbidden, toLoginStart } from '../lib/paths.ts';
import { rememberReturnPath } from '../lib/return-path.ts';
import type { AppRoute } from '../lib/routing.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toaster.ts';
import { currentToken } from '../lib/token.ts';
import { checkAccess } from './guards.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { notFoundRoute, routes } from './route-table.ts';

// The shell (header, menu, icons) loads only for shell routes: the sign-in pages never fetch it.
const ShellLayout = lazy(() => import('./layout.tsx').then((m) => ({ default: m.ShellLayout })));

function Pending() {
  return (
    <Box px="6" py="6" color="fg.muted" role="status">
      {pageTexts.loading}
    </Box>
  );
}

function RouteView({ route }: { route: AppRoute }) {
  const { status, user } = useSession();
  const outcome = status === 'checking' ? 'pending' : checkAccess(route.access, user);

  useEffect(() => {
    if (outcome === 'login') {
      // The page asked for, with its query, is where the sign-in comes back to.
      rememberReturnPath(currentPath() + window.location.search);
      notify.warning(globalMessages.pleaseLoginFirst);
      navigateTo(toLoginStart(), { replace: true });
    } else if (outcome === 'forbidden') {
      navigateTo(toForbidden(), { replace: true });
    }
  }, [outcome]);

  if (outcome !== 'allow') return outcome === 'pending' ? <Pending /> : null;
  const Screen = route.component;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Pending />}>
        <Screen />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The empty path (spec §2) goes to the user list; a visitor without a token
 * goes straight on to sign in, with the user list's guard warning, instead of
 * first rendering the guarded route to be turned away.
 */
function HomeRedirect() {
  const signedOut = !currentToken();
  useEffect(() => {
    if (signedOut) notify.warning(globalMessages.pleaseLoginFirst);
  }, [signedOut]);
  return <Redirect to={signedOut ? toLoginStart() : HOME_PATH} replace />;
}

export function AppRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const { status, user } = useSession();
  if (location === '/') return <HomeRedirect />;
  const matched = routes.find((r) => matchRoute(parser, r.path, location)[0]) ?? notFoundRoute;
  // A visitor on their way to sign in never downloads the shell.
  const shell = matched.layout === 'shell' && status === 'ready' && checkAccess(matched.access, user) === 'allow';

  const body = (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <RouteView route={route} />
        </Route>
      ))}
      <Route>
        <RouteView route={notFoundRoute} />
      </Route>
    </Switch>
  );
  // One shell instance across shell routes, so the header and menu stay mounted.
  if (!shell) return body;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <ShellLayout>{body}</ShellLayout>
      </Suspense>
    </RouteErrorBoundary>
  );
}
