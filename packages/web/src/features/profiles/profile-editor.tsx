// What the application and business profile editors share (spec §2, §4, §6):
// the frame — header with Clone Profile and Back, the read-only notice of a
// provider-level profile, Create/Update Profile behind the impact preview,
// Delete Profile with its confirmation — and the basic fields every profile
// has (Name, Description, Visible To). Each editor keeps its own tabs, calls
// and messages; the life of the form is lib/use-editor.ts.
import { Box, Button, SimpleGrid, Text } from '@chakra-ui/react';
import { MAX_DESCRIPTION, type Role } from '@userprofile/shared/constants';
import { cloneTexts, pageTexts } from '@userprofile/shared/messages';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ConflictDialog } from '../../components/ui/conflict-dialog.tsx';
import { LoadFailure, Loading } from '../../components/ui/data-state.tsx';
import { EditorActions, EditorForm } from '../../components/ui/editor-form.tsx';
import { TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { type CompanyOption, VisibleTo } from '../../components/ui/visible-to.tsx';
import type { EditConflict, EditorStatus } from '../../lib/use-editor.ts';
import { readClonedFrom } from './clone-state.ts';
import { ImpactDialog, type ImpactGate } from './impact.tsx';

/** The editor's screen before its form exists: the load's failure with Retry, or 'Loading...'. */
export function ProfileEditorPending({
  title,
  what,
  editor,
}: {
  title: string;
  /** What failed to load: 'the application profile'. */
  what: string;
  editor: { status: EditorStatus; error: unknown; retry: () => void };
}) {
  return (
    <Screen title={title}>
      {editor.status === 'error' ? (
        <LoadFailure what={what} error={editor.error} onRetry={editor.retry} />
      ) : (
        <Loading />
      )}
    </Screen>
  );
}

export function ProfileEditorFrame({
  title,
  documentTitle,
  name,
  onClone,
  back,
  readOnly,
  editor,
  gate,
  deleteDialog,
  children,
}: {
  title: string;
  /** The browser tab's title when it says more than the heading (PageHeader); default: the title. */
  documentTitle?: string;
  /** The saved profile's name, under the title; null for a new profile (no Clone, Delete disabled). */
  name: string | null;
  onClone: () => void;
  back: { href: string; label: string };
  /** A provider-level profile this admin may only look at: the notice shows, Update and Delete are disabled. */
  readOnly: boolean;
  editor: { valid: boolean; saving: boolean; deleteRecord: () => Promise<boolean>; conflict: EditConflict | null };
  gate: ImpactGate;
  /** The delete confirmation: its title, its warning and dependants, and what to load as it opens. */
  deleteDialog: { title: string; body: ReactNode; onOpen: () => void };
  /** The editor's tabs. */
  children: ReactNode;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isNew = name === null;
  // A clone copies every field of a profile; the new form says so, and from which.
  const [clonedFrom] = useState(() => (isNew ? readClonedFrom() : null));
  return (
    <Screen
      title={title}
      {...(documentTitle ? { documentTitle } : {})}
      {...(isNew ? {} : { subtitle: name })}
      actions={
        <>
          {isNew ? null : (
            <Button size="sm" variant="outline" onClick={onClone}>
              Clone Profile
            </Button>
          )}
          <LinkButton href={back.href}>{back.label}</LinkButton>
        </>
      }
    >
      <EditorForm onSubmit={gate.submit}>
        {readOnly ? (
          <Box mb="4">
            <Notice status="info">{pageTexts.sharedProfileReadOnly}</Notice>
          </Box>
        ) : null}
        {isNew && clonedFrom !== null ? (
          <Box mb="4">
            <Notice status="info">{cloneTexts.allCopied(clonedFrom)}</Notice>
          </Box>
        ) : null}
        {children}
        <EditorActions
          submitLabel={isNew ? 'Create Profile' : 'Update Profile'}
          editor={editor}
          busy={gate.busy}
          disabled={readOnly}
        >
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={isNew || readOnly || editor.saving}
            onClick={() => {
              setConfirmDelete(true);
              deleteDialog.onOpen();
            }}
          >
            Delete Profile
          </Button>
        </EditorActions>
      </EditorForm>

      <ImpactDialog gate={gate} />
      <ConflictDialog conflict={editor.conflict} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={deleteDialog.title}
        busy={editor.saving}
        onConfirm={async () => {
          if (await editor.deleteRecord()) setConfirmDelete(false);
        }}
      >
        {deleteDialog.body}
      </ConfirmDialog>
    </Screen>
  );
}

/** The fields every profile has. */
interface ProfileBasics {
  name: string;
  description: string;
  minimumRole: string;
  companyUuid: string | null;
}

/**
 * Name, a second cell the editor fills (the application of an app profile;
 * empty for a business profile), Description and Visible To with its error.
 */
export function ProfileBasicFields<F extends ProfileBasics>({
  editor,
  form,
  readOnly = false,
  beside,
  callerRole,
  layoutCodes,
  companies,
}: {
  editor: {
    change: (update: (form: F) => F, touched?: readonly string[]) => void;
    errorOf: (field: 'name' | 'description' | 'minimumRole') => string | undefined;
  };
  form: F;
  /** A record this reader may only look at: its Visible To shows what the record has (a company-less one names none). */
  readOnly?: boolean;
  beside: ReactNode;
  callerRole: Role | null;
  layoutCodes: readonly string[];
  /** The company list; null while it loads. */
  companies: readonly CompanyOption[] | null;
}) {
  const roleError = editor.errorOf('minimumRole');
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gapX="6" gapY="4">
      <TextField
        label="Name"
        value={form.name}
        onChange={(v) => editor.change((f) => ({ ...f, name: v }), ['name'])}
        error={editor.errorOf('name')}
        required
      />
      {beside}
      <Box gridColumn={{ md: 'span 2' }}>
        <TextAreaField
          label="Description"
          value={form.description}
          onChange={(v) => editor.change((f) => ({ ...f, description: v }), ['description'])}
          error={editor.errorOf('description')}
          limit={MAX_DESCRIPTION}
        />
      </Box>
      <Box gridColumn={{ md: 'span 2' }}>
        <VisibleTo
          value={{ minimumRole: form.minimumRole, companyUuid: form.companyUuid }}
          onChange={(v) =>
            editor.change(
              (f) => ({ ...f, minimumRole: v.minimumRole, companyUuid: v.companyUuid }),
              ['minimumRole', 'errigalCustomerCompany'],
            )
          }
          callerRole={callerRole}
          layoutCodes={layoutCodes}
          companies={companies}
          disabled={readOnly}
        />
        {roleError ? (
          <Text color="fg.error" fontSize="sm">
            {roleError}
          </Text>
        ) : null}
      </Box>
    </SimpleGrid>
  );
}
