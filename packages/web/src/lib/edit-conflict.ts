// A record saved by someone else while it was being edited (issue 34 item 2):
// which fields they changed, which value of each is the newer, and the form
// the administrator's choices make. Pure: lib/use-editor.ts holds the state.

export type ConflictChoice = 'theirs' | 'mine';

/** A set compares as its sorted members (JSON would write every set as {}). */
const sets = (_key: string, value: unknown) => (value instanceof Set ? [...value].sort() : value);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a, sets) === JSON.stringify(b, sets);

/** The fields whose saved value (theirs) differs from the one the editor was opened on. */
export function changedKeys<Form>(theirs: Form, opened: Form): (keyof Form & string)[] {
  return (Object.keys(theirs as object) as (keyof Form & string)[]).filter((key) => !same(theirs[key], opened[key]));
}

/**
 * The newer value of a field they changed: theirs where the editor left the
 * field as opened; where both changed it, the later change: their save
 * (`theirsAt`, the backend's Last-Modified) against the last edit of the
 * field here. A backend that does not say when it saved leaves the edit on
 * screen as the newer.
 */
export function newerChoice<Form>(
  key: keyof Form & string,
  form: Form,
  opened: Form,
  editedAt: ReadonlyMap<string, number>,
  theirsAt: number | null,
): ConflictChoice {
  if (same(form[key], opened[key])) return 'theirs';
  const mine = editedAt.get(key);
  if (theirsAt === null || mine === undefined) return 'mine';
  return theirsAt > mine ? 'theirs' : 'mine';
}

/** The form to save: the edited form with theirs taken where chosen. */
export function mergeChoices<Form>(form: Form, theirs: Form, choices: Readonly<Record<string, ConflictChoice>>): Form {
  const merged = { ...(form as object) } as Form;
  for (const [key, choice] of Object.entries(choices))
    if (choice === 'theirs') merged[key as keyof Form] = theirs[key as keyof Form];
  return merged;
}

/** The record changed since the editor opened it: what the dialog shows and does. */
export interface EditConflict {
  what: string;
  rows: { key: string; label: string; theirs: string; yours: string; choice: ConflictChoice }[];
  choose: (key: string, choice: ConflictChoice) => void;
  chooseAll: (choice: ConflictChoice | 'newer') => void;
  /** Saves the form the choices make (only theirs chosen: nothing to save, the editor shows it). */
  save: () => void;
  /** Drops the edits: the form shows the record as saved now. */
  reload: () => void;
  cancel: () => void;
}

/** What the editor keeps of an open conflict. */
export interface ConflictState<R, Form> {
  fresh: R;
  theirs: Form;
  keys: string[];
  choices: Record<string, ConflictChoice>;
}

/** The dialog's view of a conflict, over the editor's state. */
export function conflictView<R, Form>(
  state: ConflictState<R, Form>,
  form: Form,
  opened: Form,
  deps: {
    what: string;
    describe: DescribeField<Form> | undefined;
    editedAt: ReadonlyMap<string, number>;
    theirsAt: number | null;
    update: (next: ConflictState<R, Form> | null) => void;
    save: (merged: Form) => void;
    reload: () => void;
  },
): EditConflict {
  const row = (key: string) => {
    const k = key as keyof Form & string;
    const theirs = deps.describe?.(k, state.theirs);
    return {
      key,
      label: theirs?.label ?? key,
      theirs: theirs?.value ?? '',
      yours: deps.describe?.(k, form)?.value ?? '',
      choice: state.choices[key] ?? 'mine',
    };
  };
  const pick = (choice: ConflictChoice | 'newer', key: string): ConflictChoice =>
    choice === 'newer' ? newerChoice(key as keyof Form & string, form, opened, deps.editedAt, deps.theirsAt) : choice;
  return {
    what: deps.what,
    rows: state.keys.map(row),
    choose: (key, choice) => deps.update({ ...state, choices: { ...state.choices, [key]: choice } }),
    chooseAll: (choice) =>
      deps.update({ ...state, choices: Object.fromEntries(state.keys.map((key) => [key, pick(choice, key)])) }),
    save: () => deps.save(mergeChoices(form, state.theirs, state.choices)),
    reload: deps.reload,
    cancel: () => deps.update(null),
  };
}

/** How the conflict dialog shows a field: its label, its value in words; null for a field it does not list. */
export type DescribeField<Form> = (key: keyof Form & string, form: Form) => { label: string; value: string } | null;

/** A value in words: text as it is, yes or no, a list joined; nothing for none. */
export function inWords(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(inWords).filter(Boolean).join(', ');
  if (value instanceof Set) return inWords([...value]);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A form's DescribeField: the fields of `labels` only (a password, an id or a
 * field the form does not show is left out), each in words, by `words` where
 * the value is an id or a structure a person reads by name.
 */
export function describeFields<Form>(
  labels: Partial<Record<keyof Form & string, string>>,
  words: { [K in keyof Form & string]?: (value: Form[K], form: Form) => string } = {},
): DescribeField<Form> {
  return (key, form) => {
    const label = labels[key];
    if (!label) return null;
    const word = words[key];
    return { label, value: word ? word(form[key], form) : inWords(form[key]) };
  };
}

/** The names of `uuids` in `list`, in the list's order (a uuid not in it as it is). */
export function namesIn(
  list: readonly { uuid: string; name: string }[] | null | undefined,
  uuids: readonly string[],
): string {
  const known = (list ?? []).filter((x) => uuids.includes(x.uuid)).map((x) => x.name);
  const unknown = uuids.filter((uuid) => !list?.some((x) => x.uuid === uuid));
  return [...known, ...unknown].join(', ');
}
