// One open sign-in session as a card: when it began and was last used, the
// address, how it signed in and the applications that received tokens under
// it, with "this browser" marked and an optional Sign out. The user editor's
// Sign-ins tab and the account page's sessions both list them so.
import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { components } from '@userprofile/shared/generated/api';
import { signInTexts } from '@userprofile/shared/messages';
import { whenText } from '../../lib/history-format.ts';

export type SignInSession = components['schemas']['SignInSession'];

export function SessionCard({
  session,
  mine,
  onSignOut,
}: {
  session: SignInSession;
  /** The session of this console, in this browser. */
  mine: boolean;
  /** Absent where the backend cannot end one session. */
  onSignOut?: () => void;
}) {
  const now = new Date();
  const started = whenText(session.startedAt, now);
  const used = whenText(session.lastUsedAt, now);
  const apps = session.clients.map((c) => c.name).join(', ');
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-session={session.id}
      {...(mine ? { 'data-mine': '' } : {})}
    >
      {mine || onSignOut ? (
        <HStack justify="space-between" gap="3" mb="2" wrap="wrap">
          {mine ? <Badge colorPalette="blue">{signInTexts.thisSession}</Badge> : <span />}
          {onSignOut ? (
            <Button
              type="button"
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={signInTexts.signOutOneLabel(`${started.absolute} (${started.relative})`)}
              onClick={onSignOut}
            >
              {signInTexts.signOutOne}
            </Button>
          ) : null}
        </HStack>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
        <Field label={signInTexts.started} title={started.precise}>
          {`${started.absolute} (${started.relative})`}
        </Field>
        <Field label={signInTexts.lastUsed} title={used.precise}>
          {`${used.absolute} (${used.relative})`}
        </Field>
        <Field label={signInTexts.address}>{session.address ?? signInTexts.noAddress}</Field>
        <Field label={signInTexts.method}>{signInTexts.methods[session.method]}</Field>
        <Field label={signInTexts.applications}>{apps || signInTexts.noApplications}</Field>
      </SimpleGrid>
    </Box>
  );
}

function Field({ label, title, children }: { label: string; title?: string; children: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" overflowWrap="anywhere" {...(title ? { title } : {})}>
        {children}
      </Text>
    </Stack>
  );
}
