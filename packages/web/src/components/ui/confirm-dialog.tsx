// The confirmation before a delete (spec §2): a title, a warning, and an
// optional body listing what depends on the record (the business profiles
// using an app profile, the users of a business or visibility profile). The
// dependants load when the dialog opens; their failure is named in the body.
// Any other question put to the admin before an action (the profiles' impact
// preview before a save) is the same dialog with its own labels and colour.
import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Close',
  confirmPalette = 'red',
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The warning and, when the area has them, the dependants. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's colour: red for a delete, blue for an action that is not destructive. */
  confirmPalette?: 'red' | 'blue';
  onConfirm: () => void;
  /** While the delete runs: the buttons wait. */
  busy?: boolean;
}) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      placement="center"
      // Not a responsive 'full': Chakra's full size keeps its min-height of 100dvh at every larger size.
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">{children}</Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="sm" disabled={busy}>
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={confirmPalette} size="sm" loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={cancelLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The dependants section of a delete confirmation: loading, the names, none, or the failure. */
export function Dependants({
  heading,
  names,
  loading,
  error,
  none,
}: {
  heading: string;
  names: readonly string[] | null;
  loading: boolean;
  /** The area's message when the dependants could not be loaded (spec §8). */
  error: string | null;
  none: string;
}) {
  if (error) {
    return (
      <Text color="fg.error" role="alert">
        {error}
      </Text>
    );
  }
  if (loading || names === null) {
    return (
      <Text color="fg.muted" role="status">
        Loading...
      </Text>
    );
  }
  if (names.length === 0) return <Text color="fg.muted">{none}</Text>;
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{heading}</Text>
      <Stack as="ul" gap="0.5" ps="4" maxH="48" overflow="auto" listStyleType="disc">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Stack>
    </Stack>
  );
}
