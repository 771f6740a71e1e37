// User create/edit (spec §2, §4, §5, §8 Users): Basic Info plus one tab per
// element category the chosen business profile offers, Clone User and Send
// Password Reset Email when editing. The life of the form (load, Retry,
// validation as the user types, save lock and warnings, the route after a
// save) is lib/use-editor.ts; the rules and mapping are ./user-form.ts; this
// file is the layout.
import { Badge, Box, Button, SimpleGrid, Tabs, Text } from '@chakra-ui/react';
import { CLONE_SUFFIX, DEFAULT_MINIMUM_ROLE, DEFAULT_TREE_CATEGORY } from '@userprofile/shared/constants';
import { historyTexts, signInTexts, userMessages } from '@userprofile/shared/messages';
import { USER_FIELDS, type UserField } from '@userprofile/shared/validation';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { ActivityLinkButton } from '../../components/ui/activity-link.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ConflictDialog } from '../../components/ui/conflict-dialog.tsx';
import { DataState } from '../../components/ui/data-state.tsx';
import { EditorActions, EditorForm } from '../../components/ui/editor-form.tsx';
import { RadioGroupField, SelectField, TextField } from '../../components/ui/fields.tsx';
import { toOptions } from '../../components/ui/native-select.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { LinkButton, Screen } from '../../components/ui/page.tsx';
import { HISTORY_TAB, HistoryTabContent } from '../../components/ui/record-history.tsx';
import { VisibleTo } from '../../components/ui/visible-to.tsx';
import { activityByUser, activityLinkTexts, activityOnRecord } from '../../lib/activity.ts';
import { type ErrorBody, isApiError } from '../../lib/api/errors.ts';
import { etagOf } from '../../lib/api/versions.ts';
import { businessProfiles } from '../../lib/data/business-profiles.ts';
import { companies } from '../../lib/data/companies.ts';
import { locations } from '../../lib/data/locations.ts';
import { combineLoads, useCache } from '../../lib/data/use-cache.ts';
import { visibilityProfiles } from '../../lib/data/visibility-profiles.ts';
import { editorScreen } from '../../lib/editor-screen.ts';
import {
  toAccessCheck,
  toBusinessProfileEdit,
  toUserEdit,
  toUserList,
  toUserNew,
  toVisibilityProfileEdit,
} from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type EditorToast, useEditor } from '../../lib/use-editor.ts';
import { elementConfig, fetchUser, saveUser, sendPasswordReset } from './api.ts';
import { EFFECTIVE_ACCESS_TAB, EffectiveAccessTabContent } from './effective-access.tsx';
import type { User } from './list-view.ts';
import { SIGN_INS_TAB, SignInLockNotice, SignInsTabContent, useSignIns } from './sign-ins.tsx';
import { FACTORS_TAB, UserFactorsTabContent, UserFactorsTabTrigger } from './user-factors.tsx';
import {
  categoryTabs,
  changeBusinessProfile,
  cloneForm,
  cloneNote,
  describeUserField,
  toUserForm,
  toUserPayload,
  type UserForm,
  type UserFormLookups,
  validateUserForm,
} from './user-form.ts';
import { placeUser } from './user-lists.ts';

/** What Clone User hands to the new-user screen (in the history entry's state). */
interface CloneState {
  /** `from`: the cloned user's username, for the new form's note. */
  clone: { form: UserForm; clonedId: string; from?: string };
}

function readCloneState(): CloneState['clone'] | null {
  const state = window.history.state as Partial<CloneState> | null;
  return state?.clone && typeof state.clone.clonedId === 'string' ? state.clone : null;
}

/** The save answered without a uuid (spec §8). */
class NotSavedCorrectly extends Error {}

function failedAppsOf(error: unknown): string[] | null {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return null;
  const apps = (error.body as { failedUpdateApps?: unknown }).failedUpdateApps;
  return Array.isArray(apps) ? apps.filter((a): a is string => typeof a === 'string') : null;
}

/** Spec §8 Users: the save's failure message (with the reason on a second line when the server gave one). */
export function saveFailedToast(error: unknown, username: string): EditorToast {
  if (error instanceof NotSavedCorrectly) return userMessages.notSavedCorrectly(username);
  if (isApiError(error, 409))
    return { title: userMessages.saveError(username), description: userMessages.usernameTaken(username) };
  return userMessages.saveError(username, failedAppsOf(error));
}

/** The fields a refused save names: a taken username (409), the rules the server holds (400, `body.user.<field>`). */
export function userFieldErrors(error: unknown, username: string): Partial<Record<UserField, string>> {
  if (isApiError(error, 409)) return { username: userMessages.usernameTaken(username) };
  if (!isApiError(error, 400) || !error.body || typeof error.body !== 'object') return {};
  const marked: Partial<Record<UserField, string>> = {};
  for (const e of (error.body as ErrorBody).errors ?? []) {
    const field = e.field.replace(/^body\.user\./, '');
    if ((USER_FIELDS as readonly string[]).includes(field)) marked[field as UserField] ??= e.reason;
  }
  return marked;
}

function savedToast(user: User): EditorToast {
  const failed = user.failedUpdateApps;
  if (failed && failed.length > 0) return { status: 'error', title: userMessages.saveError(user.username, failed) };
  return userMessages.saved(user.username);
}

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export const UserEditScreen = editorScreen(UserEditor);

function UserEditor({ uuid }: { uuid: string | null }) {
  const session = useSession((s) => s.user);
  const role = roleOf(session);
  const defaultRole = session?.defaultMinimumRoleName || DEFAULT_MINIMUM_ROLE;
  const [, navigate] = useLocation();
  const [clonedId] = useState(() => (uuid ? null : (readCloneState()?.clonedId ?? null)));
  const [clonedFrom] = useState(() => {
    const state = uuid ? null : readCloneState();
    return state ? (state.from ?? state.form.username.slice(0, -CLONE_SUFFIX.length)) : null;
  });
  const [tab, setTab] = useState('basic');

  const loads = combineLoads([
    useCache(elementConfig),
    useCache(businessProfiles),
    useCache(visibilityProfiles),
    useCache(locations),
  ]);
  const companyList = useCache(companies);
  const lookups = useMemo<UserFormLookups | null>(() => {
    if (!loads.data) return null;
    const [config, business, visibility, places] = loads.data;
    return { config, businessProfiles: business, visibilityProfiles: visibility, locations: places };
  }, [loads.data]);

  const editor = useEditor<User, UserForm, UserField>({
    uuid,
    load: fetchUser,
    toForm: (user) => toUserForm(user, defaultRole),
    initialForm: () => readCloneState()?.form ?? null,
    validate: (form) => (lookups ? validateUserForm(form, lookups) : {}),
    save: async (form, current) => {
      if (!lookups) throw new Error('The lists of the form are not loaded');
      const payload = toUserPayload(form, lookups);
      const saved = await saveUser(payload, form.uuid === null ? clonedId : null, etagOf(current));
      if (!saved?.uuid) throw new NotSavedCorrectly();
      return saved;
    },
    uuidOf: (user) => user.uuid,
    editPath: toUserEdit,
    listPath: toUserList(),
    afterSave: ({ failedUpdateApps: _, ...user }) => placeUser(user),
    messages: {
      saveInProgress: userMessages.saveInProgress,
      saved: savedToast,
      saveFailed: (error, form) => saveFailedToast(error, form.username),
    },
    fieldErrorsOf: (error, form) => userFieldErrors(error, form.username),
    conflict: {
      what: (user) => user.username,
      describe: (key, form) => describeUserField(key, form, lookups, companyList.data ?? null),
    },
  });
  const { form, record, change } = editor;
  // A user this admin may not change (readOnlyReason below) is not one whose sign-ins it may see or end.
  const actable = record && !record.readOnlyReason ? record : null;
  const signIns = useSignIns(uuid, actable);

  // A new user of an admin below ERRIGAL_ADMIN is written in its own company (the only one it sees). A saved
  // user shows the company it has: one with none is shared, read-only to such an admin, and its notice says
  // so; Visible To must not say otherwise.
  const ownCompany =
    uuid === null && role !== 'ERRIGAL_ADMIN' && companyList.data?.length === 1 ? companyList.data[0] : undefined;
  // Filled in as a default, not as an edit: a form nobody changed does not ask before the page goes.
  const { fillDefaults } = editor;
  useEffect(() => {
    if (ownCompany && form && form.companyUuid === null)
      fillDefaults((f) => (f.companyUuid === null ? { ...f, companyUuid: ownCompany.uuid } : f));
  }, [ownCompany, form, fillDefaults]);

  const profile = lookups?.businessProfiles.find((p) => p.uuid === form?.businessProfileUuid);
  const tabs = useMemo(() => (lookups ? categoryTabs(lookups.config, profile) : []), [lookups, profile]);
  const isNew = uuid === null;
  const recordTab =
    !isNew && (tab === HISTORY_TAB || tab === EFFECTIVE_ACCESS_TAB || tab === SIGN_INS_TAB || tab === FACTORS_TAB);
  const activeTab = tab === 'basic' || recordTab || tabs.some((t) => t.category === tab) ? tab : 'basic';
  const title = isNew ? 'Creating New User' : 'Editing User';

  const clone = () => {
    if (!record || !form) return;
    navigate(toUserNew(), {
      state: { clone: { form: cloneForm(form), clonedId: record.uuid, from: record.username } } satisfies CloneState,
    });
  };

  // An e-mail cannot be taken back: who gets it, and what it does, is said first.
  const [confirmingReset, setConfirmingReset] = useState(false);
  const sendReset = async () => {
    setConfirmingReset(false);
    if (!record) return;
    try {
      await sendPasswordReset(record);
      notify.success(userMessages.resetEmailSent);
    } catch {
      notify.error(userMessages.resetEmailFailed);
    }
  };

  // The server says when this admin may not change the user (a role above its own, a profile it cannot see):
  // the form shows read-only with the reason, and the actions on the user are not offered.
  const readOnlyReason = record?.readOnlyReason ?? null;
  const actions = isNew ? (
    <LinkButton href={toUserList()}>Back to Users</LinkButton>
  ) : (
    <>
      {uuid ? <LinkButton href={toAccessCheck({ user: uuid })}>Check Access</LinkButton> : null}
      {record ? (
        <ActivityLinkButton href={activityByUser(record.username)}>{activityLinkTexts.byUser}</ActivityLinkButton>
      ) : null}
      {uuid ? (
        <ActivityLinkButton href={activityOnRecord('user', uuid)}>{activityLinkTexts.onUser}</ActivityLinkButton>
      ) : null}
      <Button size="sm" variant="outline" onClick={clone} disabled={!record}>
        Clone User
      </Button>
      {readOnlyReason ? null : (
        <Button size="sm" variant="outline" onClick={() => setConfirmingReset(true)} disabled={!record}>
          Send Password Reset Email
        </Button>
      )}
      {record ? (
        <ConfirmDialog
          open={confirmingReset}
          onOpenChange={setConfirmingReset}
          title="Send Password Reset Email?"
          confirmLabel="Send Email"
          cancelLabel="Cancel"
          confirmPalette="blue"
          onConfirm={() => void sendReset()}
        >
          <Text>
            {`Send ${record.username} a password reset email at ${record.email}. Its link lets them choose a new password; their current password keeps working until they do.`}
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );

  const ready = form && lookups ? { form, lookups } : null;
  return (
    <Screen
      title={title}
      {...(!isNew && form ? { subtitle: form.username } : {})}
      {...(record ? { documentTitle: `${title} ${record.username}` } : {})}
      actions={actions}
    >
      <ConflictDialog conflict={editor.conflict} />
      <DataState
        what={isNew ? 'the lists of the user form' : 'the user'}
        data={ready}
        error={editor.error ?? loads.error}
        onRetry={() => {
          if (editor.error) editor.retry();
          loads.retry();
        }}
      >
        {({ form, lookups }) => {
          const { set, errorOf, bind } = editor;
          const linkProfiles = role !== 'SCO_ADMIN';
          const treeError = editor.errors.defaultTreeMustBeAssigned ?? errorOf('defaultTreeMustBeAssigned');
          const treeTab = tabs.some((t) => t.category === DEFAULT_TREE_CATEGORY);
          return (
            <EditorForm onSubmit={editor.submit}>
              {uuid && actable ? <SignInLockNotice uuid={uuid} username={actable.username} state={signIns} /> : null}
              {readOnlyReason ? (
                <Box mb="4">
                  <Notice status="info">{readOnlyReason}</Notice>
                </Box>
              ) : null}
              {clonedFrom ? (
                <Box mb="4">
                  <Notice status="info">{cloneNote(clonedFrom)}</Notice>
                </Box>
              ) : null}
              <Tabs.Root value={activeTab} onValueChange={(d) => setTab(d.value)} variant="line" size="sm">
                <Tabs.List flexWrap="wrap">
                  <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
                  {tabs.map((t) => (
                    <Tabs.Trigger key={t.category} value={t.category}>
                      {t.tab}
                      {t.category === DEFAULT_TREE_CATEGORY && treeError ? (
                        <Badge colorPalette="red" size="xs" aria-label="needs a value">
                          !
                        </Badge>
                      ) : null}
                    </Tabs.Trigger>
                  ))}
                  {uuid ? (
                    <Tabs.Trigger value={EFFECTIVE_ACCESS_TAB}>{historyTexts.effectiveAccessTab}</Tabs.Trigger>
                  ) : null}
                  {uuid && actable ? <Tabs.Trigger value={SIGN_INS_TAB}>{signInTexts.tab}</Tabs.Trigger> : null}
                  {uuid && actable ? <UserFactorsTabTrigger /> : null}
                  {uuid ? <Tabs.Trigger value={HISTORY_TAB}>{historyTexts.historyTab}</Tabs.Trigger> : null}
                </Tabs.List>
                <Tabs.Content value="basic">
                  <ReadOnlyFields readOnly={readOnlyReason !== null}>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gapX="6" gapY="4">
                      <TextField label="Username" required readOnly={!isNew} {...bind('username')} />
                      <TextField label="Email" type="email" required {...bind('email')} />
                      <TextField label="First Name" required {...bind('firstName')} />
                      <TextField label="Last Name" required {...bind('lastName')} />
                      <TextField label="Desk Phone" type="tel" {...bind('deskPhone')} />
                      <TextField label="Mobile Phone" type="tel" {...bind('mobilePhone')} />
                      <SelectField
                        label="Profile"
                        required
                        value={form.businessProfileUuid}
                        options={toOptions(lookups.businessProfiles)}
                        onChange={(v) =>
                          change(
                            (f) => changeBusinessProfile(f, v, lookups.businessProfiles),
                            ['businessProfile', 'defaultTreeMustBeAssigned'],
                          )
                        }
                        // Without its tab (trees hidden from this admin) the default tree rule is said here, so the refusal is never unexplained.
                        error={
                          errorOf('businessProfile') ?? (treeTab ? undefined : errorOf('defaultTreeMustBeAssigned'))
                        }
                        openLink={
                          linkProfiles && form.businessProfileUuid
                            ? toBusinessProfileEdit(form.businessProfileUuid)
                            : null
                        }
                      />
                      <SelectField
                        label="Visibility"
                        required
                        value={form.visibilityProfileUuid}
                        options={toOptions(lookups.visibilityProfiles)}
                        onChange={(v) => change((f) => ({ ...f, visibilityProfileUuid: v }), ['visibilityProfile'])}
                        error={errorOf('visibilityProfile')}
                        openLink={
                          linkProfiles && form.visibilityProfileUuid
                            ? toVisibilityProfileEdit(form.visibilityProfileUuid)
                            : null
                        }
                      />
                      <RadioGroupField
                        label="Status"
                        value={form.active ? 'active' : 'inactive'}
                        options={STATUS_OPTIONS}
                        onChange={(v) => set('active', v === 'active')}
                      />
                      <SelectField
                        label="Location"
                        value={form.locationUuid}
                        options={toOptions(lookups.locations)}
                        onChange={(v) => set('locationUuid', v)}
                      />
                      <Box gridColumn={{ md: 'span 2' }}>
                        <VisibleTo
                          value={{ minimumRole: form.minimumRole, companyUuid: form.companyUuid }}
                          onChange={(v) =>
                            change((f) => ({ ...f, minimumRole: v.minimumRole, companyUuid: v.companyUuid }))
                          }
                          callerRole={role}
                          layoutCodes={session?.layoutCode ?? []}
                          companies={companyList.status === 'error' ? [] : companyList.data}
                          disabled={readOnlyReason !== null}
                        />
                      </Box>
                    </SimpleGrid>
                  </ReadOnlyFields>
                </Tabs.Content>
                {tabs.map((t) => (
                  <Tabs.Content key={t.category} value={t.category}>
                    <ReadOnlyFields readOnly={readOnlyReason !== null}>
                      <Box maxW="md">
                        <SelectField
                          label={t.label}
                          required={t.category === DEFAULT_TREE_CATEGORY}
                          value={form.elements[t.category] ?? ''}
                          options={toOptions(t.options)}
                          onChange={(v) => change((f) => ({ ...f, elements: { ...f.elements, [t.category]: v } }))}
                          error={t.category === DEFAULT_TREE_CATEGORY ? treeError : undefined}
                        />
                      </Box>
                    </ReadOnlyFields>
                  </Tabs.Content>
                ))}
                {uuid ? (
                  <EffectiveAccessTabContent
                    uuid={uuid}
                    record={record}
                    links={linkProfiles}
                    layoutCodes={session?.layoutCode ?? []}
                  />
                ) : null}
                {uuid && actable ? (
                  <SignInsTabContent
                    uuid={uuid}
                    username={actable.username}
                    self={actable.username === session?.username}
                    state={signIns}
                  />
                ) : null}
                {uuid && actable ? (
                  <UserFactorsTabContent
                    uuid={uuid}
                    username={actable.username}
                    self={actable.username === session?.username}
                    record={record}
                  />
                ) : null}
                {uuid ? <HistoryTabContent kind="user" uuid={uuid} record={record} /> : null}
              </Tabs.Root>
              {/* History, Sign-ins and Effective Access change nothing of the form: no Update User under them. */}
              {recordTab ? null : (
                <EditorActions
                  submitLabel={isNew ? 'Create User' : 'Update User'}
                  editor={editor}
                  disabled={readOnlyReason !== null}
                  invalidHint={readOnlyReason === null}
                />
              )}
            </EditorForm>
          );
        }}
      </DataState>
    </Screen>
  );
}

/** The form's fields, all disabled at once (a native fieldset) when the user is not this admin's to change. */
function ReadOnlyFields({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
