// Bulk management (spec §2 "Bulk management"): export all, active or
// inactive users as CSV, and import a CSV with upload progress. When the
// server refuses rows, each row's field and reason are listed.
import {
  Box,
  Button,
  Card,
  Link as ChakraLink,
  CloseButton,
  FileUpload,
  Flex,
  Heading,
  HStack,
  Progress,
  Stack,
  Table,
  Text,
  useFileUpload,
} from '@chakra-ui/react';
import { USER_IMPORT_COLUMNS } from '@userprofile/shared/csv';
import { userMessages } from '@userprofile/shared/messages';
import { useId, useState } from 'react';
import { LuDownload, LuFileText, LuUpload } from 'react-icons/lu';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { failureReason, isApiError } from '../../lib/api/errors.ts';
import { csvText, downloadCsv } from '../../lib/csv-export.ts';
import { saveDownload } from '../../lib/download.ts';
import { toUserList } from '../../lib/paths.ts';
import { notify } from '../../lib/toaster.ts';
import { type ExportKind, elementConfig, exportUsers, type ImportResult, importUsers } from './api.ts';
import { invalidateUserLists } from './user-lists.ts';

const EXPORT_OPTIONS: readonly { value: ExportKind; label: string }[] = [
  { value: 'all', label: 'All Users' },
  { value: 'active', label: 'Active Users' },
  { value: 'inactive', label: 'Inactive Users' },
];

export interface RowError {
  /** The line of the file (the header row is line 1), as the user's editor numbers it. */
  line: number | null;
  /** The column as the file's header names it; empty when the whole row (or file) is at fault. */
  column: string;
  reason: string;
}

/** The lines and reasons of a refused import (400 `errors`), sorted by line. */
export function importRowErrors(error: unknown): RowError[] {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return [];
  const list = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (e): e is { field: string; reason: string; row?: number; line?: number } =>
        !!e && typeof e === 'object' && 'reason' in e,
    )
    .map((e) => ({
      line: typeof e.line === 'number' ? e.line : null,
      column: String(e.field ?? ''),
      reason: String(e.reason),
    }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

export function UserBulkScreen() {
  return (
    <Screen title="Bulk Management" actions={<LinkButton href={toUserList()}>Back to Users</LinkButton>}>
      <Stack gap="6" maxW="3xl">
        <ExportSection />
        <ImportSection />
      </Stack>
    </Screen>
  );
}

function ExportSection() {
  const id = useId();
  const [kind, setKind] = useState<ExportKind>('all');
  const run = async () => {
    try {
      const { blob, fileName } = await exportUsers(kind);
      saveDownload(blob, fileName);
    } catch (error) {
      notify.error(userMessages.exportFailed, failureReason(error));
    }
  };
  return (
    <Card.Root variant="subtle" size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="sm">
          Export
        </Heading>
        <Flex gap="4" align="center" wrap="wrap">
          <NativeSelect
            id={id}
            ariaLabel="Users to export"
            value={kind}
            options={EXPORT_OPTIONS}
            placeholder={null}
            maxW="56"
            onChange={(v) => setKind(v as ExportKind)}
          />
          <ChakraLink asChild color="blue.fg" fontWeight="medium">
            <button type="button" onClick={run}>
              <LuDownload aria-hidden /> Export File
            </button>
          </ChakraLink>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          This file is the import format: change it and import it below. The Users list's Export CSV is what the list
          shows, not this format.
        </Text>
        <ChakraLink asChild color="blue.fg" fontWeight="medium" fontSize="sm" alignSelf="flex-start">
          <button type="button" onClick={() => void downloadImportTemplate()}>
            <LuFileText aria-hidden /> Download Import Template
          </button>
        </ChakraLink>
      </Card.Body>
    </Card.Root>
  );
}

/** The import's header alone (a template to fill, not an export to edit): its fixed columns, then one per element category of the user config. */
async function downloadImportTemplate(): Promise<void> {
  try {
    const categories = (await elementConfig.load()).map((c) => c.category);
    downloadCsv('users-import-template.csv', csvText([...USER_IMPORT_COLUMNS, ...categories], []));
  } catch (error) {
    notify.error(userMessages.exportFailed, failureReason(error));
  }
}

function ImportSection() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useFileUpload({ maxFiles: 1, accept: ['.csv', 'text/csv'], disabled: progress !== null });
  const file = upload.acceptedFiles[0];
  // A file the picker refused (not CSV) is named with the reason, never ignored.
  const refused = upload.rejectedFiles[0]?.file;
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const uploading = progress !== null;

  const run = async () => {
    if (!file || uploading) return;
    setRowErrors([]);
    setResult(null);
    setProgress(0);
    try {
      const imported = await importUsers(file, setProgress);
      invalidateUserLists();
      setResult(imported);
      upload.clearFiles();
      notify.success(userMessages.importSuccess);
    } catch (error) {
      const lines = importRowErrors(error);
      setRowErrors(lines);
      // Lines to fix are the file's fault: the toast says so, as the table does; "try again later" is for the rest.
      if (lines.length > 0) notify.error(userMessages.importRefused(lines.length));
      else notify.error(userMessages.importFailed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card.Root variant="subtle" size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="sm">
          Import
        </Heading>
        <FileUpload.RootProvider value={upload} gap="2">
          <FileUpload.HiddenInput aria-label="CSV file" />
          <HStack gap="3" wrap="wrap">
            <FileUpload.Trigger asChild>
              <Button size="sm" variant="outline">
                <LuFileText aria-hidden /> Choose File
              </Button>
            </FileUpload.Trigger>
            {file ? (
              <HStack gap="1" borderWidth="1px" rounded="l2" ps="3" pe="1" py="0.5" data-chosen-file>
                <Text fontSize="sm">{file.name}</Text>
                <CloseButton
                  size="2xs"
                  aria-label={`Remove ${file.name}`}
                  disabled={uploading}
                  onClick={() => upload.deleteFile(file)}
                />
              </HStack>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                No file chosen
              </Text>
            )}
            <Button size="sm" colorPalette="blue" onClick={run} disabled={!file || uploading}>
              <LuUpload aria-hidden /> Import File
            </Button>
          </HStack>
        </FileUpload.RootProvider>
        {refused ? <Notice status="error">{userMessages.notCsv(refused.name)}</Notice> : null}
        {uploading ? (
          <Progress.Root value={Math.round(progress * 100)} size="sm" maxW="md">
            <HStack gap="3">
              <Progress.Track flex="1" aria-label="Upload progress">
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText>{Math.round(progress * 100)}%</Progress.ValueText>
            </HStack>
          </Progress.Root>
        ) : null}
        {result ? (
          <Text fontSize="sm" role="status">
            {`${result.created} created, ${result.updated} updated.`}
          </Text>
        ) : null}
        {rowErrors.length > 0 ? (
          <Box role="region" aria-label="Rows refused">
            {/* red.700, not fg.error: the panel's grey leaves fg.error at 3.4:1 in light mode (axe). */}
            <Text fontSize="sm" fontWeight="medium" color={{ base: 'red.700', _dark: 'fg.error' }} mb="2">
              The file was not imported. Fix these lines of the file and import it again:
            </Text>
            <Table.Root size="sm" variant="outline" aria-label="Import errors">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Line</Table.ColumnHeader>
                  <Table.ColumnHeader>Column</Table.ColumnHeader>
                  <Table.ColumnHeader>Reason</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rowErrors.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows may repeat; the list is replaced as a whole
                  <Table.Row key={i}>
                    <Table.Cell>{e.line ?? '—'}</Table.Cell>
                    <Table.Cell>{e.column || (e.line === null ? 'whole file' : 'whole row')}</Table.Cell>
                    <Table.Cell>{e.reason}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
