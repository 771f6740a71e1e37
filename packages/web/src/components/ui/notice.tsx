// A one-line message inside a page (as opposed to a toast): errors are
// announced as alerts, confirmations and explanations as status.
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Notice({
  status,
  children,
}: {
  status: 'error' | 'warning' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
