// Business profile create/edit (spec §2, §4, §5, §8 Profiles): name,
// description, the Visible To selector, and per application a dropdown of its
// application profiles (first option '---') with a link to the chosen one;
// Create/Update Profile behind the impact preview, Delete Profile with the
// counts of its active and inactive users (and an offer to deactivate the
// active ones), Clone Profile, and its users.
import { Box, Checkbox, Fieldset, SimpleGrid, Table, Tabs, Text } from '@chakra-ui/react';
import { sharedRecordReadOnly } from '@userprofile/shared/constants';
import { historyTexts, profileMessages } from '@userprofile/shared/messages';
import type { BusinessProfileField } from '@userprofile/shared/validation';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { DeleteImpact, userImpact } from '../../components/ui/confirm-dialog.tsx';
import { LoadFailure, Loading } from '../../components/ui/data-state.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { ClientListFooter, RecordLink } from '../../components/ui/list-kit.tsx';
import { toOptions } from '../../components/ui/native-select.tsx';
import { ReadOnlyScope } from '../../components/ui/read-only.tsx';
import { HISTORY_TAB, HistoryTabContent } from '../../components/ui/record-history.tsx';
import { VISIBLE_TO_FIELDS, visibleToWords } from '../../components/ui/visible-to.tsx';
import { appProfiles } from '../../lib/data/app-profiles.ts';
import { applications } from '../../lib/data/applications.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { companies } from '../../lib/data/companies.ts';
import { combineLoads, useCache } from '../../lib/data/use-cache.ts';
import { describeFields } from '../../lib/edit-conflict.ts';
import { editorScreen } from '../../lib/editor-screen.ts';
import {
  toAppProfileEdit,
  toBusinessProfileEdit,
  toBusinessProfileList,
  toBusinessProfileNew,
  toUserEdit,
} from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { type ListColumn, useClientList } from '../../lib/use-client-list.ts';
import {
  deleteBusinessProfile,
  fetchBusinessProfile,
  fetchBusinessProfileUsers,
  type ProfileUser,
  previewBusinessProfileImpact,
  saveBusinessProfile,
} from './api.ts';
import {
  appProfileNames,
  appProfileOptions,
  type BusinessProfile,
  type BusinessProfileForm,
  chooseAppProfile,
  cloneBusinessProfileForm,
  toBusinessProfileForm,
  toBusinessProfilePayload,
  validateBusinessProfileForm,
} from './business-profile-form.ts';
import { readCloneState, writeCloneState } from './clone-state.ts';
import { deactivateLeftUsers } from './deactivate-left.ts';
import { type Dependants, useDependants } from './dependants.ts';
import { ProfileFactorRequirement } from './factor-requirement.tsx';
import { ProfileBasicFields, ProfileEditorFrame, ProfileEditorPending } from './profile-editor.tsx';
import { useProfileEditor } from './use-profile-editor.ts';

const m = profileMessages.business;

export const BusinessProfileEditScreen = editorScreen(BusinessProfileEditor);

function BusinessProfileEditor({ uuid }: { uuid: string | null }) {
  const session = useSession((s) => s.user);
  const role = roleOf(session);
  const [, navigate] = useLocation();
  const apps = useCache(applications);
  const profiles = useCache(appProfiles);
  const lookups = combineLoads([apps, profiles] as const);
  const companyList = useCache(companies);
  const [tab, setTab] = useState('basic');
  // The delete dialog's offer: deactivate the active users the delete leaves without a profile, in the same step.
  const [deactivateLeft, setDeactivateLeft] = useState(false);
  const allAppProfiles = () => appProfiles.get() ?? [];

  const { editor, gate } = useProfileEditor<BusinessProfile, BusinessProfileForm, BusinessProfileField>({
    noun: 'Business Profile',
    messages: m,
    uuid,
    load: fetchBusinessProfile,
    toForm: (record) => toBusinessProfileForm(record, session?.defaultMinimumRoleName),
    initialForm: () => readCloneState<BusinessProfileForm>(),
    validate: (form) => validateBusinessProfileForm(form, profiles.data ?? []),
    save: (form) => saveBusinessProfile(toBusinessProfilePayload(form, allAppProfiles())),
    preview: (form, audienceChanged) =>
      previewBusinessProfileImpact(toBusinessProfilePayload(form, allAppProfiles()), audienceChanged),
    editPath: toBusinessProfileEdit,
    listPath: toBusinessProfileList(),
    remove: (record) => deleteBusinessProfile(record.uuid),
    conflict: {
      what: (record) => record.name,
      describe: describeFields<BusinessProfileForm>(
        { name: 'Name', description: 'Description', ...VISIBLE_TO_FIELDS, appProfiles: 'Application Profiles' },
        {
          ...visibleToWords(companyList.data),
          appProfiles: (chosen) => appProfileNames(chosen, apps.data ?? [], allAppProfiles()),
        },
      ),
    },
    afterSave: (record) => businessProfiles.upsert(record),
    afterDelete: (record) => {
      businessProfiles.remove(record.uuid);
      // After the delete, never instead of it: a refused delete deactivates no one.
      if (deactivateLeft) void deactivateLeftUsers(activeUsers.map((u) => u.uuid));
    },
  });

  const users = useDependants<ProfileUser>(
    () => (uuid ? fetchBusinessProfileUsers(uuid) : Promise.resolve([])),
    m.dependantsLoadFailed,
  );
  const activeUsers = (users.data ?? []).filter((u) => u.active);

  const form = editor.form;
  const title = editor.mode === 'create' ? 'New Business Profile' : 'Editing Business Profile';

  if (editor.status === 'error' || !form) {
    return <ProfileEditorPending title={title} what="the business profile" editor={editor} />;
  }

  const isNew = form.uuid === null;
  // A provider-level record (no company): only ERRIGAL_ADMIN may change it; the server refuses anyone else.
  const readOnly = editor.record !== null && sharedRecordReadOnly(role, editor.record);
  const activeTab = (tab === 'users' || tab === HISTORY_TAB) && !isNew ? tab : 'basic';

  return (
    <ProfileEditorFrame
      title={title}
      {...(editor.record ? { documentTitle: `${title} ${editor.record.name}` } : {})}
      name={isNew ? null : form.name}
      onClone={() =>
        navigate(toBusinessProfileNew(), {
          state: writeCloneState(cloneBusinessProfileForm(form), editor.record?.name ?? form.name),
        })
      }
      back={{ href: toBusinessProfileList(), label: 'Back to Business Profiles' }}
      readOnly={readOnly}
      editor={editor}
      gate={gate}
      deleteDialog={{
        title: 'Delete Business Profile',
        body: (
          <>
            <Text>{m.deleteText(form.name)}</Text>
            <DeleteImpact
              {...userImpact(users.data, toUserEdit)}
              heading="Users who have this profile:"
              loading={users.loading}
              error={users.error}
              none="No user has this profile."
            />
            {activeUsers.length > 0 ? (
              <Checkbox.Root
                mt="3"
                size="sm"
                checked={deactivateLeft}
                onCheckedChange={(e) => setDeactivateLeft(e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{m.deactivateLeft(activeUsers.length)}</Checkbox.Label>
              </Checkbox.Root>
            ) : null}
          </>
        ),
        onOpen: () => {
          setDeactivateLeft(false);
          users.load();
        },
      }}
    >
      <Tabs.Root
        value={activeTab}
        onValueChange={(d) => {
          setTab(d.value);
          if (d.value === 'users') users.load();
        }}
        variant="line"
        size="sm"
      >
        <Tabs.List>
          <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
          {isNew ? null : <Tabs.Trigger value="users">Users</Tabs.Trigger>}
          {isNew ? null : <Tabs.Trigger value={HISTORY_TAB}>{historyTexts.historyTab}</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="basic">
          <ReadOnlyScope readOnly={readOnly}>
            <ProfileBasicFields
              editor={editor}
              form={form}
              readOnly={readOnly}
              beside={<Box />}
              callerRole={role}
              layoutCodes={session?.layoutCode ?? []}
              companies={companyList.data ?? (companyList.error ? [] : null)}
            />

            <Fieldset.Root mt="6" invalid={!!editor.errorOf('appProfiles')}>
              <Fieldset.Legend fontSize="sm" fontWeight="medium">
                Application Profiles
              </Fieldset.Legend>
              {lookups.error ? (
                <LoadFailure what="the applications and their profiles" error={lookups.error} onRetry={lookups.retry} />
              ) : !lookups.data ? (
                <Loading />
              ) : (
                <SimpleGrid columns={{ base: 1, md: 2 }} gapX="6" gapY="3" mt="2">
                  {lookups.data[0].map((app) => {
                    const chosen = form.appProfiles[app.uuid] ?? '';
                    // Validation keys follow the order of the chosen entries.
                    const entry = Object.keys(form.appProfiles).indexOf(app.uuid);
                    return (
                      <SelectField
                        key={app.uuid}
                        label={app.name}
                        value={chosen}
                        options={toOptions(appProfileOptions(lookups.data?.[1] ?? [], app.uuid))}
                        onChange={(v) => editor.change((f) => chooseAppProfile(f, app.uuid, v), ['appProfiles'])}
                        openLink={chosen ? toAppProfileEdit(chosen) : null}
                        error={entry >= 0 ? editor.errorOf(`appProfiles.${entry}.name`) : undefined}
                      />
                    );
                  })}
                </SimpleGrid>
              )}
              {editor.errorOf('appProfiles') ? (
                <Fieldset.ErrorText>{editor.errorOf('appProfiles')}</Fieldset.ErrorText>
              ) : null}
            </Fieldset.Root>
          </ReadOnlyScope>
          {/* Saved as it is turned, apart from the form (and so outside its read-only scope). */}
          {uuid ? <ProfileFactorRequirement uuid={uuid} readOnly={readOnly} /> : null}
        </Tabs.Content>
        {isNew ? null : (
          <Tabs.Content value="users">
            <UserList users={users} />
          </Tabs.Content>
        )}
        {uuid ? <HistoryTabContent kind="businessProfile" uuid={uuid} record={editor.record} /> : null}
      </Tabs.Root>
    </ProfileEditorFrame>
  );
}

const USER_COLUMNS: readonly ListColumn<ProfileUser>[] = [
  { key: 'username', label: 'Username', value: (u) => u.username },
  { key: 'name', label: 'Name', value: (u) => `${u.firstName} ${u.lastName}` },
  { key: 'status', label: 'Status', value: (u) => (u.active ? 'Active' : 'Inactive') },
];

/** The profile's users (spec §7 `{id}/users`), each opening the user editor. */
function UserList({ users }: { users: Dependants<ProfileUser> }) {
  const list = useClientList(users.data, USER_COLUMNS);
  if (users.error) {
    return <LoadFailure what="the users" error={new Error(users.error)} onRetry={users.load} />;
  }
  if (!users.data) return <Loading />;
  if (users.data.length === 0) return <Text color="fg.muted">No user has this profile.</Text>;
  return (
    <>
      <Table.Root size="sm" variant="line" aria-label="Users of this profile" maxW="3xl">
        <Table.Header>
          <Table.Row>
            {USER_COLUMNS.map((c) => (
              <Table.ColumnHeader key={c.key} {...(c.key === 'name' ? { hideBelow: 'sm' as const } : {})}>
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.rows.map((u) => (
            <Table.Row key={u.uuid}>
              <Table.Cell>
                <RecordLink href={toUserEdit(u.uuid)}>{u.username}</RecordLink>
              </Table.Cell>
              <Table.Cell hideBelow="sm">{`${u.firstName} ${u.lastName}`}</Table.Cell>
              <Table.Cell>{u.active ? 'Active' : 'Inactive'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <ClientListFooter list={list} />
    </>
  );
}
