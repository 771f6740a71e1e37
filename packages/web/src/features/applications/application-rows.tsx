// The role and element rows of the application editor (spec §2, §4): each
// row with its name, the '(External Role)' marker, its Visible To selector
// and spec §4's deletion (a saved row flagged and unflagged, a new row
// removed). The rows live in ./application-draft.ts; the screen mirrors them
// into its form.
import { Badge, Box, Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { accessTexts } from '@userprofile/shared/access-texts';
import type { Role } from '@userprofile/shared/constants';
import { pageTexts } from '@userprofile/shared/messages';
import { LuPlus, LuTrash2, LuUndo2, LuUsers } from 'react-icons/lu';
import { Link } from 'wouter';
import { type CompanyOption, VisibleTo } from '../../components/ui/visible-to.tsx';
import { toAccessHolders } from '../../lib/paths.ts';
import { renameRow, setRowVisibleTo, toggleDeletion } from './application-draft.ts';
import { type ApplicationRow, type RowList, rowError, type validateApplicationForm } from './application-form.ts';

export interface RowsPanelProps {
  list: RowList;
  rows: readonly ApplicationRow[];
  /** Element rows: only those of this category. */
  category?: string;
  noun: 'Role' | 'Element';
  editable: boolean;
  callerRole: Role | null;
  layoutCodes: readonly string[];
  companies: readonly CompanyOption[] | null;
  errors: ReturnType<typeof validateApplicationForm>;
  /** Whether a field's message shows yet (touched or submitted). */
  showErrors: (field: string) => boolean;
  onAdd: () => void;
  onChange: (touched?: readonly string[]) => void;
  /** The saved application: its saved rows offer "Who has it". */
  applicationUuid: string | null;
}

export function RowsPanel({ list, rows, category, noun, editable, onAdd, ...rest }: RowsPanelProps) {
  const shown = rows.map((row, index) => ({ row, index })).filter(({ row }) => !category || row.category === category);
  return (
    <Stack gap="3">
      {shown.length === 0 ? (
        <Text color="fg.muted">{`No ${noun.toLowerCase()}s yet: Sync brings them from the application.`}</Text>
      ) : null}
      {shown.map(({ row, index }) => (
        <RowEditor key={row.uuid} list={list} row={row} index={index} noun={noun} editable={editable} {...rest} />
      ))}
      {editable ? (
        <Box>
          <Button size="xs" variant="outline" onClick={onAdd}>
            <LuPlus aria-hidden /> {`Add ${noun}`}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function RowEditor({
  list,
  row,
  index,
  noun,
  editable,
  callerRole,
  layoutCodes,
  companies,
  errors,
  showErrors,
  onChange,
  applicationUuid,
}: Omit<RowsPanelProps, 'rows' | 'category' | 'onAdd'> & { row: ApplicationRow; index: number }) {
  const field = (name: string) => `${list}.${index}.${name}`;
  const message = rowError(errors, list, index);
  const visibleMessage =
    message && ['name', 'uuid', 'minimumRole', 'errigalCustomerCompany'].some((f) => showErrors(field(f)))
      ? message
      : undefined;
  const label = row.name.trim() || `New ${noun.toLowerCase()}`;
  return (
    <Box
      role="group"
      aria-label={label}
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={row.deleted ? 'bg.muted' : undefined}
      borderColor={visibleMessage ? 'border.error' : undefined}
      data-deleted={row.deleted || undefined}
    >
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
        <HStack gap="2" minW="0" flex="1">
          {row.saved || !editable ? (
            <Text fontWeight="medium" textDecoration={row.deleted ? 'line-through' : undefined} truncate>
              {row.name}
            </Text>
          ) : (
            <Input
              size="sm"
              maxW="sm"
              aria-label={`${noun} name`}
              placeholder={`${noun} name`}
              value={row.name}
              onChange={(e) => {
                renameRow(list, row.uuid, e.currentTarget.value);
                onChange([field('name')]);
              }}
            />
          )}
          {row.externalRole ? (
            <Badge size="sm" colorPalette="purple">
              {pageTexts.externalRole}
            </Badge>
          ) : null}
          {!row.saved ? (
            <Badge size="sm" colorPalette="green">
              New
            </Badge>
          ) : null}
          {row.deleted ? (
            <Badge size="sm" colorPalette="red">
              Flagged for deletion
            </Badge>
          ) : null}
        </HStack>
        <HStack gap="2">
          {applicationUuid && row.saved ? (
            <Button asChild size="xs" variant="outline">
              <Link
                href={toAccessHolders(applicationUuid, list === 'roles' ? { role: row.uuid } : { element: row.uuid })}
                aria-label={`${accessTexts.whoHasIt}: ${row.name}`}
              >
                <LuUsers aria-hidden /> {accessTexts.whoHasIt}
              </Link>
            </Button>
          ) : null}
          {editable ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette={row.deleted ? 'gray' : 'red'}
              onClick={() => {
                toggleDeletion(list, row.uuid);
                onChange();
              }}
            >
              {row.deleted ? <LuUndo2 aria-hidden /> : <LuTrash2 aria-hidden />}
              {row.deleted ? 'Undo Delete' : row.saved ? 'Delete' : 'Remove'}
            </Button>
          ) : null}
        </HStack>
      </Flex>
      <VisibleTo
        value={{ minimumRole: row.minimumRole, companyUuid: row.companyUuid }}
        onChange={(v) => {
          setRowVisibleTo(list, row.uuid, v.minimumRole, v.companyUuid);
          onChange([field('minimumRole'), field('errigalCustomerCompany')]);
        }}
        callerRole={callerRole}
        layoutCodes={layoutCodes}
        companies={companies}
        disabled={!editable || row.deleted}
      />
      {visibleMessage ? (
        <Text mt="2" fontSize="sm" color="fg.error">
          {visibleMessage}
        </Text>
      ) : null}
    </Box>
  );
}
