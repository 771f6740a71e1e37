// Entry: the configuration is loaded before the app renders (spec §7
// "Other"); a failure is logged and a plain error page shows (spec §8).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { StartupError } from './app/startup-error.tsx';
import { preloadSignInPages } from './features/auth/routes.ts';
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
const root = createRoot(document.getElementById('root') as HTMLElement);

// Without a sign-in the next screens are the sign-in pages: their modules load beside the configuration.
// A failure there is left to the route, which loads them again.
const signingIn = !currentToken();
const signInPages = signingIn ? preloadSignInPages().catch(() => undefined) : null;
// '/' and auth/login/user go on to the console's own sign-in, whose first call
// (features/auth/sign-in.ts startSelfLogin) is asked for as soon as the
// configuration names the API, beside the first render instead of after it.
const config = loadConfig().then(() => {
  if (signingIn && (currentPath() === '/' || currentPath() === paths.loginStart)) {
    preload(`${getConfig().apiBaseUrl}/api/v1/auth/frontendconfig`);
  }
});

Promise.all([config, signInPages]).then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('Start-up configuration could not be loaded', error);
    root.render(<StartupError />);
  },
);
