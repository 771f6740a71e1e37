// Bulk export and import of users as CSV (RFC 4180). The import reads the
// columns the export writes, so an export re-imports unchanged. Cells a
// spreadsheet would run as a formula are written inert with a leading "'",
// which the import takes off again.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_TREE_CATEGORY } from '@userprofile/shared/constants';
import { csvText, inertCell, REQUIRED_IMPORT_COLUMNS, restoreCell, USER_IMPORT_COLUMNS } from '@userprofile/shared/csv';
import { userMessages } from '@userprofile/shared/messages';
import { parse } from 'csv-parse';
import type { Caller } from './access.ts';
import { canSee, requireArea } from './access.ts';
import { ConflictError, type FieldError, InvalidError } from './errors.ts';
import type { Store, UserInput } from './store.ts';
import type { AppRow, Scoped, UserRecord } from './types.ts';
import { FieldErrors } from './validate.ts';

/** The import's columns (shared: the console's import template writes the same header). */
const USER_COLUMNS = USER_IMPORT_COLUMNS;
const REQUIRED_COLUMNS = REQUIRED_IMPORT_COLUMNS;

export { inertCell, restoreCell };

function userColumns(store: Store): string[] {
  return [...USER_COLUMNS, ...store.userElementConfig.map((c) => c.category)];
}

/** The user's row as the caller may read it: a profile or element row its own GET would refuse is left empty. */
function userRow(store: Store, caller: Caller, u: UserRecord): string[] {
  const elementRows = new Map<string, AppRow>();
  for (const a of store.applications.values())
    for (const e of a.elements) if (canSee(caller, e)) elementRows.set(e.uuid, e);
  const seen = <T extends Scoped & { name: string }>(r: T | undefined) => (r && canSee(caller, r) ? r.name : '');
  const byCategory = new Map<string, string>();
  for (const e of u.elements) {
    const row = elementRows.get(e.uuid);
    if (row) byCategory.set(row.category, row.name);
  }
  return [
    u.username,
    u.email,
    u.firstName,
    u.lastName,
    u.deskPhone ?? '',
    u.mobilePhone ?? '',
    String(u.active),
    (u.locationUuid && store.locations.get(u.locationUuid)?.name) || '',
    seen(u.businessProfileUuid ? store.businessProfiles.get(u.businessProfileUuid) : undefined),
    seen(u.visibilityProfileUuid ? store.visibilityProfiles.get(u.visibilityProfileUuid) : undefined),
    u.minimumRole,
    (u.companyUuid && store.companies.get(u.companyUuid)?.name) || '',
    ...store.userElementConfig.map((c) => byCategory.get(c.category) ?? ''),
  ];
}

/** The users visible to the caller (all, active or inactive), sorted by username, as a CSV file. */
export function exportUsers(store: Store, caller: Caller, active: boolean | null): string {
  const rows = store.listUsers(caller, active).map((u) => userRow(store, caller, u));
  // Formula-safe, RFC 4180 quoted (a line break in a name included): shared/csv.ts.
  return csvText([userColumns(store), ...rows]);
}

export interface ImportResult {
  created: number;
  updated: number;
}

function fail(message: string, errors: FieldError[]): never {
  throw new InvalidError(message, errors);
}

/**
 * A large import is cut into pieces of about PIECE_MS with a turn of the event
 * loop between them, so other requests wait at most one piece, not the file
 * (docs/lists-and-bulk.md "CSV import and export"): parsing (fed
 * PARSE_CHUNK_BYTES at a time), checking the rows, and gathering the changed
 * users (Store.applyUsers), which are then put into the user maps in one step.
 */
const PIECE_MS = 20;
const PARSE_CHUNK_BYTES = 16 * 1024;
/** How often the rows are checked again when other writes changed the store meanwhile. */
const CHECK_ATTEMPTS = 3;

/** `await pause()` often: it gives the event loop a turn once the current piece has run PIECE_MS. */
export function pacer(): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < PIECE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}

/** A record of the file and the line it starts on (1-based; the header row is line 1). */
interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * The line numbers of a file as an editor shows them: counted here from the
 * bytes each record took (csv-parse's own count takes a CRLF inside a quoted
 * value for two lines), so a row's line is right after empty lines, quoted
 * line breaks and either line end.
 */
class LineCounter {
  private at = 0;
  private line = 1;
  constructor(private readonly bytes: Buffer) {}

  /** Moves to byte `to`, counting the line breaks passed (CRLF, LF or a lone CR). */
  private advance(to: number): void {
    const b = this.bytes;
    for (; this.at < to; this.at++) {
      if (b[this.at] === 0x0a || (b[this.at] === 0x0d && b[this.at + 1] !== 0x0a)) this.line++;
    }
  }

  /** The line of the next record: after the previous one (`consumed` bytes), past the empty lines the parser skips. */
  nextRecordLine(consumed: number): number {
    this.advance(consumed);
    const b = this.bytes;
    let at = this.at;
    let line = this.line;
    while (at < b.length && (b[at] === 0x0a || b[at] === 0x0d)) {
      if (b[at] === 0x0a || b[at + 1] !== 0x0a) line++;
      at++;
    }
    return line;
  }
}

/** What csv-parse says of a bad record, in the words of the file (its own line count is left out). */
function parseFailure(e: { message: string; code?: string }): string {
  const length = /expect (\d+), got (\d+)/.exec(e.message);
  if (e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && length)
    return `This row has ${length[2]} columns; the header row has ${length[1]}`;
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') return 'A quoted value is not closed (a " is missing)';
  return e.message.replace(/ (on|at) line \d+/, '');
}

async function parseCsv(text: string, pause: () => Promise<void>): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  // info: the bytes read up to the end of each record, from which its line is counted.
  // Any line end, mixed within one file too (a file edited on two systems): csv-parse otherwise takes
  // the first one it meets for the whole file.
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    info: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
  const bytes = Buffer.from(text, 'utf8');
  const lines = new LineCounter(bytes);
  let consumed = 0;
  parser.on('readable', () => {
    for (let r = parser.read(); r !== null; r = parser.read()) {
      const { record, info } = r as { record: string[]; info: { bytes: number } };
      records.push({ cells: record, line: lines.nextRecordLine(consumed) });
      consumed = info.bytes;
    }
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  // Bytes, not characters: a piece may end inside a character, which the parser joins up.
  try {
    for (let at = 0; at < bytes.length; at += PARSE_CHUNK_BYTES) {
      // Wait until the parser has taken the piece: a stream buffers what it is
      // written and would otherwise parse it all at the end, in one go.
      const taken = new Promise<void>((resolve) =>
        parser.write(bytes.subarray(at, at + PARSE_CHUNK_BYTES), () => resolve()),
      );
      await Promise.race([taken, ended]);
      await Promise.race([pause(), ended]);
    }
    parser.end();
    await ended;
    return records;
  } catch (err) {
    // The record refused is the one after the last read: its row (header excluded) and the line it starts on.
    // No column: the whole row is at fault (field '').
    const e = err as { message: string; code?: string };
    const at = records.length === 0 ? {} : { row: records.length, line: lines.nextRecordLine(consumed) };
    fail('The file is not a valid CSV file', [{ field: '', reason: parseFailure(e), ...at }]);
  }
}

/**
 * Creates and updates users from a CSV file: every row is checked first (the
 * spec §5 rules and the caller's role and scope, as for a single save); one
 * bad row imports nothing. Rows match existing users by username; a row that
 * would change nothing is left alone. The work is done in pieces (see
 * PARSE_CHUNK_BYTES); the checked rows are written in one step, and only if no
 * other write changed the store while they were checked (else they are
 * checked again).
 */
export async function importUsers(store: Store, caller: Caller, text: string): Promise<ImportResult> {
  requireArea(caller, 'users');
  const pause = pacer();
  const [head, ...rows] = await parseCsv(text, pause);
  if (!head) fail('The file is empty', [{ field: '', reason: 'The file has no header row' }]);
  const header = head.cells;
  const known = new Set(userColumns(store));
  const errors: FieldError[] = [];
  const seenColumns = new Set<string>();
  for (const name of header) {
    if (!known.has(name)) errors.push({ field: name, reason: 'Unknown column' });
    else if (seenColumns.has(name)) errors.push({ field: name, reason: 'The column appears twice' });
    seenColumns.add(name);
  }
  for (const name of REQUIRED_COLUMNS)
    if (!seenColumns.has(name)) errors.push({ field: name, reason: 'The column is missing' });
  if (errors.length > 0) fail('The header row of the file is not valid', errors);
  if (rows.length === 0) fail('The file has no users', [{ field: '', reason: 'The file has no data rows' }]);

  const index = new Map(header.map((name, i) => [name, i]));
  for (let attempt = 1; ; attempt++) {
    const version = store.version;
    const checked = await checkRows(store, caller, index, rows, pause);
    if (store.version === version && (await store.applyUsers(caller, checked.changes, version, pause))) {
      return { created: checked.created, updated: checked.updated };
    }
    if (attempt === CHECK_ATTEMPTS) {
      throw new ConflictError(
        'Other changes kept arriving while the file was checked; nothing was imported, try again',
      );
    }
  }
}

/** Checks every row against the store as it is (400 naming each bad row); answers what to write. */
async function checkRows(
  store: Store,
  caller: Caller,
  index: Map<string, number>,
  rows: CsvRecord[],
  pause: () => Promise<void>,
): Promise<ImportResult & { changes: UserRecord[] }> {
  const categories = store.userElementConfig.map((c) => c.category);
  const usernames = new Set<string>();
  const changes: UserRecord[] = [];
  const errors: FieldError[] = [];
  let created = 0;
  let updated = 0;
  for (const [i, { cells, line }] of rows.entries()) {
    await pause();
    const row = i + 1;
    const cell = (name: string) => {
      const at = index.get(name);
      return at === undefined ? '' : restoreCell(cells[at] ?? '');
    };
    const rowErrors = new FieldErrors('', row, line);
    const byName = <T extends { name: string }>(field: string, find: (name: string) => T | undefined): T | null => {
      const name = cell(field);
      if (name === '') return null;
      const found = find(name);
      if (!found) rowErrors.add(field, `No ${field} named ${name}`);
      return found ?? null;
    };
    const company =
      byName('errigalCustomerCompany', (n) => [...store.companies.values()].find((c) => c.name === n))?.uuid ?? null;
    // A profile the caller cannot see is named like no profile at all. Names are unique per tenant, so a
    // tenant admin sees at most one of a name; ERRIGAL_ADMIN takes the one of the row's company.
    const profile = <T extends Scoped & { name: string }>(field: string, all: (name: string) => T[]) =>
      byName(field, (n) => {
        const visible = all(n).filter((p) => canSee(caller, p));
        return visible.length > 1 ? visible.find((p) => p.companyUuid === company) : visible[0];
      });
    const activeText = cell('active').toLowerCase();
    if (activeText !== 'true' && activeText !== 'false')
      rowErrors.add('active', 'This field is required (true or false)');
    const bp = profile('businessProfile', (n) => store.businessProfiles.named(n));
    const offered = store.elementsOffered(bp?.uuid ?? null);
    const elementFields: string[] = [];
    const elements = categories.flatMap((category) => {
      const name = cell(category);
      if (name === '') return [];
      const el = [...offered.values()].find((e) => e.category === category && e.name === name);
      if (!el) {
        rowErrors.add(category, `The business profile offers no ${category} element named ${name}`);
        return [];
      }
      elementFields.push(category);
      return [{ uuid: el.uuid, actualValue: el.name }];
    });
    // A user the caller cannot see is not the row's user: the row is checked as a new user's, and its
    // username refused as taken (usernames are global), as POST /user/update refuses it.
    const holder = store.findUserByUsername(cell('username'));
    const existing = holder && canSee(caller, holder) ? holder : undefined;
    const input: UserInput = {
      uuid: existing?.uuid ?? null,
      username: cell('username'),
      email: cell('email'),
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      deskPhone: cell('deskPhone') || null,
      mobilePhone: cell('mobilePhone') || null,
      active: activeText === 'true',
      locationUuid: byName('location', (n) => store.listLocations().find((l) => l.name === n))?.uuid ?? null,
      businessProfileUuid: bp?.uuid ?? null,
      visibilityProfileUuid: profile('visibilityProfile', (n) => store.visibilityProfiles.named(n))?.uuid ?? null,
      minimumRole: (cell('minimumRole') || 'ADMIN') as UserInput['minimumRole'],
      // An empty cell is "no company" from ERRIGAL_ADMIN; from a tenant admin, "where the user is" (new: its own).
      companyUuid: company ?? (caller.role === 'ERRIGAL_ADMIN' ? null : (existing?.companyUuid ?? null)),
      elements,
    };
    const key = input.username.toLowerCase();
    if (usernames.has(key)) rowErrors.add('username', 'The username appears twice in the file');
    usernames.add(key);
    if (existing && rowErrors.list.length === 0 && sameRow(store, caller, existing, input)) continue;
    const checked = new FieldErrors('', row, line);
    const fields = store.checkUser(caller, input, checked, existing);
    for (const e of checked.list) rowErrors.add(columnOf(e.field, elementFields, index), e.reason);
    // Only once the row is otherwise valid, as the single save does: an invalid row says nothing of who holds the name.
    if (holder && !existing && rowErrors.list.length === 0)
      rowErrors.add('username', userMessages.usernameTaken(input.username));
    if (rowErrors.list.length > 0) {
      errors.push(...rowErrors.list);
      continue;
    }
    if (existing) {
      changes.push({ ...existing, ...fields });
      updated++;
    } else {
      changes.push({ uuid: crypto.randomUUID(), ...fields, passwordHash: null, passwordHistory: [], layoutCodes: [] });
      created++;
    }
  }
  if (errors.length > 0) {
    const bad = new Set(errors.map((e) => e.row)).size;
    fail(
      `${bad} row${bad === 1 ? '' : 's'} of the file ${bad === 1 ? 'is' : 'are'} not valid; nothing was imported`,
      errors,
    );
  }
  return { created, updated, changes };
}

/**
 * The column of the file a rule's field is about, as the header names it:
 * an element's its category's column, the default tree rule the tree's;
 * anything else of the whole row ('').
 */
function columnOf(field: string, elementFields: readonly string[], index: Map<string, number>): string {
  const element = /^elements\.(\d+)/.exec(field);
  const column = element
    ? elementFields[Number(element[1])]
    : field === 'defaultTreeMustBeAssigned'
      ? DEFAULT_TREE_CATEGORY
      : field;
  return column !== undefined && (index.has(column) || USER_COLUMNS.some((c) => c === column)) ? column : '';
}

/** Whether importing the row would leave the user exactly as it is. */
function sameRow(store: Store, caller: Caller, user: UserRecord, input: UserInput): boolean {
  const current = userRow(store, caller, user);
  const incoming = userRow(store, caller, {
    ...user,
    ...input,
    uuid: user.uuid,
    deskPhone: input.deskPhone,
    mobilePhone: input.mobilePhone,
  });
  return current.every((v, i) => v === incoming[i]);
}
