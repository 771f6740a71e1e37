// Renders the app's toaster (src/lib/toaster.ts): top right, 5000 ms.
// Not in a Portal: a portal mounts only after the first commit, and a toast
// raised by the first screen's effect (the guard's 'Please Login First')
// would be created before anyone listens. The toaster is fixed-positioned.
import { Toaster as ChakraToaster, Stack, Toast } from '@chakra-ui/react';
import { useEffect } from 'react';
import { toaster, toasterStarted } from '../../lib/toaster.ts';

export function AppToaster() {
  useEffect(() => {
    // After the toast group has subscribed to the store (its own effects run in this same commit).
    const timer = window.setTimeout(toasterStarted, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
            {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          </Stack>
          {toast.closable ? <Toast.CloseTrigger aria-label="Dismiss" /> : null}
        </Toast.Root>
      )}
    </ChakraToaster>
  );
}
