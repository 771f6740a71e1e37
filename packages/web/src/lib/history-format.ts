// The words of a history entry, as pure functions so they are
// unit-tested: the action, who, when (absolute and relative, in the browser's
// time zone), one line per changed field, and the whole record as it was, as
// rows a person reads rather than JSON.

import { visibleToLabel } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { historyTexts } from '@userprofile/shared/messages';

export type HistoryAction = components['schemas']['HistoryEntry']['action'];
export type HistoryChange = components['schemas']['Change'];

const ACTIONS: Record<HistoryAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  activate: 'Activated',
  inactivate: 'Inactivated',
  import: 'Imported',
  sync: 'Synced',
};

/** 'Updated', 'Created' ...; an action this console does not know yet is shown as the server names it. */
export function actionLabel(action: string): string {
  return ACTIONS[action as HistoryAction] ?? action;
}

export type HistoryActor = components['schemas']['HistoryEntry']['actor'];

/** Who made the change: a username, the server itself (actor null), or "another administrator" the reader may not know. */
export function actorLabel(actor: HistoryActor | undefined): string {
  if (!actor) return historyTexts.serverActor;
  return 'withheld' in actor ? historyTexts.otherAdministrator : actor.username;
}

export const EMPTY_VALUE = '(empty)';

/** A scalar of a change or a record: '(empty)' for nothing, Yes/No for a flag. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** One changed field, ready to render; `from` null: no earlier value is shown (the record as it arrived). */
export type ChangeView =
  | { kind: 'secret'; label: string; text: string }
  | { kind: 'value'; label: string; from: string | null; to: string }
  | { kind: 'list'; label: string; added: readonly string[]; removed: readonly string[] };

export function changeView(change: HistoryChange): ChangeView {
  if (change.secret) return { kind: 'secret', label: change.label, text: historyTexts.secretChanged(change.label) };
  if (change.added !== undefined || change.removed !== undefined) {
    return { kind: 'list', label: change.label, added: change.added ?? [], removed: change.removed ?? [] };
  }
  const from = 'from' in change ? scalarText(change.from) : null;
  return { kind: 'value', label: change.label, from, to: scalarText(change.to) };
}

/** The change as one plain sentence ('Description: old → new', 'Roles: + A, − B'), e.g. for a title or a test. */
export function changeText(change: HistoryChange): string {
  const view = changeView(change);
  switch (view.kind) {
    case 'secret':
      return view.text;
    case 'value':
      return view.from === null ? `${view.label}: ${view.to}` : `${view.label}: ${view.from} → ${view.to}`;
    case 'list':
      return `${view.label}: ${[...view.added.map((n) => `+ ${n}`), ...view.removed.map((n) => `− ${n}`)].join(', ')}`;
  }
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * When, for a person: the local date and time ('23 Nov 2026, 15:52'), the
 * same with seconds for a tooltip, and how long ago ('5 minutes ago', 'just
 * now'). `locale` and `timeZone` default to the browser's.
 */
export function whenText(
  at: string,
  now: Date,
  options: { locale?: string; timeZone?: string } = {},
): { absolute: string; precise: string; relative: string } {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return { absolute: at, precise: at, relative: '' };
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const absolute = new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeStyle: 'short', ...zone }).format(
    date,
  );
  const precise = new Intl.DateTimeFormat(options.locale, { dateStyle: 'full', timeStyle: 'long', ...zone }).format(
    date,
  );
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  let relative = 'just now';
  if (Math.abs(seconds) >= 45) {
    const rtf = new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' });
    const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['minute', 60];
    relative = rtf.format(Math.round(seconds / size), unit);
  }
  return { absolute, precise, relative };
}

// --- The record as it was ------------------------------------------------------

/** A value of a record snapshot, described for reading. */
export type ValueView =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: readonly ValueView[]; more: number }
  | { kind: 'fields'; rows: readonly FieldRow[] };

export interface FieldRow {
  key: string;
  label: string;
  value: ValueView;
}

/** Past this many items a list shows 'and N more'. */
export const LIST_LIMIT = 50;

/** The forms' words for the wire's fields where they differ from the field's name. */
const FORM_LABELS: Readonly<Record<string, string>> = {
  uuid: 'UUID',
  minimumRole: 'Visible To',
  errigalCustomerCompany: 'Company',
};

/** 'minimumRole' → 'Visible To' (the form's word), 'apiHost' → 'Api Host', 'dataUrl' → 'Data Url'. */
export function fieldLabel(key: string): string {
  const known = FORM_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.replace(/\b\w/g, (c) => c.toUpperCase());
}

function countBelow(children: unknown): number {
  if (!Array.isArray(children)) return 0;
  return children.reduce<number>((n, child) => {
    const below = child && typeof child === 'object' ? (child as { children?: unknown }).children : undefined;
    return n + 1 + countBelow(below);
  }, 0);
}

/**
 * A record's value in words: a named thing ({uuid, name}) by its name (a tree
 * node with the number of nodes below it), a list by its items, any other
 * object as its own rows.
 */
export function valueView(value: unknown, labels: ReadonlyMap<string, string> = new Map()): ValueView {
  if (Array.isArray(value)) {
    return {
      kind: 'list',
      items: value.slice(0, LIST_LIMIT).map((item) => valueView(item, labels)),
      more: Math.max(0, value.length - LIST_LIMIT),
    };
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const name =
      typeof record.name === 'string' ? record.name : typeof record.username === 'string' ? record.username : null;
    if (name !== null) {
      const below = countBelow(record.children);
      return { kind: 'text', text: below > 0 ? `${name} (and ${below} below)` : name };
    }
    return { kind: 'fields', rows: fieldRows(record, labels) };
  }
  return { kind: 'text', text: scalarText(value) };
}

/** A field's value in words; a minimum role as the Visible To selector says it ('Customer', not 'ADMIN'). */
function fieldValueView(key: string, value: unknown, labels: ReadonlyMap<string, string>): ValueView {
  if (key === 'minimumRole' && value && typeof value === 'object') {
    const role = (value as { name?: unknown }).name;
    if (typeof role === 'string') return { kind: 'text', text: visibleToLabel(role) };
  }
  return valueView(value, labels);
}

function fieldRows(record: Record<string, unknown>, labels: ReadonlyMap<string, string>): FieldRow[] {
  return Object.entries(record).map(([key, value]) => ({
    key,
    label: labels.get(key) ?? fieldLabel(key),
    value: fieldValueView(key, value, labels),
  }));
}

/** One row of the before/after view of an entry. */
export interface SnapshotRow {
  key: string;
  label: string;
  before: ValueView | null;
  after: ValueView | null;
  changed: boolean;
}

/**
 * The record before and after the change, field by field (the fields of
 * either side, in the record's own order), each marked when it changed. The
 * labels of the entry's changes name the fields they cover.
 */
export function snapshotRows(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  changes: readonly HistoryChange[] = [],
): SnapshotRow[] {
  const labels = new Map(changes.map((c) => [c.field, c.label]));
  const changedFields = new Set(changes.map((c) => c.field));
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return keys.map((key) => {
    const b = before && key in before ? fieldValueView(key, before[key], labels) : null;
    const a = after && key in after ? fieldValueView(key, after[key], labels) : null;
    const differs = before && after ? JSON.stringify(before[key]) !== JSON.stringify(after[key]) : false;
    return {
      key,
      label: labels.get(key) ?? fieldLabel(key),
      before: b,
      after: a,
      changed: changedFields.has(key) || differs,
    };
  });
}
