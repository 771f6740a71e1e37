// The Roles tab and each element category tab of the application profile
// editor (spec §2): the application's rows as checkboxes, external roles
// marked '(External Role)', with Add All / Remove All.
import { Badge, Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { pageTexts } from '@userprofile/shared/messages';

export interface GrantRow {
  uuid: string;
  name: string;
  externalRole?: boolean | null;
}

export function GrantList({
  label,
  rows,
  granted,
  onToggle,
  onAll,
}: {
  /** What the rows are ('Roles', 'Alarm Severity Filters'): names the group and its buttons. */
  label: string;
  rows: readonly GrantRow[];
  granted: readonly string[];
  onToggle: (uuid: string, granted: boolean) => void;
  onAll: (granted: boolean) => void;
}) {
  const chosen = new Set(granted);
  const count = rows.filter((r) => chosen.has(r.uuid)).length;
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" onClick={() => onAll(true)} disabled={count === rows.length}>
          Add All
        </Button>
        <Button size="xs" variant="outline" onClick={() => onAll(false)} disabled={count === 0}>
          Remove All
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {count} of {rows.length} selected
        </Text>
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted">The application has none.</Text>
      ) : (
        <Box
          role="group"
          aria-label={label}
          display="grid"
          gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }}
          gap="2"
        >
          {rows.map((row) => (
            <Checkbox.Root
              key={row.uuid}
              size="sm"
              checked={chosen.has(row.uuid)}
              onCheckedChange={(e) => onToggle(row.uuid, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {row.name}
                {row.externalRole ? (
                  <Badge ms="2" size="xs" variant="subtle" colorPalette="purple">
                    {pageTexts.externalRole}
                  </Badge>
                ) : null}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Box>
      )}
    </Stack>
  );
}
