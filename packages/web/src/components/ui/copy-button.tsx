// A button that copies a value (a client id, a secret, an address) to the
// clipboard; its icon turns to a check for a moment once copied.
import { Clipboard, IconButton } from '@chakra-ui/react';

export function CopyButton({ value, label, disabled = false }: { value: string; label: string; disabled?: boolean }) {
  return (
    <Clipboard.Root value={value} timeout={1500}>
      <Clipboard.Trigger asChild>
        <IconButton size="sm" variant="outline" aria-label={label} title={label} disabled={disabled || value === ''}>
          <Clipboard.Indicator />
        </IconButton>
      </Clipboard.Trigger>
    </Clipboard.Root>
  );
}
