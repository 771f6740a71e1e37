// The record changed under the editor: each field both this editor and the
// other save changed, theirs beside yours, with a choice per field (a line
// says which of their changes were taken without a question); all theirs, all
// mine, or the newer of each; then save the choices, or reload the record as
// saved now and drop the edits. One card per field, at every width.
import { Box, Button, CloseButton, Dialog, Flex, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { conflictTexts } from '@userprofile/shared/messages';
import type { EditConflict } from '../../lib/edit-conflict.ts';

const shown = (value: string) => (value === '' ? conflictTexts.none : value);

export function ConflictDialog({ conflict }: { conflict: EditConflict | null }) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={conflict !== null}
      onOpenChange={(d) => {
        if (!d.open) conflict?.cancel();
      }}
      placement="center"
      // Not a responsive 'full': Chakra's full size keeps its min-height of 100dvh at every larger size.
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{conflictTexts.title}</Dialog.Title>
            </Dialog.Header>
            {conflict ? (
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{conflictTexts.intro(conflict.what)}</Text>
                  {conflict.taken ? (
                    <Text fontSize="sm" color="fg.muted">
                      {conflictTexts.taken(conflict.taken)}
                    </Text>
                  ) : null}
                  <Flex gap="2" wrap="wrap">
                    <Button size="xs" variant="outline" onClick={() => conflict.chooseAll('theirs')}>
                      {conflictTexts.takeTheirs}
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => conflict.chooseAll('mine')}>
                      {conflictTexts.keepMine}
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => conflict.chooseAll('newer')}>
                      {conflictTexts.keepNewer}
                    </Button>
                  </Flex>
                  <Stack gap="3" as="ul" listStyleType="none" aria-label="Changed fields">
                    {conflict.rows.map((row) => (
                      <Box as="li" key={row.key} borderWidth="1px" borderRadius="md" p="3" data-field={row.key}>
                        <Text fontWeight="semibold" mb="2">
                          {row.label}
                        </Text>
                        <RadioGroup.Root
                          size="sm"
                          value={row.choice}
                          onValueChange={(d) => {
                            if (d.value === 'theirs' || d.value === 'mine') conflict.choose(row.key, d.value);
                          }}
                          aria-label={`${row.label}: which value to keep`}
                        >
                          <Stack gap="2">
                            {(['theirs', 'mine'] as const).map((side) => (
                              <RadioGroup.Item key={side} value={side} alignItems="flex-start">
                                <RadioGroup.ItemHiddenInput />
                                <RadioGroup.ItemIndicator />
                                <RadioGroup.ItemText>
                                  <Text as="span" color="fg.muted" fontSize="xs" display="block">
                                    {side === 'theirs' ? conflictTexts.theirs : conflictTexts.yours}
                                  </Text>
                                  <Text as="span" wordBreak="break-word">
                                    {shown(side === 'theirs' ? row.theirs : row.yours)}
                                  </Text>
                                </RadioGroup.ItemText>
                              </RadioGroup.Item>
                            ))}
                          </Stack>
                        </RadioGroup.Root>
                      </Box>
                    ))}
                  </Stack>
                </Stack>
              </Dialog.Body>
            ) : null}
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" size="sm" onClick={() => conflict?.cancel()}>
                {conflictTexts.cancel}
              </Button>
              <Button variant="outline" colorPalette="red" size="sm" onClick={() => conflict?.reload()}>
                {conflictTexts.reload}
              </Button>
              <Button colorPalette="blue" size="sm" onClick={() => conflict?.save()}>
                {conflictTexts.save}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={conflictTexts.cancel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
