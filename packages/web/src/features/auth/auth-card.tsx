// The frame of the sign-in pages: a centred card on a quiet background,
// with the product name as the page's banner.
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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
