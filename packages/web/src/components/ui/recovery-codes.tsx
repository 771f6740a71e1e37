// Recovery codes shown the once they exist: in a grid of monospace cells,
// with Copy and Download (a text file that says whose they are). The caller
// forgets them when the person closes this.
import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { saveDownload } from '../../lib/download.ts';
import { CopyButton } from './copy-button.tsx';

export function RecoveryCodes({
  codes,
  text,
  fileText,
  fileName = 'recovery-codes.txt',
}: {
  codes: readonly string[];
  /** What they are for, and that they show only now. */
  text: string;
  /** The file's content. */
  fileText: string;
  fileName?: string;
}) {
  return (
    <Stack gap="3" data-recovery-codes>
      <Text>{text}</Text>
      <Box as="ol" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
        <SimpleGrid columns={2} gap="2" fontFamily="mono" fontSize="sm">
          {codes.map((code) => (
            <Text as="li" key={code} data-recovery-code>
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Box>
      <HStack gap="2">
        <CopyButton value={codes.join('\n')} label="Copy codes" />
        <Button
          size="sm"
          variant="outline"
          onClick={() => saveDownload(new Blob([fileText], { type: 'text/plain' }), fileName)}
        >
          <LuDownload aria-hidden /> Download
        </Button>
      </HStack>
    </Stack>
  );
}
