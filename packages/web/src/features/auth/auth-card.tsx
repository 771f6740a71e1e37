// The frame of the sign-in pages: the plain card of ./plain/card.ts (one
// frame for the pages with and without React), with the page's React content
// rendered into its body; and the pages' fields and links (the console's form
// kit stays out of the sign-in bundle).
import { Box, Field, Input, Link, Text } from '@chakra-ui/react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link as RouterLink } from 'wouter';
import { mountCard } from './plain/card.ts';

/** The centred card under the product name, with the colour-mode toggle in the corner; `title` is also the tab's. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  // Before paint, so the card and its content show together.
  useLayoutEffect(() => {
    if (!host.current) return;
    const frame = mountCard(host.current, title);
    setBody(frame.body);
    return () => {
      setBody(null);
      frame.unmount();
    };
  }, [title]);
  return <div ref={host}>{body ? createPortal(children, body) : null}</div>;
}

export function LoadingText({ text = 'Loading...' }: { text?: string }) {
  return (
    <Text role="status" color="fg.muted">
      {text}
    </Text>
  );
}

/** A required field of the sign-in pages; its message (spec §5) under it once the page shows one. */
export function AuthField({
  label,
  name,
  type,
  autoComplete,
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  label: string;
  name: string;
  type?: 'password';
  /** For the browser's password manager: 'username', 'current-password', 'new-password'. */
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  autoFocus?: boolean;
}) {
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        {...(type ? { type } : {})}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A link under a sign-in form ('Forgot Password', 'Back to Sign In'). */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Box textAlign="center">
      <Link asChild color="blue.fg" fontSize="sm">
        <RouterLink href={href}>{children}</RouterLink>
      </Link>
    </Box>
  );
}
