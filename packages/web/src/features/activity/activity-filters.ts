// The Activity screen's query as terms (the grammar is the shared one,
// @userprofile/shared/activity-query): what each filter control shows of the
// terms, the terms a control's change makes, and the words of a chip. The
// text query, the chips and the controls all read and write the same terms,
// and the address holds their canonical text, so each says what the others do.
import {
  ACTIVITY_LABELS,
  type ActivityKey,
  type ActivityTerm,
  activityQueryText,
  parseActivityQuery,
} from '@userprofile/shared/activity-query';

/** The time range choices: a span back from now, written as the `since:` term says it. */
export const RANGE_PRESETS = [
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
] as const;

/** '' any time, a preset's value, or 'custom' (a since or until the presets do not say). */
export type RangeChoice = '' | (typeof RANGE_PRESETS)[number]['value'] | 'custom';

export type ReadQuery = { ok: true; terms: ActivityTerm[]; text: string } | { ok: false; reason: string };

/** The text as terms and its canonical text, or why it cannot be read (the term named). */
export function readQuery(text: string, now: number = Date.now()): ReadQuery {
  const parsed = parseActivityQuery(text, now);
  if (!parsed.ok) return { ok: false, reason: `${parsed.term}: ${parsed.reason}` };
  return { ok: true, terms: parsed.terms, text: activityQueryText(parsed.terms) };
}

/** The values of one key, in the order written. */
export function valuesOf(terms: readonly ActivityTerm[], key: ActivityKey): string[] {
  return terms.filter((t) => t.key === key).map((t) => t.value);
}

/** The terms with one key's values replaced (in the given order); the other terms stay as they were. */
export function withValues(
  terms: readonly ActivityTerm[],
  key: ActivityKey,
  values: readonly string[],
): ActivityTerm[] {
  const kept = terms.filter((t) => t.key !== key);
  const unique = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  return [...kept, ...unique.map((value) => ({ key, value }))];
}

/** The range a time select shows for these terms. */
export function rangeOf(terms: readonly ActivityTerm[]): RangeChoice {
  const since = valuesOf(terms, 'since')[0];
  const until = valuesOf(terms, 'until')[0];
  if (since === undefined && until === undefined) return '';
  const preset = RANGE_PRESETS.find((p) => p.value === since);
  return preset && until === undefined ? preset.value : 'custom';
}

/** The terms for a range chosen: a preset sets `since:` alone; any time clears both; custom keeps what is there. */
export function withRange(terms: readonly ActivityTerm[], range: RangeChoice): ActivityTerm[] {
  if (range === 'custom') return [...terms];
  const without = terms.filter((t) => t.key !== 'since' && t.key !== 'until');
  return range === '' ? without : [...without, { key: 'since', value: range }];
}

/** A day a date input shows of a `since:`/`until:` value ('' when the value is no plain day). */
export function dayOf(terms: readonly ActivityTerm[], key: 'since' | 'until'): string {
  const value = valuesOf(terms, key)[0] ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

const KEY_LABELS: Record<ActivityKey, string> = {
  actor: 'Actor',
  target: 'Target',
  kind: 'Kind',
  action: 'Action',
  outcome: 'Outcome',
  channel: 'Channel',
  correlation: 'Correlation',
  since: 'Since',
  until: 'Before',
};

function valueLabel(term: ActivityTerm): string {
  const { key, value } = term;
  if (key === 'kind') return ACTIVITY_LABELS.kind[value as keyof typeof ACTIVITY_LABELS.kind] ?? value;
  if (key === 'action') return ACTIVITY_LABELS.action[value as keyof typeof ACTIVITY_LABELS.action] ?? value;
  if (key === 'outcome') return ACTIVITY_LABELS.outcome[value as keyof typeof ACTIVITY_LABELS.outcome] ?? value;
  if (key === 'channel') return ACTIVITY_LABELS.channel[value as keyof typeof ACTIVITY_LABELS.channel] ?? value;
  if (key === 'since') return RANGE_PRESETS.find((p) => p.value === value)?.label.toLowerCase() ?? value;
  return value;
}

/** A chip's words: 'Actor: alice', 'Outcome: Refused', 'Since: last 7 days', or a plain word quoted. */
export function termLabel(term: ActivityTerm): string {
  if (term.key === null) return `"${term.value}"`;
  return `${KEY_LABELS[term.key]}: ${valueLabel(term)}`;
}
