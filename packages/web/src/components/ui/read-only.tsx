// A part of an editor the reader may see but not change, honestly read-only
// (nothing offers a change the server would refuse): one borderless <fieldset disabled>, so every field,
// select, checkbox and button inside refuses a change by pointer and keyboard
// alike and is announced as unavailable, while links (Open …) still work. It
// wraps a tab's content, never the tab list: the reader still moves between
// tabs to read them.
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const Scope = chakra('fieldset', { base: { border: '0', margin: '0', padding: '0', minWidth: '0' } });

export function ReadOnlyScope({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <Scope disabled={readOnly} data-read-only={readOnly || undefined}>
      {children}
    </Scope>
  );
}
