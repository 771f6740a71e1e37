// Entry: the colour mode, then the configuration (spec §7 "Other"), then
// either the console or — for a visitor without a sign-in on their way to
// sign in — the plain sign-in pages alone, which need neither React nor the
// theme and so paint at once (docs/console.md "Start-up"). A configuration that cannot be loaded is logged and a plain error
// page shows (spec §8).
import { showStartupError } from './app/startup-error.ts';
import { startColorMode } from './lib/color-mode.ts';
import { getConfig, loadConfig } from './lib/config.ts';
import { currentPath } from './lib/navigation.ts';
import { paths } from './lib/paths.ts';
import { currentToken } from './lib/token.ts';

// A chunk of a previous build is gone (the console was redeployed while this
// page was open): reload once to pick up the new build. A second failure
// within a minute is left to the route's error message, so nothing loops.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'user-profile.reloaded-for-new-build';
  const last = Number(sessionStorage.getItem(key));
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

/** A GET its caller will make, asked for ahead: the caller's plain fetch takes the preloaded answer (as config.json's, in index.html). */
function preload(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = '';
  link.href = url;
  document.head.append(link);
}

startColorMode();
const root = document.getElementById('root') as HTMLElement;
const path = currentPath();
// The end of the console's own sign-in (features/auth/plain/self-callback-page.ts), whatever is stored.
const finishingSignIn = path === paths.selfCallback;
// The paths startSignInPages shows (features/auth/plain/login-page.ts); any other is the console's.
const signingIn =
  finishingSignIn || (!currentToken() && (path === '/' || path === paths.loginStart || path === paths.authorize));

// '/' and auth/login/user go on to the console's own sign-in, whose first call
// (features/auth/sign-in.ts startSelfLogin) is asked for as soon as the
// configuration names the API, beside the page's module instead of after it.
const config = loadConfig().then(() => {
  if (signingIn && path !== paths.authorize && !finishingSignIn) {
    preload(`${getConfig().apiBaseUrl}/api/v1/auth/frontendconfig`);
  }
});

// selfcallback starts the console once the code is exchanged: its module loads beside the exchange.
const consoleModule = finishingSignIn ? import('./app/start.tsx') : null;
consoleModule?.catch(() => undefined);
const startConsole = () => (consoleModule ?? import('./app/start.tsx')).then((m) => m.startConsole(root));
const started = signingIn
  ? Promise.all([import('./features/auth/plain/login-page.ts'), config]).then(([m]) =>
      m.startSignInPages(root, () => {
        startConsole().catch((error: unknown) => {
          console.error('The console could not start', error);
          window.location.reload();
        });
      }),
    )
  : Promise.all([import('./app/start.tsx'), config]).then(([m]) => m.startConsole(root));

started.catch((error: unknown) => {
  console.error('Start-up configuration could not be loaded', error);
  showStartupError(root);
});
