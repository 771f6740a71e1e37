// The activity log's text query, one grammar for the console and the server:
// `actor:alice outcome:refused since:7d kind:user "bulk import"`. The console
// keeps the query in the address and shows a chip per term; the server reads
// the same text (GET /api/v1/activity?q=), so an export, a link and the screen
// always mean the same events.
//
// A term is `key:value` (the value quoted when it holds spaces); the same key
// twice means either (`actor:alice actor:bob`: by alice or by bob); different
// keys must all hold. Words without a key must all appear in the event's
// actor, target name or reason (case does not matter).

export const ACTIVITY_KINDS = [
  'user',
  'application',
  'appProfile',
  'businessProfile',
  'visibilityProfile',
  'authClient',
  'visibility',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'activate',
  'inactivate',
  'import',
  'sync',
  'bulk',
  'signIn',
  'signOut',
  'signOutEverywhere',
  'passwordResetMail',
  'passwordReset',
  'unlock',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_OUTCOMES = ['succeeded', 'refused', 'failed'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

export const ACTIVITY_CHANNELS = [
  'console',
  'api',
  'import',
  'bulk',
  'sync',
  'signInPage',
  'otherApplication',
] as const;
export type ActivityChannel = (typeof ACTIVITY_CHANNELS)[number];

/** Words people read, for each value (the console's labels, the CSV's too). */
export const ACTIVITY_LABELS = {
  kind: {
    user: 'User',
    application: 'Application',
    appProfile: 'Application profile',
    businessProfile: 'Business profile',
    visibilityProfile: 'Visibility profile',
    authClient: 'OAuth2 client',
    visibility: 'Visibility elements',
  },
  action: {
    create: 'Created',
    update: 'Updated',
    delete: 'Deleted',
    activate: 'Activated',
    inactivate: 'Inactivated',
    import: 'Imported',
    sync: 'Synced',
    bulk: 'Bulk action',
    signIn: 'Sign-in',
    signOut: 'Signed out',
    signOutEverywhere: 'Signed out everywhere',
    passwordResetMail: 'Password reset e-mail',
    passwordReset: 'Password reset',
    unlock: 'Unlocked',
  },
  outcome: { succeeded: 'Succeeded', refused: 'Refused', failed: 'Failed' },
  channel: {
    console: 'Console',
    api: 'API',
    import: 'Import',
    bulk: 'Bulk',
    sync: 'Sync',
    signInPage: 'Sign-in page',
    otherApplication: "Another application's sign-in",
  },
} as const satisfies {
  kind: Record<ActivityKind, string>;
  action: Record<ActivityAction, string>;
  outcome: Record<ActivityOutcome, string>;
  channel: Record<ActivityChannel, string>;
};

/** The keys a term may have, in the order the canonical text writes them. */
export const ACTIVITY_KEYS = [
  'actor',
  'target',
  'kind',
  'action',
  'outcome',
  'channel',
  'correlation',
  'since',
  'until',
] as const;
export type ActivityKey = (typeof ACTIVITY_KEYS)[number];

/** A term as read: its key (null for a plain word) and value. */
export interface ActivityTerm {
  key: ActivityKey | null;
  value: string;
}

/** A query as the server runs it. Empty lists hold no condition. */
export interface ActivityQuery {
  actors: string[];
  /** A record's uuid, or a name (matched whole, case does not matter). */
  targets: string[];
  kinds: ActivityKind[];
  actions: ActivityAction[];
  outcomes: ActivityOutcome[];
  channels: ActivityChannel[];
  correlations: string[];
  /** Instants in ms (inclusive since, exclusive until). */
  since: number | null;
  until: number | null;
  words: string[];
}

export interface ActivityQueryError {
  term: string;
  reason: string;
}

export type ParsedActivityQuery =
  | { ok: true; query: ActivityQuery; terms: ActivityTerm[] }
  | ({ ok: false } & ActivityQueryError);

/** The longest query read (the server refuses a longer one, the console never writes one). */
export const ACTIVITY_QUERY_MAX = 1000;
const MAX_TERMS = 40;

const ENUMS: Partial<Record<ActivityKey, readonly string[]>> = {
  kind: ACTIVITY_KINDS,
  action: ACTIVITY_ACTIONS,
  outcome: ACTIVITY_OUTCOMES,
  channel: ACTIVITY_CHANNELS,
};

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * An instant a `since:` or `until:` value names: a span back from now (`30m`,
 * `24h`, `7d`, `2w`), a day (`2026-11-01`, its start in UTC) or an ISO 8601
 * date-time. null: not one of those.
 */
export function instantOf(value: string, now: number): number | null {
  const span = /^(\d{1,5})([mhdw])$/.exec(value);
  if (span) return now - Number(span[1]) * (UNITS[span[2] as string] as number);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const t = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(t) ? null : t;
  }
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** Splits the text into terms: `key:value`, `key:"two words"`, `"a phrase"`, `word`. */
function tokens(text: string): string[] {
  const out: string[] = [];
  const re = /(?:[A-Za-z]+:)?"[^"]*"?|[^\s"]+/g;
  for (const m of text.matchAll(re)) out.push(m[0]);
  return out;
}

const unquote = (v: string) => (v.startsWith('"') ? v.replace(/^"|"$/g, '') : v);

/** Reads the text query; `now` resolves relative times. The first wrong term is named. */
export function parseActivityQuery(text: string, now: number): ParsedActivityQuery {
  if (text.length > ACTIVITY_QUERY_MAX)
    return { ok: false, term: text.slice(0, 40), reason: `The query is longer than ${ACTIVITY_QUERY_MAX} characters` };
  const query: ActivityQuery = {
    actors: [],
    targets: [],
    kinds: [],
    actions: [],
    outcomes: [],
    channels: [],
    correlations: [],
    since: null,
    until: null,
    words: [],
  };
  const terms: ActivityTerm[] = [];
  const all = tokens(text);
  if (all.length > MAX_TERMS)
    return { ok: false, term: all[MAX_TERMS] as string, reason: `At most ${MAX_TERMS} terms` };
  for (const raw of all) {
    const colon = /^([A-Za-z]+):(.*)$/s.exec(raw);
    if (!colon) {
      const word = unquote(raw).trim();
      if (word) {
        query.words.push(word.toLowerCase());
        terms.push({ key: null, value: word });
      }
      continue;
    }
    const key = (colon[1] as string).toLowerCase();
    const value = unquote(colon[2] as string).trim();
    if (!(ACTIVITY_KEYS as readonly string[]).includes(key))
      return { ok: false, term: raw, reason: `Unknown filter "${key}": use ${ACTIVITY_KEYS.join(', ')}` };
    if (!value) return { ok: false, term: raw, reason: `"${key}:" needs a value` };
    const k = key as ActivityKey;
    const allowed = ENUMS[k];
    let canonical = value;
    if (allowed) {
      const found = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
      if (!found) return { ok: false, term: raw, reason: `Unknown ${k} "${value}": use ${allowed.join(', ')}` };
      canonical = found;
    }
    if (k === 'since' || k === 'until') {
      const at = instantOf(value, now);
      if (at === null)
        return {
          ok: false,
          term: raw,
          reason: `"${value}" is not a time: write 30m, 24h, 7d, 2w, 2026-11-01 or an ISO date-time`,
        };
      if (query[k] !== null) return { ok: false, term: raw, reason: `"${k}:" may be given once` };
      query[k] = at;
    } else if (k === 'actor') query.actors.push(value.toLowerCase());
    else if (k === 'target') query.targets.push(value);
    else if (k === 'correlation') query.correlations.push(value);
    else if (k === 'kind') query.kinds.push(canonical as ActivityKind);
    else if (k === 'action') query.actions.push(canonical as ActivityAction);
    else if (k === 'outcome') query.outcomes.push(canonical as ActivityOutcome);
    else if (k === 'channel') query.channels.push(canonical as ActivityChannel);
    if (!terms.some((t) => t.key === k && t.value === canonical)) terms.push({ key: k, value: canonical });
  }
  return { ok: true, query, terms };
}

const quoted = (v: string) => (/[\s"]/.test(v) || v === '' ? `"${v.replace(/"/g, '')}"` : v);

/** One term as the text writes it. */
export function termText(term: ActivityTerm): string {
  return term.key === null ? quoted(term.value) : `${term.key}:${quoted(term.value)}`;
}

/** The terms as one text, keyed terms in ACTIVITY_KEYS order and then the words, each once. */
export function activityQueryText(terms: readonly ActivityTerm[]): string {
  const order = (t: ActivityTerm) => (t.key === null ? ACTIVITY_KEYS.length : ACTIVITY_KEYS.indexOf(t.key));
  const seen = new Set<string>();
  return [...terms]
    .map((t, i) => ({ t, i }))
    .sort((a, b) => order(a.t) - order(b.t) || a.i - b.i)
    .map(({ t }) => termText(t))
    .filter((text) => !seen.has(text) && seen.add(text))
    .join(' ');
}

/** The text with one term set (replacing that key's terms for since/until; added otherwise). */
export function withTerm(terms: readonly ActivityTerm[], term: ActivityTerm): ActivityTerm[] {
  const single = term.key === 'since' || term.key === 'until';
  const kept = terms.filter((t) => !(single && t.key === term.key));
  return kept.some((t) => t.key === term.key && t.value === term.value) ? kept : [...kept, term];
}

/** The terms without one. */
export function withoutTerm(terms: readonly ActivityTerm[], term: ActivityTerm): ActivityTerm[] {
  return terms.filter((t) => !(t.key === term.key && t.value === term.value));
}
