// Renders the route table (./route-table.ts) under wouter's /userprofile
// base, applying the guards of spec §6 and the layout each route asks for.
import { Box } from '@chakra-ui/react';
import { globalMessages, pageTexts } from '@userprofile/shared/messages';
import { Suspense, useEffect } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { currentPath, navigateTo } from '../lib/navigation.ts';
import { HOME_PATH, isRecordId, toAccount, toForbidden, toLoginStart } from '../lib/paths.ts';
import { rememberReturnPath } from '../lib/return-path.ts';
import { type AppRoute, lazyScreen, preloadScreen, setRoutePreloader, useScreensReady } from '../lib/routing.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toaster.ts';
import { currentToken } from '../lib/token.ts';
import { checkAccess } from './guards.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { notFoundRoute, routes } from './route-table.ts';

// The shell (header, menu, icons) loads only for shell routes: the sign-in pages never fetch it.
const ShellLayout = lazyScreen(() => import('./layout.tsx').then((m) => ({ default: m.ShellLayout })));

function Pending() {
  return (
    <Box px="6" py="6" color="fg.muted" role="status">
      {pageTexts.loading}
    </Box>
  );
}

/** `waiting`: the session is being checked, or the screen's chunk is not in yet (AppRoutes). */
function RouteView({ route, waiting }: { route: AppRoute; waiting: boolean }) {
  const { user } = useSession();
  const outcome = waiting ? 'pending' : checkAccess(route.access, user);

  useEffect(() => {
    if (outcome === 'login') {
      // The page asked for, with its query, is where the sign-in comes back to.
      rememberReturnPath(currentPath() + window.location.search);
      notify.warning(globalMessages.pleaseLoginFirst);
      navigateTo(toLoginStart(), { replace: true });
    } else if (outcome === 'forbidden') {
      // The page refused is handed over, so the 403 page can lead back to the nearest place the role may go.
      navigateTo(toForbidden(), { replace: true, state: { from: currentPath() } });
    } else if (outcome === 'account') {
      navigateTo(toAccount(), { replace: true });
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

/** Asks for the chunks a route renders (its screen, and the shell for a shell route). */
function preloadRouteChunks(route: AppRoute): void {
  if (route.layout === 'shell') void ShellLayout.preload();
  preloadScreen(route.component);
}

/** The route of `location` and whether its `:uuid` (if any) can name a record at all. */
function routeOf(parser: Parameters<typeof matchRoute>[0], location: string): { route: AppRoute; malformed: boolean } {
  for (const route of routes) {
    const [hit, params] = matchRoute(parser, route.path, location);
    const id = (params as Record<string, string | undefined> | null)?.uuid;
    if (hit) return { route, malformed: typeof id === 'string' && !isRecordId(id) };
  }
  return { route: notFoundRoute, malformed: false };
}

export function AppRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const { status, user } = useSession();
  const { route: matched, malformed } = routeOf(parser, location);

  // While the start-up GET /me is out, the page's chunks are asked for together (a signed-in visitor
  // is let in far more often than not), not one after another as each render finds it needs the next;
  // once the guard has answered, rendering the route asks for them itself. The screen's data waits for
  // the guard: a token GET /me refuses would have a data call end the session as well.
  useEffect(() => {
    if (status !== 'checking' || location === '/') return;
    preloadRouteChunks(matched);
  }, [status, matched, location]);
  // The same, for a page a navigation is about to open (lib/routing.ts preloadRoute).
  useEffect(() => {
    setRoutePreloader((path) => preloadRouteChunks(routeOf(parser, path.split(/[?#]/, 1)[0] ?? '').route));
    return () => setRoutePreloader(undefined);
  }, [parser]);

  const allowed = status === 'ready' && checkAccess(matched.access, user) === 'allow';
  const target = malformed && allowed ? notFoundRoute : matched;
  // A visitor let in as the console starts (a sign-in that has just loaded the user): the page's chunks
  // and the data it opens with are asked for beside the first render, not once the screen has rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the console starts
  useEffect(() => {
    if (!allowed) return;
    preloadRouteChunks(target);
    target.preloadData?.();
  }, []);
  // A screen renders once its chunk is in (and the shell's, for a shell route), not suspending on the
  // way: until then the route shows the same waiting text as while the session is checked. Only for a
  // visitor who is let in: one on the way to sign in never downloads the shell or the screen.
  const shellWanted = matched.layout === 'shell' && allowed;
  const shellReady = useScreensReady(shellWanted ? [ShellLayout] : []);
  const screenReady = useScreensReady(allowed && location !== '/' ? [target.component] : []);
  const waiting = status === 'checking' || (allowed && !(screenReady && (!shellWanted || shellReady)));

  if (location === '/') return <HomeRedirect />;

  // A visitor on their way to sign in never downloads the shell.
  const shell = shellWanted && shellReady;

  // An editor address whose id is no id at all (a mistyped or cut link) is a page that does not exist:
  // the 404 page, not the record load's 'HTTP 400: path.uuid must match format "uuid"'. Guards first.
  const body =
    malformed && allowed ? (
      <RouteView route={notFoundRoute} waiting={waiting} />
    ) : (
      <Switch>
        {routes.map((route) => (
          <Route key={route.path} path={route.path}>
            <RouteView route={route} waiting={waiting} />
          </Route>
        ))}
        <Route>
          <RouteView route={notFoundRoute} waiting={waiting} />
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
