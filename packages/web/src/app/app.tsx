// The console: providers, the start-up session check, and the routes.
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { LoadingOverlay } from '../components/ui/loading-overlay.tsx';
import { AppToaster } from '../components/ui/toaster.tsx';
import { loadCurrentUser } from '../lib/current-user.ts';
import { BASE_PATH } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { AppRoutes } from './router.tsx';
import { useSessionExpiry } from './session-expiry.ts';
import { styleCache } from './style-cache.ts';
import { system } from './theme.ts';

function Session() {
  useEffect(() => {
    // A sign-in completing on this page (selfcallback, src/main.ts) may have loaded the user already, or be loading it.
    if (!useSession.getState().user) void loadCurrentUser();
  }, []);
  useSessionExpiry();
  return null;
}

export function App() {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        {/* Before the routes: the toaster must be listening when a guard's first effect warns. */}
        <AppToaster />
        <LoadingOverlay />
        <Router base={BASE_PATH}>
          <Session />
          <AppRoutes />
        </Router>
      </ChakraProvider>
    </CacheProvider>
  );
}
