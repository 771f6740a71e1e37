// A snapshot from elsewhere (SEED_FROM) is checked whole before anything of it
// is written, as input from a stranger (docs/storage.md "A snapshot is checked whole"): every record kind and
// piece of state is one this server keeps, every record has the shape the
// store reads (so no call answers 500 on a mistyped field later), uuids and
// usernames are unique, and every stored password hash has this server's own
// scrypt cost (a hash that names its own cost would otherwise hold the
// crypto threads for minutes at each sign-in). The first bad record is
// named; nothing is said of its values but where it is.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { passwordHashPolicy, withinHashPolicy } from '../auth/password.ts';
import { oneLine } from '../http/one-line.ts';

const ROLE = { enum: ['ERRIGAL_ADMIN', 'ADMIN', 'SCO_ADMIN'] } as const;
const TEXT = { type: 'string', maxLength: 100_000 } as const;
const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const ID_OR_NULL = { anyOf: [ID, { type: 'null' }] } as const;
const IDS = { type: 'array', items: ID } as const;
const SCOPED = { minimumRole: ROLE, companyUuid: ID_OR_NULL } as const;

/** An object with exactly these properties, all required. */
function record(properties: Record<string, object>, optional: Record<string, object> = {}) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties: { ...properties, ...optional },
  };
}

const APP_ROW = record({ uuid: ID, name: TEXT, externalRole: { type: 'boolean' }, category: TEXT, ...SCOPED });
const NAMED = record({ uuid: ID, name: TEXT });
const HASH = { type: 'string', maxLength: 400 } as const;
const COUNT = { type: 'integer', minimum: 0 } as const;

/** The shape of each record kind, as the store keeps it (store/types.ts). */
const RECORD_SCHEMAS: Record<string, object> = {
  user: record(
    {
      uuid: ID,
      username: TEXT,
      email: TEXT,
      firstName: TEXT,
      lastName: TEXT,
      deskPhone: { anyOf: [TEXT, { type: 'null' }] },
      mobilePhone: { anyOf: [TEXT, { type: 'null' }] },
      active: { type: 'boolean' },
      locationUuid: ID_OR_NULL,
      businessProfileUuid: ID_OR_NULL,
      visibilityProfileUuid: ID_OR_NULL,
      ...SCOPED,
      elements: { type: 'array', items: record({ uuid: ID, actualValue: TEXT }) },
      passwordHash: { anyOf: [HASH, { type: 'null' }] },
      passwordHistory: { type: 'array', items: HASH, maxItems: 100 },
      layoutCodes: { type: 'array', items: TEXT },
    },
    {
      factors: {
        type: 'array',
        maxItems: 50,
        items: {
          anyOf: [
            record({
              id: ID,
              kind: { const: 'totp' },
              name: TEXT,
              addedAt: COUNT,
              lastUsedAt: { anyOf: [COUNT, { type: 'null' }] },
              secret: { type: 'string', pattern: '^[A-Z2-7]{16,128}$' },
              lastStep: { anyOf: [COUNT, { type: 'null' }] },
            }),
            record({
              id: ID,
              kind: { const: 'passkey' },
              name: TEXT,
              addedAt: COUNT,
              lastUsedAt: { anyOf: [COUNT, { type: 'null' }] },
              credentialId: ID,
              publicKey: { type: 'string', maxLength: 2000 },
              counter: COUNT,
              transports: { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 10 },
            }),
          ],
        },
      },
      recoveryCodes: { type: 'array', items: { type: 'string', pattern: '^[0-9a-f]{64}$' }, maxItems: 10 },
      factorEnrolmentRequested: { type: 'boolean' },
    },
  ),
  application: record({
    uuid: ID,
    name: TEXT,
    dataUrl: TEXT,
    dataDriverName: TEXT,
    dataUsername: TEXT,
    dataPassword: TEXT,
    apiHost: TEXT,
    apiAuthType: { enum: ['HTTP_BASIC', 'OAUTH2'] },
    apiUsername: TEXT,
    apiPassword: TEXT,
    roles: { type: 'array', items: APP_ROW },
    elements: { type: 'array', items: APP_ROW },
  }),
  appProfile: record({
    uuid: ID,
    name: TEXT,
    description: TEXT,
    applicationUuid: ID,
    ...SCOPED,
    roles: IDS,
    elements: IDS,
  }),
  businessProfile: record({ uuid: ID, name: TEXT, description: TEXT, ...SCOPED, appProfiles: IDS }),
  visibilityProfile: record({
    uuid: ID,
    name: TEXT,
    description: TEXT,
    ...SCOPED,
    primaryVisibilityUuid: ID_OR_NULL,
    carriers: IDS,
    clusters: IDS,
    defaultClusterGroupUuid: ID_OR_NULL,
    clusterGroups: IDS,
    neAttributes: IDS,
    networkGroups: IDS,
    venues: IDS,
  }),
  authClient: record(
    { uuid: ID, name: TEXT, description: TEXT, allowedRedirectTarget: TEXT, clientSecret: TEXT },
    { redirectTargets: { type: 'array', items: TEXT, minItems: 1 } },
  ),
  company: NAMED,
  location: record({ uuid: ID, name: TEXT, latitude: { type: 'number' }, longitude: { type: 'number' } }),
  'visibility.carriers': NAMED,
  'visibility.clusters': record({ uuid: ID, name: TEXT, parentUuid: ID_OR_NULL }),
  'visibility.clusterGroups': NAMED,
  'visibility.networkGroups': NAMED,
  'visibility.neAttributes': NAMED,
  'visibility.venues': NAMED,
};

const PAIRS = (value: object) => ({
  type: 'array',
  items: { type: 'array', minItems: 2, items: [ID, value], additionalItems: false },
});

/** The pieces of state kept whole (Store.keptState, the sign-in state, the signing key). */
const STATE_SCHEMAS: Record<string, object> = {
  userElementConfig: { type: 'array', items: record({ category: TEXT, label: TEXT, type: { const: 'dropdown' } }) },
  pendingVisibility: {
    type: 'array',
    items: {
      type: 'array',
      minItems: 2,
      items: [TEXT, { type: 'array', items: record({ uuid: ID, name: TEXT }, { parentUuid: ID_OR_NULL }) }],
      additionalItems: false,
    },
  },
  remoteApps: PAIRS(
    record({
      roles: { type: 'array', items: record({ name: TEXT, externalRole: { type: 'boolean' } }) },
      elements: { type: 'array', items: record({ name: TEXT, category: TEXT }) },
      release: COUNT,
    }),
  ),
  resetTokens: {
    type: 'array',
    items: record({ token: ID, userUuid: ID, expiresAt: COUNT, used: { type: 'boolean' }, mailedAt: COUNT }),
  },
  outbox: {
    type: 'array',
    items: record({
      id: COUNT,
      to: TEXT,
      username: TEXT,
      subject: TEXT,
      text: TEXT,
      link: { anyOf: [TEXT, { type: 'null' }] },
      sentAt: TEXT,
    }),
  },
  mailsSent: COUNT,
  factorPolicy: record({ administrators: { type: 'boolean' }, companies: IDS, businessProfiles: IDS }),
  auth: record({
    sessions: { type: 'array', items: { type: 'object', required: ['id', 'cookie', 'userUuid', 'jtis', 'codes'] } },
    codes: PAIRS({ type: 'object', required: ['clientId', 'userUuid', 'sessionId', 'expiresAt'] }),
    revokedJtis: PAIRS({ type: 'number' }),
  }),
  signingKey: {
    anyOf: [
      { type: 'null' },
      { type: 'object', required: ['kty', 'n', 'e', 'd'], properties: { kty: { const: 'RSA' } } },
    ],
  },
};

const HISTORY_ENTRY = {
  type: 'object',
  required: ['id', 'kind', 'uuid', 'at', 'action', 'before', 'after'],
  properties: {
    id: COUNT,
    kind: { enum: ['user', 'application', 'appProfile', 'businessProfile', 'visibilityProfile', 'authClient'] },
    uuid: ID,
    company: ID_OR_NULL,
    at: TEXT,
    action: TEXT,
    before: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    after: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    secrets: { type: 'array' },
  },
};

const ajv = new Ajv({ allErrors: false, strict: false });
let compiled: {
  records: Map<string, ValidateFunction>;
  state: Map<string, ValidateFunction>;
  history: ValidateFunction;
};
function validators() {
  compiled ??= {
    records: new Map(Object.entries(RECORD_SCHEMAS).map(([k, s]) => [k, ajv.compile(s)])),
    state: new Map(Object.entries(STATE_SCHEMAS).map(([k, s]) => [k, ajv.compile(s)])),
    history: ajv.compile(HISTORY_ENTRY),
  };
  return compiled;
}

/** A name from the file, quoted and with its control characters escaped (one line, whatever it holds). */
export function quoted(text: string): string {
  return oneLine(JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text));
}

function why(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'is not valid';
  const where = e.instancePath ? `field ${quoted(e.instancePath.slice(1).replaceAll('/', '.'))}` : 'the record';
  const extra = e.keyword === 'additionalProperties' ? ` (${quoted(String(e.params.additionalProperty))})` : '';
  return `${where} ${e.message}${extra}`;
}

/** The first reason the parsed snapshot is not one this server loads, or null. */
export function snapshotProblem(doc: { records?: unknown; state?: unknown; history?: unknown }): string | null {
  const { records, state, history } = validators();
  if (
    doc.records !== undefined &&
    (typeof doc.records !== 'object' || doc.records === null || Array.isArray(doc.records))
  )
    return 'records is not an object of record lists';
  const usernames = new Set<string>();
  for (const [kind, list] of Object.entries(doc.records ?? {})) {
    const check = Object.hasOwn(RECORD_SCHEMAS, kind) ? records.get(kind) : undefined;
    if (!check) return `records.${quoted(kind)} is not a record kind this server keeps`;
    if (!Array.isArray(list)) return `records.${quoted(kind)} is not a list`;
    const uuids = new Set<string>();
    for (const [i, value] of list.entries()) {
      const where = `records.${quoted(kind)}[${i}]`;
      if (!check(value)) return `${where}: ${why(check.errors)}`;
      const r = value as { uuid: string; username?: string; passwordHash?: string | null; passwordHistory?: string[] };
      if (uuids.has(r.uuid)) return `${where}: uuid ${quoted(r.uuid)} appears twice`;
      uuids.add(r.uuid);
      if (kind !== 'user') continue;
      const username = (r.username as string).toLowerCase();
      if (usernames.has(username)) return `${where}: username ${quoted(r.username as string)} appears twice`;
      usernames.add(username);
      for (const hash of [r.passwordHash, ...(r.passwordHistory ?? [])])
        if (hash !== null && hash !== undefined && !withinHashPolicy(hash))
          return `${where}: a password hash outside this server's policy (${quoted(hash.split('$').slice(0, 4).join('$'))}; this server stores and verifies only ${passwordHashPolicy()})`;
    }
  }
  if (doc.state !== undefined && (typeof doc.state !== 'object' || doc.state === null || Array.isArray(doc.state)))
    return 'state is not an object';
  for (const [id, value] of Object.entries(doc.state ?? {})) {
    const check = Object.hasOwn(STATE_SCHEMAS, id) ? state.get(id) : undefined;
    if (!check) return `state.${quoted(id)} is not a piece of state this server keeps`;
    if (!check(value)) return `state.${quoted(id)}: ${why(check.errors)}`;
  }
  if (doc.history !== undefined) {
    if (!Array.isArray(doc.history)) return 'history is not a list';
    for (const [i, e] of doc.history.entries())
      if (!history(e) || !Number.isSafeInteger((e as { id: number }).id))
        return `history[${i}] is not a history entry: ${why(history.errors)}`;
  }
  return null;
}
