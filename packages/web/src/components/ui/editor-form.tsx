// An editor's form (spec §5 submit rules) and the button row under it: the
// submit button first, then the area's other buttons (Delete …), then — where
// the area shows it — the 'Please Check Form Is Filled Correctly' hint.
// The submit is never `disabled` while the form is invalid or a save runs: it
// stays focusable and clickable, announced as aria-disabled and dimmed, so a
// click reaches lib/use-editor.ts, which warns why nothing is saved.
import { Button, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FORM_INVALID } from '../../lib/use-editor.ts';

/** The form of an editor: the browser's own validation off (the spec §5 messages are the editor's), submit through the editor. */
export function EditorForm({ onSubmit, children }: { onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function EditorActions({
  submitLabel,
  editor,
  busy = false,
  disabled = false,
  invalidHint = false,
  mt = '6',
  children,
}: {
  /** 'Create User' / 'Update User' … */
  submitLabel: string;
  /** The editor's state (lib/use-editor.ts): the submit is blocked while invalid or saving. */
  editor: { valid: boolean; saving: boolean };
  /** Other work of the screen that blocks the submit too (the profiles' impact preview). */
  busy?: boolean;
  /** Truly disabled: the record cannot be changed by this user at all (a read-only profile). */
  disabled?: boolean;
  /** Show FORM_INVALID beside the buttons while the form is invalid. */
  invalidHint?: boolean;
  /** The space above the row (the default suits a form ending in tabs). */
  mt?: string;
  /** The area's other buttons, after the submit. */
  children?: ReactNode;
}) {
  const blocked = !editor.valid || editor.saving || busy;
  return (
    <Flex mt={mt} gap="3" align="center" wrap="wrap">
      <Button
        type="submit"
        colorPalette="blue"
        size="sm"
        disabled={disabled}
        aria-disabled={blocked}
        // A record that cannot be changed shows a submit that looks as unavailable as it is.
        opacity={blocked || disabled ? 0.5 : 1}
        {...(disabled ? {} : { cursor: blocked ? 'not-allowed' : 'pointer' })}
      >
        {submitLabel}
      </Button>
      {children}
      {invalidHint && !editor.valid ? (
        <Text fontSize="sm" color="fg.muted">
          {FORM_INVALID}
        </Text>
      ) : null}
    </Flex>
  );
}
