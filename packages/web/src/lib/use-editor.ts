// The life of an edit screen (spec §4 "Edit forms", §5 submit rules, §8
// save messages), the same for every area:
// - a missing uuid means create mode; otherwise the record loads, and a
//   failed load keeps its error for the screen (with Retry);
// - a field's error shows once the field is touched or a submit was tried,
//   and follows every keystroke from then on;
// - submit warns 'Please Check Form Is Filled Correctly' on an invalid form
//   and 'Please Wait Until … Completes' while a save runs (one save at a time);
// - after a save the screen goes to the edit route of the saved record; after
//   a delete, back to the list;
// - leaving with unsaved changes asks first; a session that ends under them
//   keeps them, and the same editor takes them back after the sign-in.
// The area gives its calls, its form mapping and its messages.
import { conflictTexts, userMessages } from '@userprofile/shared/messages';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from './api/errors.ts';
import { etagOf, modifiedAtOf } from './api/versions.ts';
import {
  type ConflictState,
  changedKeys,
  conflictOf,
  conflictView,
  type DescribeField,
  type EditConflict,
  listInWords,
  mergeEdits,
  takenLabels,
} from './edit-conflict.ts';
import { DRAFT_RESTORED, dropDraft, keepOnSessionEnd, peekDraft } from './kept-drafts.ts';
import { currentPath, reloadAt } from './navigation.ts';
import { useSession } from './session.ts';
import { notify, notifyAfterReload } from './toaster.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

/** Spec §5: an invalid submit. */
export const FORM_INVALID = userMessages.formInvalid;
/** Spec §5's submit-while-saving warning for an area: pleaseWaitUntil('Updating User'). */
export const pleaseWaitUntil = (action: string): string => `Please Wait Until ${action} Completes`;

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * A toast of the editor: the catalogue text, or the text with a second line
 * (the reason) and, for a save that half-failed, another status.
 */
export type EditorToast = string | { title: string; description?: string; status?: 'success' | 'error' | 'warning' };

/** A toast with one more line: what a save took from a newer save of the record. */
function withLine(toast: EditorToast, line: string | null): EditorToast {
  if (!line) return toast;
  const t = typeof toast === 'string' ? { title: toast } : toast;
  return { ...t, description: t.description ? `${t.description}\n${line}` : line };
}

function toastOf(toast: EditorToast, status: 'success' | 'error', afterReload = false): void {
  const t = typeof toast === 'string' ? { title: toast } : toast;
  if (afterReload) notifyAfterReload(t.status ?? status, t.title, t.description);
  else notify[t.status ?? status](t.title, t.description);
}

export interface EditorOptions<R, Form, Field extends string> {
  /** The record's uuid from the route; null or undefined: create mode. */
  uuid: string | null | undefined;
  /** Loads the record to edit (edit mode only). */
  load: (uuid: string) => Promise<R>;
  /** The form of a record, or of a new one (null). */
  toForm: (record: R | null) => Form;
  /** A create-mode form handed over by another screen (Clone), used instead of toForm(null). */
  initialForm?: () => Form | null;
  /** The field → message map of spec §5 (empty: valid). */
  validate: (form: Form) => FieldErrors<Field>;
  /** Saves the form; answers the saved record. A rejection is the failure the messages name. */
  save: (form: Form, record: R | null) => Promise<R>;
  /** The saved record's uuid, for its edit route. */
  uuidOf: (record: R) => string;
  /** The edit route of a record, and the list route. */
  editPath: (uuid: string) => string;
  listPath: string;
  /** Deletes the record (edit mode). */
  remove?: (record: R) => Promise<void>;
  /** After a delete, a full page load of the list instead of in-app navigation (spec §4: applications). */
  reloadAfterDelete?: boolean;
  messages: {
    /** Spec §5, e.g. pleaseWaitUntil('Updating User'). */
    saveInProgress: string;
    saved: (record: R, form: Form) => EditorToast;
    saveFailed: (error: unknown, form: Form) => EditorToast;
    deleted?: (record: R) => EditorToast;
    deleteFailed?: (error: unknown, record: R) => EditorToast;
  };
  /**
   * The fields a failed save names (a taken username, a rule the server
   * holds): marked under the field until it is changed, so the user sees what to fix.
   */
  fieldErrorsOf?: (failure: unknown, form: Form) => FieldErrors<Field>;
  /** Called after a save (and before navigating), to update the caches. */
  afterSave?: (record: R) => void;
  /**
   * No silent overwrite: before a save the record is read again (`load`),
   * unless the backend gave it a version (`ETag`: the area's save sends
   * If-Match and a 412 is the same finding). The edits are merged three ways
   * (lib/edit-conflict.ts mergeEdits): a field changed only there is taken,
   * and only one changed on both sides, to different values, opens the
   * conflict dialog; with none, the save goes on.
   */
  conflict?: {
    /** How the record is named in the dialog ('customer.admin'). */
    what: (record: R) => string;
    /** A field's label and shown value; null: a field the dialog does not list (lib/edit-conflict.ts describeFields). */
    describe: DescribeField<Form>;
  };
  /** Called after a delete, to update the caches. */
  afterDelete?: (record: R) => void;
}

export type EditorStatus = 'loading' | 'ready' | 'error';

export type { EditConflict } from './edit-conflict.ts';

export interface Editor<R, Form, Field extends string> {
  mode: 'create' | 'edit';
  status: EditorStatus;
  /** The failure of the load (status 'error'). */
  error: unknown;
  retry: () => void;
  /** The open conflict dialog (no save silently overwrites another), or null. */
  conflict: EditConflict | null;
  /** The loaded (or last saved) record; null in create mode. */
  record: R | null;
  /** Null until loaded. */
  form: Form | null;
  /** Sets one field and marks it touched. */
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  /** Replaces the form (for changes that touch several fields), marking `touched` fields touched. */
  change: (update: (form: Form) => Form, touched?: readonly string[]) => void;
  /**
   * A field bound to the form, for a key that is both a form key and a rule's
   * field: its value, `set` as its onChange, and its shown error —
   * `<TextField label="Email" {...editor.bind('email')} />`. Only once the form is loaded.
   */
  bind: <K extends keyof Form & Field>(
    key: K,
  ) => { value: Form[K]; onChange: (value: Form[K]) => void; error: string | undefined };
  /** Every rule that fails now. */
  errors: FieldErrors<Field>;
  /** The error to show under a field: once touched or after a submit. */
  errorOf: (field: Field) => string | undefined;
  valid: boolean;
  saving: boolean;
  dirty: boolean;
  submit: () => Promise<void>;
  deleteRecord: () => Promise<boolean>;
  /**
   * The server changed the record by itself (spec §4: an application sync
   * answers the application, which replaces it): record, form and the
   * unsaved-changes baseline all become the new record.
   */
  replace: (record: R) => void;
  /**
   * Fills in what the form gets by itself once a list it needs has loaded (a
   * tenant admin's own company): the form and its unsaved-changes baseline
   * alike, so an untouched form stays unchanged; fields edited here stay.
   */
  fillDefaults: (update: (form: Form) => Form) => void;
}

/**
 * Which errors to show: those of touched fields, or all once a submit was
 * tried. A form that something was changed in, still invalid with no error
 * of a touched field to show, shows them all: the blocked
 * submit and 'Please Check Form Is Filled Correctly' always point at a
 * marked field, such as a choice left at '---'.
 */
export function shownErrors<F extends string>(
  errors: FieldErrors<F>,
  touched: ReadonlySet<string>,
  submitted: boolean,
): FieldErrors<F> {
  if (submitted) return errors;
  const shown: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(errors) as [F, string][])
    if (touched.has(field)) shown[field] = message;
  return touched.size > 0 && Object.keys(shown).length === 0 ? errors : shown;
}

function withoutFields<F extends string>(errors: FieldErrors<F>, fields: readonly string[]): FieldErrors<F> {
  if (!fields.some((f) => f in errors)) return errors;
  const rest = { ...errors };
  for (const f of fields) delete rest[f as F];
  return rest;
}

/** A form differs from its baseline (plain data: compared as JSON). */
export function formChanged(form: unknown, baseline: unknown): boolean {
  return JSON.stringify(form) !== JSON.stringify(baseline);
}

export function useEditor<R, Form, Field extends string>(
  options: EditorOptions<R, Form, Field>,
): Editor<R, Form, Field> {
  const uuid = options.uuid ?? null;
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<EditorStatus>(uuid ? 'loading' : 'ready');
  const [error, setError] = useState<unknown>(null);
  const [record, setRecord] = useState<R | null>(null);
  // Unsaved changes kept when the session ended on this page (lib/kept-drafts.ts).
  const [path] = useState(currentPath);
  const [kept] = useState(() => peekDraft<Form>(useSession.getState().user?.username, path));
  const [baseline, setBaseline] = useState<Form | null>(() =>
    uuid ? null : (options.initialForm?.() ?? options.toForm(null)),
  );
  const [form, setForm] = useState<Form | null>(() => (uuid ? null : (kept ?? baseline)));
  // Edit mode: the kept form replaces the record's form once, when it first loads.
  const unrestored = useRef(uuid ? kept : null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // What the last failed save said of fields; a field's entry goes when the field changes.
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [saving, setSaving] = useState(false);
  const [conflicted, setConflicted] = useState<ConflictState<R, Form> | null>(null);
  // When each field was last edited here (ms): which of two changes of a field is the newer.
  const editedAt = useRef(new Map<string, number>());
  const [attempt, setAttempt] = useState(0);
  const lock = useRef(false);
  // The latest options, so callbacks stay stable while the area passes fresh closures each render.
  const latest = useRef(options);
  latest.current = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on a new uuid or a Retry (attempt)
  useEffect(() => {
    if (!uuid) return;
    let live = true;
    setStatus('loading');
    setError(null);
    latest.current.load(uuid).then(
      (loaded) => {
        if (!live) return;
        const loadedForm = latest.current.toForm(loaded);
        setRecord(loaded);
        setForm(unrestored.current ?? loadedForm);
        unrestored.current = null;
        setBaseline(loadedForm);
        setStatus('ready');
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure);
        setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [uuid, attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: said once, when the editor opens with them
  useEffect(() => {
    if (!kept) return;
    dropDraft(path);
    notify.info(DRAFT_RESTORED);
  }, []);

  const errors = useMemo(() => (form ? options.validate(form) : {}), [form, options.validate]);
  const valid = Object.keys(errors).length === 0;
  const shown = useMemo(
    () => ({ ...serverErrors, ...shownErrors(errors, touched, submitted) }),
    [errors, touched, submitted, serverErrors],
  );
  const changed = form !== null && baseline !== null && formChanged(form, baseline);
  const dirty = changed && !saving;
  useLeaveGuard(dirty);
  // Kept during a save too: a save refused for an ended session (401) is the likeliest way to lose them.
  useEffect(() => (changed && form ? keepOnSessionEnd(path, () => form) : undefined), [changed, form, path]);

  const set = useCallback(<K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => (f ? { ...f, [key]: value } : f));
    setTouched((t) => new Set(t).add(String(key)));
    setServerErrors((e) => withoutFields(e, [String(key)]));
    editedAt.current.set(String(key), Date.now());
  }, []);

  const change = useCallback((update: (form: Form) => Form, fields: readonly string[] = []) => {
    setForm((f) => {
      if (!f) return f;
      const next = update(f);
      for (const key of changedKeys(next, f)) editedAt.current.set(key, Date.now());
      return next;
    });
    if (fields.length > 0) {
      setTouched((t) => new Set([...t, ...fields]));
      setServerErrors((e) => withoutFields(e, fields));
    }
  }, []);

  const submit = async () => {
    const o = latest.current;
    if (lock.current) {
      notify.warning(o.messages.saveInProgress);
      return;
    }
    if (!form) return;
    if (!valid) {
      setSubmitted(true);
      notify.warning(FORM_INVALID);
      return;
    }
    await runSave(form, record, baseline);
  };

  /**
   * The edits merged over the record read again (`fresh`), three ways with the
   * form opened on: 'asked' when fields changed on both sides opened the
   * dialog; else the form to save on that record and the labels taken.
   */
  const mergeOver = (fresh: R, edited: Form, opened: Form | null): 'asked' | { form: Form; taken: string[] } => {
    const o = latest.current;
    if (!o.conflict || !opened) return { form: edited, taken: [] };
    const theirs = o.toForm(fresh);
    const edits = mergeEdits(opened, theirs, edited);
    const describe = o.conflict.describe;
    const open = conflictOf(fresh, theirs, opened, edits, {
      describe,
      editedAt: editedAt.current,
      theirsAt: modifiedAtOf(fresh),
    });
    if (open) {
      setConflicted(open);
      return 'asked';
    }
    return { form: edits.merged, taken: takenLabels(edits, theirs, describe) };
  };

  /** `alreadyTaken`: labels of fields a merge took from a newer save, said with the saved toast. */
  const runSave = async (
    edited: Form,
    record: R | null,
    opened: Form | null,
    retried = false,
    alreadyTaken: string[] = [],
  ): Promise<void> => {
    const o = latest.current;
    lock.current = true;
    setSaving(true);
    setServerErrors({});
    let again: { record: R; form: Form; opened: Form; taken: string[] } | null = null;
    let form = edited;
    let current = record;
    let taken = alreadyTaken;
    try {
      // Without a version from the backend, the record is read again and merged first.
      if (o.conflict && uuid && current && etagOf(current) === null) {
        const fresh = await o.load(uuid);
        const merged = mergeOver(fresh, form, opened);
        if (merged === 'asked') return;
        form = merged.form;
        current = fresh;
        taken = [...taken, ...merged.taken];
      }
      const saved = await o.save(form, current);
      const savedForm = o.toForm(saved);
      o.afterSave?.(saved);
      const line = taken.length > 0 ? conflictTexts.taken(listInWords([...new Set(taken)])) : null;
      toastOf(withLine(o.messages.saved(saved, form), line), 'success');
      setRecord(saved);
      setForm(savedForm);
      setBaseline(savedForm);
      setTouched(new Set());
      setSubmitted(false);
      const savedUuid = o.uuidOf(saved);
      if (savedUuid !== uuid) navigate(o.editPath(savedUuid), { replace: true });
    } catch (failure) {
      // 412: the version sent is stale. Read again and merged: a field changed on both sides opens the
      // dialog; otherwise their changes are taken, and the save goes once more on the new version.
      if (o.conflict && uuid && isApiError(failure, 412)) {
        const fresh = await o.load(uuid).catch(() => null);
        const merged = fresh ? mergeOver(fresh, form, opened) : null;
        if (merged === 'asked') return;
        if (fresh && merged && !retried)
          again = { record: fresh, form: merged.form, opened: o.toForm(fresh), taken: [...taken, ...merged.taken] };
        else toastOf(o.messages.saveFailed(failure, form), 'error');
        return;
      }
      setServerErrors(o.fieldErrorsOf?.(failure, form) ?? {});
      toastOf(o.messages.saveFailed(failure, form), 'error');
    } finally {
      lock.current = false;
      setSaving(false);
      if (again) {
        setRecord(again.record);
        void runSave(again.form, again.record, again.opened, true, again.taken);
      }
    }
  };

  const conflict: EditConflict | null =
    conflicted && form
      ? conflictView(conflicted, form, baseline ?? conflicted.theirs, {
          what: latest.current.conflict?.what(conflicted.fresh) ?? '',
          describe: latest.current.conflict?.describe,
          editedAt: editedAt.current,
          theirsAt: modifiedAtOf(conflicted.fresh),
          update: setConflicted,
          save: (merged) => {
            const { fresh, theirs } = conflicted;
            setConflicted(null);
            setRecord(fresh);
            setBaseline(theirs);
            setForm(merged);
            // The dialog said what it took: the saved toast need not say it again.
            if (formChanged(merged, theirs)) void runSave(merged, fresh, theirs);
          },
          reload: () => {
            replace(conflicted.fresh);
            setConflicted(null);
            notify.info(conflictTexts.reloaded);
          },
        })
      : null;

  const deleteRecord = async (): Promise<boolean> => {
    const o = latest.current;
    if (!record || !o.remove || lock.current) return false;
    lock.current = true;
    setSaving(true);
    try {
      await o.remove(record);
      o.afterDelete?.(record);
      // A full reload would take the toast with it: it is shown on the list that loads.
      if (o.messages.deleted) toastOf(o.messages.deleted(record), 'success', o.reloadAfterDelete);
      setBaseline(form);
      if (o.reloadAfterDelete) reloadAt(o.listPath);
      else navigate(o.listPath);
      return true;
    } catch (failure) {
      if (o.messages.deleteFailed) toastOf(o.messages.deleteFailed(failure, record), 'error');
      return false;
    } finally {
      lock.current = false;
      setSaving(false);
    }
  };

  const replace = useCallback((next: R) => {
    const nextForm = latest.current.toForm(next);
    setRecord(next);
    setForm(nextForm);
    setBaseline(nextForm);
    setTouched(new Set());
    setSubmitted(false);
  }, []);

  const fillDefaults = useCallback((update: (form: Form) => Form) => {
    setBaseline((b) => (b ? update(b) : b));
    setForm((f) => (f ? update(f) : f));
  }, []);

  return {
    mode: uuid ? 'edit' : 'create',
    conflict,
    status,
    error,
    retry: () => setAttempt((n) => n + 1),
    record,
    form,
    set,
    change,
    bind: (key) => {
      if (!form) throw new Error(`bind('${String(key)}') before the form is loaded`);
      return { value: form[key], onChange: (value) => set(key, value), error: shown[key] };
    },
    errors,
    errorOf: (field) => shown[field],
    valid,
    saving,
    dirty,
    submit,
    deleteRecord,
    replace,
    fillDefaults,
  };
}
