// The loading overlay (spec §1, §4): follows the loading store, with its
// optional text.
import { Box, Flex, Spinner, Text } from '@chakra-ui/react';
import { useLoading } from '../../lib/loading.ts';

export function LoadingOverlay() {
  const { loading, text } = useLoading();
  if (!loading) return null;
  return (
    <Flex
      data-testid="loading-overlay"
      position="fixed"
      inset="0"
      zIndex="overlay"
      align="center"
      justify="center"
      bg="blackAlpha.300"
      role="status"
      aria-live="polite"
    >
      <Flex direction="column" align="center" gap="3" bg="bg.panel" px="8" py="6" rounded="l2" shadow="lg">
        <Spinner size="lg" color="blue.solid" />
        <Box>
          <Text fontSize="sm">{text ?? 'Loading...'}</Text>
        </Box>
      </Flex>
    </Flex>
  );
}
