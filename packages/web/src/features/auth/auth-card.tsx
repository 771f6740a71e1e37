// The frame of the sign-in pages: a centred card on a quiet background,
// with the product name as the page's banner; and the pages' fields and
// links (the console's form kit stays out of the sign-in bundle).
import { Box, Card, Field, Flex, Heading, Input, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { ColorModeToggle } from '../../components/ui/color-mode-toggle.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex
      minH="100vh"
      direction="column"
      align="center"
      justify="center"
      bg="bg.muted"
      px="4"
      py="10"
      position="relative"
    >
      <Box position="absolute" top="3" insetEnd="3">
        <ColorModeToggle />
      </Box>
      <Box as="header" mb="6" textAlign="center">
        <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.muted">
          User Profile
        </Text>
      </Box>
      <Box as="main" width="full" maxW="sm">
        <Card.Root variant="elevated" size="lg">
          <Card.Header>
            <Heading as="h1" size="xl">
              {title}
            </Heading>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Box>
    </Flex>
  );
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
