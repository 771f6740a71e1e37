// Visibility profile edit/create (spec §2): tabs Basic Info, Carrier,
// Cluster, Cluster Group, Network Group, and Network Attribute / Venue with
// the layout codes NEA / VEN. The form is the valtio draft of
// visibility-draft.ts (the tree and element tabs change it through its
// actions); this screen loads it, validates it with the spec §5 rules, saves,
// clones and deletes it with the spec §8 messages.
import { Alert, Button, CloseButton, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { LAYOUT_CODES, MAX_DESCRIPTION, type Role, sharedRecordReadOnly } from '@userprofile/shared/constants';
import { cloneTexts, conflictTexts, historyTexts, pageTexts, profileMessages } from '@userprofile/shared/messages';
import { useEffect, useState } from 'react';
import { LuCopy, LuTrash2 } from 'react-icons/lu';
import { snapshot, useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import { ConflictDialog } from '../../components/ui/conflict-dialog.tsx';
import { DataState } from '../../components/ui/data-state.tsx';
import { TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { HISTORY_TAB, HistoryTabContent } from '../../components/ui/record-history.tsx';
import { useToastsBelow } from '../../components/ui/toaster.tsx';
import { VisibleTo, visibleToWords } from '../../components/ui/visible-to.tsx';
import { failureReason, isApiError } from '../../lib/api/errors.ts';
import { companies } from '../../lib/data/companies.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import { visibilityProfiles } from '../../lib/data/visibility-profiles.ts';
import { visibilitySet } from '../../lib/data/visibility-set.ts';
import {
  type ConflictState,
  conflictOf,
  conflictView,
  type DescribeField,
  listInWords,
  mergeEdits,
  takenLabels,
} from '../../lib/edit-conflict.ts';
import { toVisibilityProfileEdit, toVisibilityProfileList, toVisibilityProfileNew } from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { deleteVisibilityProfile, fetchVisibilityProfile, saveVisibilityProfile } from './api.ts';
import type { ClusterIndex } from './cluster-index.ts';
import { DeleteConfirm } from './visibility-delete.tsx';
import { dismissAlert, editor, setFormField, startEditing } from './visibility-draft.ts';
import {
  cloneVisibilityForm,
  describeVisibilityField,
  elementNames,
  formsEqual,
  newVisibilityForm,
  toVisibilityForm,
  toVisibilityPayload,
  type VisibilityForm,
  type VisibilityProfile,
  type VisibilitySet,
  validateBasicInfo,
  validateVisibilityForm,
} from './visibility-form.ts';
import { ClusterTab, ElementTab } from './visibility-tabs.tsx';

const m = profileMessages.visibility;

/** What Clone hands to the new-profile screen (history state survives a reload). */
interface CloneState {
  clone: VisibilityForm;
  /** The cloned profile's name, for the new form's note. */
  cloneFrom?: string;
}

function cloneFromHistory(): VisibilityForm | null {
  const state = window.history.state as Partial<CloneState> | null;
  return state?.clone ?? null;
}

/** The name of the profile this new form was cloned from; null when it was not. */
function clonedFromHistory(): string | null {
  const state = window.history.state as Partial<CloneState> | null;
  return state?.clone ? (state.cloneFrom ?? '') : null;
}

export function VisibilityEditScreen() {
  const uuid = useParams<{ uuid?: string }>().uuid ?? null;
  const [, navigate] = useLocation();
  const user = useSession((s) => s.user);
  const layoutCodes = user?.layoutCode ?? [];
  const defaultRole = user?.defaultMinimumRoleName;
  const set = useCache(visibilitySet);
  const companyList = useCache(companies);
  const [record, setRecord] = useState<VisibilityProfile | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [baseline, setBaseline] = useState<VisibilityForm | null>(null);

  // The record (edit mode) and the available elements, then the draft over them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on a new uuid, new elements or a Retry
  useEffect(() => {
    if (!set.data) return;
    const elements = set.data;
    let live = true;
    setLoadError(null);
    setBaseline(null);
    if (!uuid) {
      const form = cloneFromHistory() ?? newVisibilityForm(defaultRole);
      startEditing(form, elements);
      setRecord(null);
      setBaseline(cloneFromHistory() ? newVisibilityForm(defaultRole) : form);
      return;
    }
    fetchVisibilityProfile(uuid).then(
      (loaded) => {
        if (!live) return;
        const form = toVisibilityForm(loaded, defaultRole);
        startEditing(form, elements);
        setRecord(loaded);
        setBaseline(form);
      },
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [uuid, set.data, attempt]);

  const error = loadError ?? set.error;
  const retry = () => {
    if (set.error) set.retry();
    setAttempt((n) => n + 1);
  };
  const title = uuid ? 'Editing Visibility' : 'Creating New Visibility';

  return (
    <DataState what="the visibility profile" data={baseline} error={error} onRetry={retry}>
      {(base) => (
        <Editor
          title={title}
          record={record}
          baseline={base}
          onSaved={(saved, form) => {
            setRecord(saved);
            setBaseline(form);
            if (saved.uuid !== uuid) navigate(toVisibilityProfileEdit(saved.uuid), { replace: true });
          }}
          onClone={(form) =>
            navigate(toVisibilityProfileNew(), {
              state: { clone: cloneVisibilityForm(form), cloneFrom: record?.name ?? form.name } satisfies CloneState,
            })
          }
          onDeleted={() => navigate(toVisibilityProfileList())}
          toForm={(loaded) => toVisibilityForm(loaded, defaultRole)}
          callerRole={roleOf(user)}
          layoutCodes={layoutCodes}
          companies={companyList.data}
        />
      )}
    </DataState>
  );
}

function Editor({
  title,
  record,
  baseline,
  onSaved,
  onClone,
  onDeleted,
  callerRole,
  layoutCodes,
  companies: companyOptions,
  toForm,
}: {
  title: string;
  record: VisibilityProfile | null;
  baseline: VisibilityForm;
  /** After a save, and when the record is taken as saved now (the conflict dialog's Reload). */
  onSaved: (saved: VisibilityProfile, form: VisibilityForm) => void;
  /** The form of a record read again before a save. */
  toForm: (record: VisibilityProfile) => VisibilityForm;
  onClone: (form: VisibilityForm) => void;
  onDeleted: () => void;
  callerRole: Role | null;
  layoutCodes: readonly string[];
  companies: readonly { uuid: string; name: string }[] | null;
}) {
  // Only the elements: the form's parts are read by the pieces that show them
  // (Basic Info, the tabs, the actions), so ticking a cluster re-renders the
  // Cluster tab and the actions, not the whole editor.
  const set = useSnapshot(editor).set as VisibilitySet | null;
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // No silent overwrite: the record as saved now, when another save changed it since it opened.
  const [conflicted, setConflicted] = useState<ConflictState<VisibilityProfile, VisibilityForm> | null>(null);
  // A clone copies every field of a profile; the new form says so, and from which.
  const [clonedFrom] = useState(() => (record === null ? clonedFromHistory() : null));

  if (!set) return null;
  // A provider-level record (no company): only ERRIGAL_ADMIN may change it; the server refuses anyone
  // else, so the screen shows it without the means to change it (docs/roles-and-scoping.md "Writes").
  const readOnly = record !== null && sharedRecordReadOnly(callerRole, record);
  const describe = describeVisibilityField(
    elementNames(set),
    (uuid) => {
      const index = snapshot(editor).index as ClusterIndex | null;
      const at = index?.at.get(uuid);
      return at === undefined ? undefined : index?.name[at];
    },
    visibleToWords(companyOptions),
  );
  const nea = layoutCodes.includes(LAYOUT_CODES.NEA);
  const ven = layoutCodes.includes(LAYOUT_CODES.VEN);

  /** `checked`: the record was just read again (the conflict dialog's choices), so it is not read once more. */
  const save = async (checked = false) => {
    let current = snapshot(editor).form as VisibilityForm;
    if (saving || readOnly || Object.keys(validateVisibilityForm(current)).length > 0) return;
    setSaving(true);
    try {
      let taken: string[] = [];
      if (record && !checked) {
        // Read again and merged three ways with what the editor opened (this area has no version to send).
        const fresh = await fetchVisibilityProfile(record.uuid);
        const theirs = toForm(fresh);
        const edits = mergeEdits(baseline, theirs, current);
        const open = conflictOf(fresh, theirs, baseline, edits, { describe, editedAt: new Map(), theirsAt: null });
        if (open) {
          setConflicted(open);
          return;
        }
        taken = takenLabels(edits, theirs, describe);
        if (edits.taken.length > 0) {
          // Their changes go into the draft, and the record as saved now is the one this save builds on.
          startEditing(edits.merged, set);
          onSaved(fresh, theirs);
          current = edits.merged;
        }
      }
      const payload = toVisibilityPayload(current, snapshot(editor).index as ClusterIndex, elementNames(set));
      const saved = await saveVisibilityProfile(payload);
      visibilityProfiles.upsert(saved);
      if (taken.length > 0) notify.success(m.saved(saved.name), conflictTexts.taken(listInWords(taken)));
      else notify.success(m.saved(saved.name));
      editor.form.uuid = saved.uuid;
      onSaved(saved, { ...current, uuid: saved.uuid });
    } catch (error) {
      if (isApiError(error, 409)) notify.error(m.nameExists);
      else notify.error(m.saveError, failureReason(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!record) return;
    setSaving(true);
    try {
      await deleteVisibilityProfile(record.uuid);
      visibilityProfiles.remove(record.uuid);
      notify.success(m.deleted(record.name));
      setConfirming(false);
      onDeleted();
    } catch (error) {
      notify.error(m.deleteFailed, failureReason(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Screen
      title={title}
      {...(record ? { subtitle: record.name } : {})}
      {...(record ? { documentTitle: `${title} ${record.name}` } : {})}
      actions={
        record ? (
          <Button size="sm" variant="outline" onClick={() => onClone(snapshot(editor).form as VisibilityForm)}>
            <LuCopy aria-hidden /> Clone Visibility
          </Button>
        ) : undefined
      }
    >
      <Stack gap="4">
        {readOnly ? <Notice status="info">{pageTexts.sharedProfileReadOnly}</Notice> : null}
        {clonedFrom !== null ? <Notice status="info">{cloneTexts.allCopied(clonedFrom)}</Notice> : null}
        <EditorAlerts />
        <Tabs.Root defaultValue="basic" variant="line" size="sm" lazyMount>
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="basic">Basic Info</Tabs.Trigger>
            <Tabs.Trigger value="carriers">Carrier</Tabs.Trigger>
            <Tabs.Trigger value="clusters">Cluster</Tabs.Trigger>
            <Tabs.Trigger value="clusterGroups">Cluster Group</Tabs.Trigger>
            <Tabs.Trigger value="networkGroups">Network Group</Tabs.Trigger>
            {nea ? <Tabs.Trigger value="neAttributes">Network Attribute</Tabs.Trigger> : null}
            {ven ? <Tabs.Trigger value="venues">Venue</Tabs.Trigger> : null}
            {record ? <Tabs.Trigger value={HISTORY_TAB}>{historyTexts.historyTab}</Tabs.Trigger> : null}
          </Tabs.List>
          <Tabs.Content value="basic">
            <BasicInfo
              readOnly={readOnly}
              callerRole={callerRole}
              layoutCodes={layoutCodes}
              companies={companyOptions}
            />
          </Tabs.Content>
          <Tabs.Content value="carriers">
            <ElementTab kind="carriers" label="Carriers" elements={set.carriers} readOnly={readOnly} />
          </Tabs.Content>
          <Tabs.Content value="clusters">
            <ClusterTab readOnly={readOnly} />
          </Tabs.Content>
          <Tabs.Content value="clusterGroups">
            <ElementTab kind="clusterGroups" label="Cluster Groups" elements={set.clusterGroups} readOnly={readOnly} />
          </Tabs.Content>
          <Tabs.Content value="networkGroups">
            <ElementTab kind="networkGroups" label="Network Groups" elements={set.networkGroups} readOnly={readOnly} />
          </Tabs.Content>
          {nea ? (
            <Tabs.Content value="neAttributes">
              <ElementTab
                kind="neAttributes"
                label="Network Attributes"
                elements={set.neAttributes}
                readOnly={readOnly}
              />
            </Tabs.Content>
          ) : null}
          {ven ? (
            <Tabs.Content value="venues">
              <ElementTab kind="venues" label="Venues" elements={set.venues} readOnly={readOnly} />
            </Tabs.Content>
          ) : null}
          {record ? <HistoryTabContent kind="visibilityProfile" uuid={record.uuid} record={record} /> : null}
        </Tabs.Root>
        {readOnly ? null : (
          <VisibilityActions
            isNew={record === null}
            baseline={baseline}
            saving={saving}
            onSave={() => void save()}
            onDelete={() => setConfirming(true)}
          />
        )}
      </Stack>
      {record && conflicted ? (
        <VisibilityConflict
          state={conflicted}
          baseline={baseline}
          what={record.name}
          describe={describe}
          update={setConflicted}
          save={(merged) => {
            // The choices over the record as saved now: that is the new baseline, then the write.
            startEditing(merged, set);
            onSaved(conflicted.fresh, conflicted.theirs);
            setConflicted(null);
            void save(true);
          }}
          reload={() => {
            startEditing(conflicted.theirs, set);
            onSaved(conflicted.fresh, conflicted.theirs);
            setConflicted(null);
            notify.info(conflictTexts.reloaded);
          }}
        />
      ) : null}
      {record ? (
        <DeleteConfirm
          open={confirming}
          onOpenChange={setConfirming}
          profile={record}
          busy={saving}
          onConfirm={remove}
        />
      ) : null}
    </Screen>
  );
}

/** The editor's warnings (spec §8 "Visibility"), each dismissible. */
function EditorAlerts() {
  const alerts = useSnapshot(editor).alerts;
  return (
    <>
      {alerts.map((a) => (
        <EditorAlert key={a.id} text={a.text} onDismiss={() => dismissAlert(a.id)} />
      ))}
    </>
  );
}

/** A warning at the top of the editor: toasts start below it, off its Dismiss. */
function EditorAlert({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <Alert.Root status="warning" role="alert" size="sm" {...useToastsBelow()}>
      <Alert.Indicator />
      <Alert.Title flex="1">{text}</Alert.Title>
      <CloseButton size="xs" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}

/** Name, Description and Visible To: re-rendered by their own fields only. */
function BasicInfo({
  readOnly,
  callerRole,
  layoutCodes,
  companies: companyOptions,
}: {
  readOnly: boolean;
  callerRole: Role | null;
  layoutCodes: readonly string[];
  companies: readonly { uuid: string; name: string }[] | null;
}) {
  const form = useSnapshot(editor).form;
  const errors = validateBasicInfo(form);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const shown = (field: 'name' | 'description') => (touched.has(field) ? errors[field] : undefined);
  const touch = (field: string) => setTouched((t) => new Set(t).add(field));
  return (
    <Stack gap="4" maxW="2xl">
      <TextField
        label="Name"
        required
        readOnly={readOnly}
        value={form.name}
        error={shown('name')}
        onChange={(v) => {
          setFormField('name', v);
          touch('name');
        }}
      />
      <TextAreaField
        label="Description"
        limit={MAX_DESCRIPTION}
        readOnly={readOnly}
        value={form.description}
        error={shown('description')}
        onChange={(v) => {
          setFormField('description', v);
          touch('description');
        }}
      />
      <VisibleTo
        value={{ minimumRole: form.minimumRole, companyUuid: form.companyUuid }}
        onChange={(v) => {
          setFormField('minimumRole', v.minimumRole as Role);
          setFormField('companyUuid', v.companyUuid);
        }}
        callerRole={callerRole}
        layoutCodes={layoutCodes}
        companies={companyOptions}
        disabled={readOnly}
      />
    </Stack>
  );
}

/** Create/Update and Delete, with the §5 rule's text; warns before leaving unsaved changes. */
function VisibilityActions({
  isNew,
  baseline,
  saving,
  onSave,
  onDelete,
}: {
  isNew: boolean;
  baseline: VisibilityForm;
  saving: boolean;
  onSave: () => void;
  onDelete: () => void;
}) {
  const form = useSnapshot(editor).form as VisibilityForm;
  const errors = validateVisibilityForm(form);
  const valid = Object.keys(errors).length === 0;
  useLeaveGuard(!formsEqual(form, baseline) && !saving);
  return (
    <Flex gap="3" align="center" wrap="wrap" borderTopWidth="1px" pt="4">
      <Button size="sm" colorPalette="blue" onClick={onSave} disabled={!valid || saving} loading={saving}>
        {isNew ? 'Create Visibility' : 'Update Visibility'}
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" disabled={isNew || saving} onClick={onDelete}>
        <LuTrash2 aria-hidden /> Delete Visibility
      </Button>
      {errors.primaryVisibility ? (
        <Text fontSize="sm" color="fg.error" role="status">
          {errors.primaryVisibility}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The conflict dialog over the draft (its form read here only while the dialog is open). */
function VisibilityConflict({
  state,
  baseline,
  what,
  describe,
  update,
  save,
  reload,
}: {
  state: ConflictState<VisibilityProfile, VisibilityForm>;
  baseline: VisibilityForm;
  what: string;
  describe: DescribeField<VisibilityForm>;
  update: (next: ConflictState<VisibilityProfile, VisibilityForm> | null) => void;
  save: (merged: VisibilityForm) => void;
  reload: () => void;
}) {
  const form = useSnapshot(editor).form as VisibilityForm;
  const conflict = conflictView(state, form, baseline, {
    what,
    describe,
    editedAt: new Map(),
    theirsAt: null,
    update,
    save,
    reload,
  });
  return <ConflictDialog conflict={conflict} />;
}
