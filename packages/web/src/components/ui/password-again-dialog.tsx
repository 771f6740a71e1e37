// A question put before an action that a stolen session must not be able to
// take (removing a second factor, new recovery codes, removing another
// user's factors): what it does, and the person's own password typed again.
// The password lives only in this dialog while it is open; a refusal (a wrong
// password, a throttle) is said in the dialog, which stays open.
import { Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TextField } from './fields.tsx';

export function PasswordAgainDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  confirmPalette = 'red',
  onConfirm,
  busy,
  error,
  label = 'Your Password',
  requiredText = 'Please type your password',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the action does. */
  children: ReactNode;
  confirmLabel: string;
  confirmPalette?: 'red' | 'blue';
  /** Gets the password typed; the caller closes the dialog once the action is done. */
  onConfirm: (password: string) => void;
  busy: boolean;
  /** The refusal of the last attempt, if any. */
  error: string | null;
  label?: string;
  requiredText?: string;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  // Forgotten whenever the dialog closes: nothing typed outlives it.
  useEffect(() => {
    if (!open) {
      setPassword('');
      setMissing(false);
    }
  }, [open]);
  const shown = missing ? requiredText : error;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel="Cancel"
      confirmPalette={confirmPalette}
      busy={busy}
      onConfirm={() => {
        if (password === '') return setMissing(true);
        onConfirm(password);
      }}
    >
      <Stack gap="3">
        {children}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (password === '') return setMissing(true);
            onConfirm(password);
          }}
        >
          <TextField
            label={label}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(v) => {
              setPassword(v);
              setMissing(false);
            }}
            error={shown ?? undefined}
          />
        </form>
        {shown ? null : (
          <Text fontSize="xs" color="fg.muted">
            Your password is only checked for this action; it is not kept.
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
