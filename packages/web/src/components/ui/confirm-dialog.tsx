// The confirmation before a delete (spec §2): a title, a warning, and an
// optional body listing what depends on the record (the business profiles
// using an app profile, the users of a business or visibility profile: one
// shape, <DeleteImpact>). The dependants load when the dialog opens; their
// failure is named in the body.
// Any other question put to the admin before an action (the profiles' impact
// preview before a save) is the same dialog with its own labels and colour.
import { Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { RecordLink } from './list-kit.tsx';

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
  stop,
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
  /** A long action that can be stopped: while busy, the cancel button stays enabled and calls this. */
  stop?: () => void;
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
              {busy && stop ? (
                <Button variant="outline" size="sm" onClick={stop}>
                  {cancelLabel}
                </Button>
              ) : (
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" size="sm" disabled={busy}>
                    {cancelLabel}
                  </Button>
                </Dialog.ActionTrigger>
              )}
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

/** A record that depends on the one to delete, by name, with the address of its editor. */
export interface DependantLink {
  key: string;
  name: string;
  href: string;
}

/** A count of a delete's impact ('Active Users 3'); `key` names it for tests (data-count). */
export interface ImpactCount {
  key: string;
  label: string;
  value: number;
}

/** The counts of active and inactive users among `users`, and each user by username (every profile's delete shows them so). */
export function userImpact(
  users: readonly { uuid: string; username: string; active: boolean }[] | null,
  editHref: (uuid: string) => string,
) {
  if (!users) return { counts: [], items: null };
  const active = users.filter((u) => u.active).length;
  return {
    counts: [
      { key: 'active', label: 'Active Users', value: active },
      { key: 'inactive', label: 'Inactive Users', value: users.length - active },
    ],
    items: users.map((u) => ({ key: u.uuid, name: u.username, href: editHref(u.uuid) })),
  };
}

/**
 * What a delete touches, in one shape for every profile, so that each reads alike: the
 * counts first, then the names, each a link to its editor; or loading, or
 * the area's failure message (spec §8).
 */
export function DeleteImpact({
  counts,
  heading,
  items,
  loading,
  error,
  none,
}: {
  counts: readonly ImpactCount[];
  heading: string;
  items: readonly DependantLink[] | null;
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
  if (loading || items === null) {
    return (
      <Text color="fg.muted" role="status">
        Loading...
      </Text>
    );
  }
  return (
    <Stack gap="3" data-delete-impact>
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
        {counts.map((c) => (
          <Fragment key={c.key}>
            <Text as="dt" fontWeight="medium">
              {c.label}
            </Text>
            <Text as="dd" data-count={c.key}>
              {c.value}
            </Text>
          </Fragment>
        ))}
      </Box>
      {items.length === 0 ? (
        <Text color="fg.muted">{none}</Text>
      ) : (
        <Stack gap="1">
          <Text fontWeight="medium">{heading}</Text>
          <Stack as="ul" gap="0.5" ps="4" maxH="48" overflow="auto" listStyleType="disc">
            {items.map((item) => (
              <li key={item.key}>
                <RecordLink href={item.href}>{item.name}</RecordLink>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
