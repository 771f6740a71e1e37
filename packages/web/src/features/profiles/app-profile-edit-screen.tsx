// Application profile create/edit (spec §2, §4, §5, §8 Profiles): tabs Basic
// Info, Roles and one per element category of the chosen application (the
// last two disabled until one is chosen), the application locked once saved,
// the Visible To selector; Create/Update Profile behind the impact preview,
// Delete Profile with the business profiles that use it, Clone Profile, and
// the business profiles (and so the users) that have it.
import { Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { sharedRecordReadOnly } from '@userprofile/shared/constants';
import { historyTexts, profileMessages } from '@userprofile/shared/messages';
import type { AppProfileField } from '@userprofile/shared/validation';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { DeleteImpact } from '../../components/ui/confirm-dialog.tsx';
import { LoadFailure, Loading } from '../../components/ui/data-state.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { RecordLink } from '../../components/ui/list-kit.tsx';
import { toOptions } from '../../components/ui/native-select.tsx';
import { ReadOnlyScope } from '../../components/ui/read-only.tsx';
import { HISTORY_TAB, HistoryTabContent } from '../../components/ui/record-history.tsx';
import { VISIBLE_TO_FIELDS, visibleToWords } from '../../components/ui/visible-to.tsx';
import { appProfiles } from '../../lib/data/app-profiles.ts';
import { applications } from '../../lib/data/applications.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { companies } from '../../lib/data/companies.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { describeFields, namesIn } from '../../lib/edit-conflict.ts';
import { editorScreen } from '../../lib/editor-screen.ts';
import { toAppProfileEdit, toAppProfileList, toAppProfileNew, toBusinessProfileEdit } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import {
  deleteAppProfile,
  fetchAppProfile,
  fetchAppProfileBusinessProfiles,
  previewAppProfileImpact,
  saveAppProfile,
} from './api.ts';
import {
  type ApplicationProfile,
  type AppProfileForm,
  applicationFieldMessage,
  applicationLocked,
  chooseApplication,
  cloneAppProfileForm,
  elementCategoryTabs,
  roleRows,
  setAllGrants,
  toAppProfileForm,
  toAppProfilePayload,
  toggleGrant,
  validateAppProfileForm,
} from './app-profile-form.ts';
import type { BusinessProfile } from './business-profile-form.ts';
import { readCloneState, writeCloneState } from './clone-state.ts';
import { useDependants } from './dependants.ts';
import { GrantList } from './grant-list.tsx';
import { ProfileBasicFields, ProfileEditorFrame, ProfileEditorPending } from './profile-editor.tsx';
import { useProfileEditor } from './use-profile-editor.ts';

const m = profileMessages.app;

export const AppProfileEditScreen = editorScreen(AppProfileEditor);

function AppProfileEditor({ uuid }: { uuid: string | null }) {
  const session = useSession((s) => s.user);
  const role = roleOf(session);
  const [, navigate] = useLocation();
  const apps = useCache(applications);
  const companyList = useCache(companies);
  const [tab, setTab] = useState('basic');

  const { editor, gate } = useProfileEditor<ApplicationProfile, AppProfileForm, AppProfileField>({
    noun: 'Application Profile',
    messages: m,
    uuid,
    load: fetchAppProfile,
    toForm: (record) => toAppProfileForm(record, session?.defaultMinimumRoleName),
    initialForm: () => readCloneState<AppProfileForm>(),
    validate: validateAppProfileForm,
    save: (form) => saveAppProfile(toAppProfilePayload(form, applications.get() ?? [])),
    preview: (form, audienceChanged) =>
      previewAppProfileImpact(toAppProfilePayload(form, applications.get() ?? []), audienceChanged),
    editPath: toAppProfileEdit,
    listPath: toAppProfileList(),
    remove: (record) => deleteAppProfile(record.uuid),
    conflict: {
      what: (record) => record.name,
      describe: describeFields<AppProfileForm>(
        { name: 'Name', description: 'Description', ...VISIBLE_TO_FIELDS, roles: 'Roles', elements: 'Elements' },
        {
          ...visibleToWords(companyList.data),
          roles: (uuids, f) => namesIn(apps.data?.find((a) => a.uuid === f.applicationUuid)?.roles, uuids),
          elements: (uuids, f) => namesIn(apps.data?.find((a) => a.uuid === f.applicationUuid)?.elements, uuids),
        },
      ),
    },
    afterSave: (record) => {
      appProfiles.upsert(record);
      // Business profiles carry their app profiles' names.
      businessProfiles.clear();
    },
    afterDelete: (record) => {
      appProfiles.remove(record.uuid);
      businessProfiles.clear();
    },
  });

  const dependants = useDependants<BusinessProfile>(
    () => (uuid ? fetchAppProfileBusinessProfiles(uuid) : Promise.resolve([])),
    m.dependantsLoadFailed,
  );

  const form = editor.form;
  const application = apps.data?.find((a) => a.uuid === form?.applicationUuid);
  const categories = useMemo(() => elementCategoryTabs(application), [application]);
  const roles = useMemo(() => roleRows(application), [application]);
  const title = editor.mode === 'create' ? 'New Application Profile' : 'Editing Application Profile';

  if (editor.status === 'error' || !form)
    return <ProfileEditorPending title={title} what="the application profile" editor={editor} />;

  const isNew = form.uuid === null;
  // A provider-level record (no company): only ERRIGAL_ADMIN may change it; the server refuses anyone else.
  const readOnly = editor.record !== null && sharedRecordReadOnly(role, editor.record);
  const locked = applicationLocked(form);
  const appMessage = apps.error ? null : applicationFieldMessage(apps.data, editor.errors);
  const recordTabs = ['businessProfiles', HISTORY_TAB];
  const tabValues = ['basic', 'roles', ...categories.map((c) => `category:${c.category}`), ...recordTabs];
  const activeTab =
    tabValues.includes(tab) && (tab === 'basic' || application || recordTabs.includes(tab)) ? tab : 'basic';

  return (
    <ProfileEditorFrame
      title={title}
      {...(editor.record ? { documentTitle: `${title} ${editor.record.name}` } : {})}
      name={isNew ? null : form.name}
      onClone={() =>
        navigate(toAppProfileNew(), {
          state: writeCloneState(cloneAppProfileForm(form), editor.record?.name ?? form.name),
        })
      }
      back={{ href: toAppProfileList(), label: 'Back to Application Profiles' }}
      readOnly={readOnly}
      editor={editor}
      gate={gate}
      deleteDialog={{
        title: 'Delete Application Profile',
        body: (
          <>
            <Text>{`Delete the application profile ${form.name}? It is taken out of every business profile that uses it.`}</Text>
            <DeleteImpact
              counts={
                dependants.data
                  ? [{ key: 'businessProfiles', label: 'Business Profiles', value: dependants.data.length }]
                  : []
              }
              heading="Business profiles that use it:"
              items={
                dependants.data?.map((b) => ({ key: b.uuid, name: b.name, href: toBusinessProfileEdit(b.uuid) })) ??
                null
              }
              loading={dependants.loading}
              error={dependants.error}
              none="No business profile uses it."
            />
          </>
        ),
        onOpen: dependants.load,
      }}
    >
      <Tabs.Root
        value={activeTab}
        onValueChange={(d) => {
          setTab(d.value);
          if (d.value === 'businessProfiles') dependants.load();
        }}
        variant="line"
        size="sm"
      >
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
          <Tabs.Trigger value="roles" disabled={!application}>
            Roles
          </Tabs.Trigger>
          {categories.map((c) => (
            <Tabs.Trigger key={c.category} value={`category:${c.category}`} disabled={!application}>
              {c.label}
            </Tabs.Trigger>
          ))}
          {isNew ? null : <Tabs.Trigger value="businessProfiles">Business Profiles</Tabs.Trigger>}
          {isNew ? null : <Tabs.Trigger value={HISTORY_TAB}>{historyTexts.historyTab}</Tabs.Trigger>}
        </Tabs.List>

        <Tabs.Content value="basic">
          <ReadOnlyScope readOnly={readOnly}>
            <ProfileBasicFields
              editor={editor}
              form={form}
              readOnly={readOnly}
              beside={
                <Stack gap="1">
                  <SelectField
                    label="Application"
                    value={form.applicationUuid}
                    options={toOptions(apps.data ?? [])}
                    onChange={(v) => editor.change((f) => chooseApplication(f, v), ['application'])}
                    // Shown from the start: it says why the other tabs are disabled.
                    error={appMessage?.invalid ? appMessage.text : undefined}
                    helper={
                      appMessage && !appMessage.invalid
                        ? appMessage.text
                        : locked
                          ? 'The application of a saved profile cannot change.'
                          : undefined
                    }
                    disabled={locked || !apps.data}
                    required
                  />
                  {apps.error ? <LoadFailure what="the applications" error={apps.error} onRetry={apps.retry} /> : null}
                </Stack>
              }
              callerRole={role}
              layoutCodes={session?.layoutCode ?? []}
              companies={companyList.data ?? (companyList.error ? [] : null)}
            />
          </ReadOnlyScope>
        </Tabs.Content>

        <Tabs.Content value="roles">
          <ReadOnlyScope readOnly={readOnly}>
            <GrantList
              label="Roles"
              rows={roles}
              granted={form.roles}
              onToggle={(id, on) => editor.change((f) => toggleGrant(f, 'roles', id, on), ['roles'])}
              onAll={(on) => editor.change((f) => setAllGrants(f, 'roles', roles, on), ['roles'])}
            />
          </ReadOnlyScope>
        </Tabs.Content>
        {categories.map((c) => (
          <Tabs.Content key={c.category} value={`category:${c.category}`}>
            <ReadOnlyScope readOnly={readOnly}>
              <GrantList
                label={c.label}
                rows={c.elements}
                granted={form.elements}
                onToggle={(id, on) => editor.change((f) => toggleGrant(f, 'elements', id, on), ['elements'])}
                onAll={(on) => editor.change((f) => setAllGrants(f, 'elements', c.elements, on), ['elements'])}
              />
            </ReadOnlyScope>
          </Tabs.Content>
        ))}
        {isNew ? null : (
          <Tabs.Content value="businessProfiles">
            <UsedBy dependants={dependants} />
          </Tabs.Content>
        )}
        {uuid ? <HistoryTabContent kind="appProfile" uuid={uuid} record={editor.record} /> : null}
      </Tabs.Root>
    </ProfileEditorFrame>
  );
}

/** The business profiles that have the profile, with links (their users have its roles and elements). */
function UsedBy({ dependants }: { dependants: ReturnType<typeof useDependants<BusinessProfile>> }) {
  if (dependants.error) {
    return <LoadFailure what="the business profiles" error={new Error(dependants.error)} onRetry={dependants.load} />;
  }
  if (!dependants.data) return <Loading />;
  if (dependants.data.length === 0) return <Text color="fg.muted">No business profile uses it.</Text>;
  return (
    <Table.Root size="sm" variant="line" aria-label="Business profiles that use it" maxW="3xl">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Business Profile</Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="sm">Description</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {dependants.data.map((bp) => (
          <Table.Row key={bp.uuid}>
            <Table.Cell>
              <RecordLink href={toBusinessProfileEdit(bp.uuid)}>{bp.name}</RecordLink>
            </Table.Cell>
            <Table.Cell hideBelow="sm" color="fg.muted">
              {bp.description}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
