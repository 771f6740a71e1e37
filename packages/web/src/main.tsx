// Entry: the configuration is loaded before the app renders (spec §7
// "Other"); a failure is logged and a plain error page shows (spec §8).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { StartupError } from './app/startup-error.tsx';
import { loadConfig } from './lib/config.ts';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadConfig().then(
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
