// Application create/edit (spec §2, §4, §5, §6, §8 Applications): Basic Info
// (the Database and Rest API sections for ERRIGAL_ADMIN only), Roles, and one
// tab per element category; each role and element row with its Visible To
// selector and spec §4's deletion flag; Sync for admins; Create/Update App and
// Delete App for ERRIGAL_ADMIN, a delete reloading the list in full. The life
// of the form is lib/use-editor.ts, the rows' draft ./application-draft.ts,
// the rules and mapping ./application-form.ts; this file is the layout.
import { Badge, Box, Button, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { API_AUTH_TYPES, DEFAULT_MINIMUM_ROLE } from '@userprofile/shared/constants';
import { applicationMessages, historyTexts, pageTexts } from '@userprofile/shared/messages';
import type { ApplicationField } from '@userprofile/shared/validation';
import { useEffect, useState } from 'react';
import { LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ConflictDialog } from '../../components/ui/conflict-dialog.tsx';
import { DataState } from '../../components/ui/data-state.tsx';
import { EditorActions, EditorForm } from '../../components/ui/editor-form.tsx';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { HISTORY_TAB, HistoryTabContent } from '../../components/ui/record-history.tsx';
import { failureReason, isApiError } from '../../lib/api/errors.ts';
import { companies } from '../../lib/data/companies.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { editorScreen } from '../../lib/editor-screen.ts';
import { toApplicationEdit, toApplicationList } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type EditorToast, pleaseWaitUntil, useEditor } from '../../lib/use-editor.ts';
import { deleteApplication, fetchApplication, saveApplication, syncApplication } from './api.ts';
import { addRow, currentRows, loadRows, rowsDraft } from './application-draft.ts';
import {
  type Application,
  type ApplicationForm,
  describeApplicationField,
  elementCategoryTabs,
  ROLE_CATEGORY,
  type RowList,
  rowError,
  toApplicationForm,
  toApplicationPayload,
  validateApplicationForm,
} from './application-form.ts';
import { RowsPanel } from './application-rows.tsx';

const AUTH_TYPE_OPTIONS = API_AUTH_TYPES.map((t) => ({ value: t, label: t }));

function saveFailed(error: unknown): EditorToast {
  if (isApiError(error, 409)) return applicationMessages.nameExists;
  return { title: applicationMessages.saveError, description: failureReason(error) };
}

export const ApplicationEditScreen = editorScreen(ApplicationEditor);

function ApplicationEditor({ uuid }: { uuid: string | null }) {
  const session = useSession((s) => s.user);
  const role = roleOf(session);
  const topAdmin = role === 'ERRIGAL_ADMIN';
  const defaultRole = session?.defaultMinimumRoleName || DEFAULT_MINIMUM_ROLE;
  const companyList = useCache(companies);
  const [tab, setTab] = useState('basic');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [syncing, setSyncing] = useState(false);

  const editor = useEditor<Application, ApplicationForm, ApplicationField>({
    uuid,
    load: fetchApplication,
    toForm: toApplicationForm,
    validate: validateApplicationForm,
    save: (form) => saveApplication(toApplicationPayload(form)),
    uuidOf: (app) => app.uuid,
    editPath: toApplicationEdit,
    listPath: toApplicationList(),
    remove: (app) => deleteApplication(app.uuid),
    reloadAfterDelete: true,
    conflict: { what: (app) => app.name, describe: describeApplicationField },
    messages: {
      saveInProgress: pleaseWaitUntil('Updating Application'),
      saved: (app) => applicationMessages.saved(app.name),
      saveFailed,
      deleted: () => applicationMessages.deleted,
      deleteFailed: () => applicationMessages.deleteFailed,
    },
  });
  const { form, record, change } = editor;
  const rows = useSnapshot(rowsDraft);

  // The rows' draft starts over from every record the editor gets: loaded, saved or synced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form of that record, read once per record
  useEffect(() => {
    if (form) loadRows(form);
  }, [record, editor.status]);

  /** After a change of the draft: the form follows, with the rows' fields touched. */
  const mirror = (touched: readonly string[] = []) => change((f) => ({ ...f, ...currentRows() }), touched);

  const sync = async () => {
    if (!record) return;
    setSyncing(true);
    try {
      const synced = await syncApplication(record);
      editor.replace(synced);
      notify.success(applicationMessages.syncSuccess(synced.roles.length, synced.elements.length));
    } catch {
      notify.error(applicationMessages.syncFailed);
    } finally {
      setSyncing(false);
    }
  };

  const isNew = uuid === null;
  const categories = elementCategoryTabs(rows.elements);
  const known = tab === 'basic' || tab === 'roles' || (tab === HISTORY_TAB && !isNew);
  const activeTab = known || categories.some((c) => c.category === tab) ? tab : 'basic';
  const actions = isNew ? null : (
    <Button size="sm" variant="outline" onClick={sync} loading={syncing} loadingText="Syncing..." disabled={!record}>
      <LuRefreshCw aria-hidden /> Sync
    </Button>
  );

  return (
    <Screen
      title={isNew ? 'New Application' : 'Editing Application'}
      {...(!isNew && record ? { subtitle: record.name } : {})}
      {...(!isNew && record ? { documentTitle: `Editing Application ${record.name}` } : {})}
      actions={actions}
    >
      <DataState what="the application" data={form} error={editor.error} onRetry={editor.retry}>
        {(form) => {
          const { set, errorOf, bind } = editor;
          const rowProps = {
            editable: topAdmin,
            callerRole: role,
            layoutCodes: session?.layoutCode ?? [],
            companies: companyList.status === 'error' ? [] : companyList.data,
            errors: editor.errors,
            showErrors: (field: string) => errorOf(field as ApplicationField) !== undefined,
            onChange: mirror,
            applicationUuid: uuid,
          };
          const listErrors = (list: RowList, category?: string) =>
            form[list].some(
              (row, i) => (category === undefined || row.category === category) && rowError(editor.errors, list, i),
            );
          const passwordHelper = isNew ? undefined : 'Leave empty to keep the stored password';
          return (
            <EditorForm onSubmit={editor.submit}>
              <Tabs.Root value={activeTab} onValueChange={(d) => setTab(d.value)} variant="line" size="sm">
                <Tabs.List flexWrap="wrap">
                  <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
                  <Tabs.Trigger value="roles">
                    Roles
                    <TabCount count={rows.roles.length} invalid={listErrors('roles')} />
                  </Tabs.Trigger>
                  {categories.map((c) => (
                    <Tabs.Trigger key={c.category} value={c.category}>
                      {c.label}
                      <TabCount
                        count={rows.elements.filter((r) => r.category === c.category).length}
                        invalid={listErrors('elements', c.category)}
                      />
                    </Tabs.Trigger>
                  ))}
                  {uuid ? <Tabs.Trigger value={HISTORY_TAB}>{historyTexts.historyTab}</Tabs.Trigger> : null}
                </Tabs.List>

                <Tabs.Content value="basic">
                  <Stack gap="6" maxW="4xl">
                    <Box maxW={{ md: '50%' }} pe={{ md: '3' }}>
                      <TextField
                        label="Name"
                        required={isNew && topAdmin}
                        readOnly={!isNew || !topAdmin}
                        {...bind('name')}
                      />
                    </Box>
                    {topAdmin ? (
                      <>
                        <Section title="Database">
                          <TextField label="Data Url" required {...bind('dataUrl')} />
                          <TextField label="Data Driver" required {...bind('dataDriverName')} />
                          <TextField label="Data Username" required autoComplete="off" {...bind('dataUsername')} />
                          <TextField
                            label="Data Password"
                            type="password"
                            required={isNew}
                            autoComplete="new-password"
                            {...bind('dataPassword')}
                            helper={passwordHelper}
                          />
                        </Section>
                        <Section title="Rest API">
                          <TextField label="API Host" required {...bind('apiHost')} />
                          <SelectField
                            label="API Auth Type"
                            required
                            value={form.apiAuthType}
                            options={AUTH_TYPE_OPTIONS}
                            onChange={(v) => set('apiAuthType', v as ApplicationForm['apiAuthType'])}
                            error={errorOf('apiAuthType')}
                          />
                          <TextField label="API Username" required autoComplete="off" {...bind('apiUsername')} />
                          <TextField
                            label="API Password"
                            type="password"
                            required={isNew}
                            autoComplete="new-password"
                            {...bind('apiPassword')}
                            helper={passwordHelper}
                          />
                        </Section>
                      </>
                    ) : null}
                  </Stack>
                </Tabs.Content>

                <Tabs.Content value="roles">
                  <RowsPanel
                    list="roles"
                    rows={rows.roles}
                    noun="Role"
                    onAdd={() => {
                      addRow('roles', ROLE_CATEGORY, defaultRole);
                      mirror();
                    }}
                    {...rowProps}
                  />
                </Tabs.Content>
                {categories.map((c) => (
                  <Tabs.Content key={c.category} value={c.category}>
                    <RowsPanel
                      list="elements"
                      rows={rows.elements}
                      category={c.category}
                      noun="Element"
                      onAdd={() => {
                        addRow('elements', c.category, defaultRole);
                        mirror();
                      }}
                      {...rowProps}
                    />
                  </Tabs.Content>
                ))}
                {uuid ? <HistoryTabContent kind="application" uuid={uuid} record={record} /> : null}
              </Tabs.Root>

              {topAdmin ? (
                <EditorActions submitLabel={isNew ? 'Create App' : 'Update App'} editor={editor} invalidHint>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={isNew || !record || editor.saving}
                    onClick={() => setConfirmDelete(true)}
                  >
                    <LuTrash2 aria-hidden /> Delete App
                  </Button>
                </EditorActions>
              ) : null}
              <ConflictDialog conflict={editor.conflict} />
              <ConfirmDialog
                open={confirmDelete}
                onOpenChange={setConfirmDelete}
                title={`Delete Application ${record?.name ?? ''}`}
                busy={editor.saving}
                onConfirm={async () => {
                  if (!(await editor.deleteRecord())) setConfirmDelete(false);
                }}
              >
                <Text>{pageTexts.applicationDeleteWarning}</Text>
              </ConfirmDialog>
            </EditorForm>
          );
        }}
      </DataState>
    </Screen>
  );
}

function TabCount({ count, invalid }: { count: number; invalid: boolean }) {
  return (
    <Badge size="xs" variant={invalid ? 'solid' : 'subtle'} colorPalette={invalid ? 'red' : 'gray'}>
      {count}
    </Badge>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="sm" mb="3" pb="1" borderBottomWidth="1px">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gapX="6" gapY="4">
        {children}
      </SimpleGrid>
    </Box>
  );
}
