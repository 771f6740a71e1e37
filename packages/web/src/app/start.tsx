// The console's React app, started by src/main.ts once the configuration is
// loaded (and by the plain sign-in pages when their visitor goes on to a
// console page such as Forgot Password).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

export function startConsole(container: HTMLElement): void {
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
