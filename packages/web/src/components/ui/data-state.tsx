// What a screen shows for data it loads, so that nothing fails
// silently: 'Loading...' while it loads, the data, an empty state, or the
// failure named with a Retry button.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { pageTexts } from '@userprofile/shared/messages';
import type { ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { failureReason } from '../../lib/api/errors.ts';

export function LoadFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="3" role="alert" align="flex-start" py="2" data-load-failure>
      <Text fontWeight="medium" color="fg.error">
        {`Could not load ${what}: ${failureReason(error)}`}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <LuRefreshCw aria-hidden /> Retry
      </Button>
    </Stack>
  );
}

export function Loading({ text = pageTexts.loading }: { text?: string }) {
  return (
    <Text color="fg.muted" role="status">
      {text}
    </Text>
  );
}

/**
 * One or more loads as one state: the first failure wins, then loading, then
 * empty (`isEmpty`), then the data. `what` names what was loading, for the
 * failure line ('Could not load users: HTTP 500: ...').
 */
export function DataState<T>({
  what,
  data,
  error,
  onRetry,
  isEmpty,
  empty,
  loading,
  children,
}: {
  what: string;
  /** Null or undefined while loading. */
  data: T | null | undefined;
  error: unknown;
  onRetry: () => void;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What shows while loading, in place of the spinner (a long load's progress). */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (error) return <LoadFailure what={what} error={error} onRetry={onRetry} />;
  if (data === null || data === undefined) return loading ?? <Loading />;
  if (isEmpty?.(data)) {
    return (
      <HStack py="2" color="fg.muted">
        {empty ?? <Text>Nothing here yet.</Text>}
      </HStack>
    );
  }
  return <>{children(data)}</>;
}
