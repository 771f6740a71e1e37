// Entry: the configuration is loaded before the app renders (spec §7
// "Other"); a failure is logged and a plain error page shows (spec §8).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { StartupError } from './app/startup-error.tsx';
import { preloadSignInPages } from './features/auth/routes.ts';
import { startColorMode } from './lib/color-mode.ts';
import { loadConfig } from './lib/config.ts';
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

startColorMode();
const root = createRoot(document.getElementById('root') as HTMLElement);

// Without a sign-in the next screens are the sign-in pages: their modules load beside the configuration.
// A failure there is left to the route, which loads them again.
const signInPages = currentToken() ? null : preloadSignInPages().catch(() => undefined);

Promise.all([loadConfig(), signInPages]).then(
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
