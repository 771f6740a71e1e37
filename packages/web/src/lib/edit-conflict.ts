// A record saved by someone else while it was being edited: a three-way merge
// of the record as the editor opened it, as saved now (theirs) and as edited
// here (mine); which value of a field both changed is the newer; and the form
// the administrator's choices make. Pure: lib/use-editor.ts and the
// visibility editor hold the state.

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

/**
 * The three-way merge of an edited form over a newer save. Per field: changed
 * only there, theirs is taken; changed only here, mine is kept; changed on
 * both sides to the same value, nothing to decide; changed on both sides to
 * different values, it is asked about (`asked`, mine in `merged` until then).
 * A field is one decision, whatever it holds (a list, a map of choices).
 */
export interface MergedEdits<Form> {
  /** The edited form with every field changed only there taken. */
  merged: Form;
  /** The fields taken from their save. */
  taken: (keyof Form & string)[];
  /** The fields changed on both sides, to different values. */
  asked: (keyof Form & string)[];
}

export function mergeEdits<Form>(opened: Form, theirs: Form, mine: Form): MergedEdits<Form> {
  const merged = { ...(mine as object) } as Form;
  const taken: (keyof Form & string)[] = [];
  const asked: (keyof Form & string)[] = [];
  const keys = new Set([...Object.keys(theirs as object), ...Object.keys(mine as object)]) as Set<keyof Form & string>;
  for (const key of keys) {
    if (same(theirs[key], opened[key])) continue;
    if (same(mine[key], opened[key])) {
      merged[key] = theirs[key];
      taken.push(key);
    } else if (!same(mine[key], theirs[key])) asked.push(key);
  }
  return { merged, taken, asked };
}

/** Items in words: 'a', 'a and b', 'a, b and c'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
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
  /** The labels of the fields taken from their save without a question, in words ('' for none). */
  taken: string;
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
  /** The edited form with the fields changed only there taken (mergeEdits). */
  merged: Form;
  /** The labels of the fields taken, for the dialog's line. */
  taken: string[];
  /** The fields asked about: changed on both sides, to different values. */
  keys: string[];
  choices: Record<string, ConflictChoice>;
}

/**
 * A merge's conflict, if it has fields to ask about (those the dialog lists:
 * a field it does not show, changed on both sides, keeps the edit), each
 * choice defaulting to the newer value; null: nothing to ask, the merged form
 * can be saved.
 */
export function conflictOf<R, Form>(
  fresh: R,
  theirs: Form,
  opened: Form,
  edits: MergedEdits<Form>,
  deps: { describe: DescribeField<Form> | undefined; editedAt: ReadonlyMap<string, number>; theirsAt: number | null },
): ConflictState<R, Form> | null {
  const keys = edits.asked.filter((key) => deps.describe?.(key, theirs) != null);
  if (keys.length === 0) return null;
  const choices = Object.fromEntries(
    keys.map((key) => [key, newerChoice(key, edits.merged, opened, deps.editedAt, deps.theirsAt)] as const),
  );
  return { fresh, theirs, merged: edits.merged, taken: takenLabels(edits, theirs, deps.describe), keys, choices };
}

/** The labels of the fields taken from their save that the form shows. */
export function takenLabels<Form>(
  edits: MergedEdits<Form>,
  theirs: Form,
  describe: DescribeField<Form> | undefined,
): string[] {
  return edits.taken.flatMap((key) => describe?.(key, theirs)?.label ?? []);
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
    taken: listInWords(state.taken),
    rows: state.keys.map(row),
    choose: (key, choice) => deps.update({ ...state, choices: { ...state.choices, [key]: choice } }),
    chooseAll: (choice) =>
      deps.update({ ...state, choices: Object.fromEntries(state.keys.map((key) => [key, pick(choice, key)])) }),
    save: () => deps.save(mergeChoices(state.merged, state.theirs, state.choices)),
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
