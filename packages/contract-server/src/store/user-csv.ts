// Bulk export and import of users as CSV (RFC 4180). The import reads the
// columns the export writes, so an export re-imports unchanged. Cells a
// spreadsheet would run as a formula are written inert with a leading "'",
// which the import takes off again.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Caller } from './access.ts';
import { canSee, requireArea } from './access.ts';
import { type FieldError, InvalidError } from './errors.ts';
import type { Store, UserInput } from './store.ts';
import type { UserRecord } from './types.ts';
import { FieldErrors } from './validate.ts';

/** Fixed columns; one column per category of the user element config follows. */
const USER_COLUMNS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'deskPhone',
  'mobilePhone',
  'active',
  'location',
  'businessProfile',
  'visibilityProfile',
  'minimumRole',
  'errigalCustomerCompany',
] as const;

const REQUIRED_COLUMNS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'active',
  'businessProfile',
  'visibilityProfile',
];

// OWASP "CSV injection": = + - @ tab CR, and NUL. Leading quotes are counted
// in, so a value that itself starts with "'=" survives the round trip.
const FORMULA = /^'*[=+\-@\t\r\0]/;
const INERT = /^'+[=+\-@\t\r\0]/;

export function inertCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

export function restoreCell(value: string): string {
  return INERT.test(value) ? value.slice(1) : value;
}

function userColumns(store: Store): string[] {
  return [...USER_COLUMNS, ...store.userElementConfig.map((c) => c.category)];
}

function userRow(store: Store, u: UserRecord): string[] {
  const elementRows = new Map<string, { category: string; name: string }>();
  for (const a of store.applications.values()) for (const e of a.elements) elementRows.set(e.uuid, e);
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
    (u.businessProfileUuid && store.businessProfiles.get(u.businessProfileUuid)?.name) || '',
    (u.visibilityProfileUuid && store.visibilityProfiles.get(u.visibilityProfileUuid)?.name) || '',
    u.minimumRole,
    (u.companyUuid && store.companies.get(u.companyUuid)?.name) || '',
    ...store.userElementConfig.map((c) => byCategory.get(c.category) ?? ''),
  ];
}

/** The users visible to the caller (all, active or inactive), sorted by username, as a CSV file. */
export function exportUsers(store: Store, caller: Caller, active: boolean | null): string {
  const rows = store.listUsers(caller, active).map((u) => userRow(store, u).map(inertCell));
  return stringify([userColumns(store), ...rows], { record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
}

export interface ImportResult {
  created: number;
  updated: number;
}

function fail(message: string, errors: FieldError[]): never {
  throw new InvalidError(message, errors);
}

function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (err) {
    const e = err as { message: string; lines?: number; code?: string };
    fail('The file is not a valid CSV file', [
      {
        field: 'body.users',
        reason: e.message.replace(/^Invalid Record Length: /, ''),
        ...(e.lines ? { row: Math.max(1, e.lines - 1) } : {}),
      },
    ]);
  }
}

/**
 * Creates and updates users from a CSV file: every row is checked first (the
 * spec §5 rules and the caller's role and scope, as for a single save); one
 * bad row imports nothing. Rows match existing users by username; a row that
 * would change nothing is left alone.
 */
export function importUsers(store: Store, caller: Caller, text: string): ImportResult {
  requireArea(caller, 'users');
  const [header, ...rows] = parseCsv(text);
  if (!header) fail('The file is empty', [{ field: 'body.users', reason: 'The file has no header row' }]);
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
  if (rows.length === 0) fail('The file has no users', [{ field: 'body.users', reason: 'The file has no data rows' }]);

  const index = new Map(header.map((name, i) => [name, i]));
  const categories = store.userElementConfig.map((c) => c.category);
  const usernames = new Set<string>();
  const changes: UserRecord[] = [];
  let created = 0;
  let updated = 0;
  rows.forEach((cells, i) => {
    const row = i + 1;
    const cell = (name: string) => {
      const at = index.get(name);
      return at === undefined ? '' : restoreCell(cells[at] ?? '');
    };
    const rowErrors = new FieldErrors('', row);
    const byName = <T extends { name: string }>(field: string, find: (name: string) => T | undefined): T | null => {
      const name = cell(field);
      if (name === '') return null;
      const found = find(name);
      if (!found) rowErrors.add(field, `No ${field} named ${name}`);
      return found ?? null;
    };
    const activeText = cell('active').toLowerCase();
    if (activeText !== 'true' && activeText !== 'false')
      rowErrors.add('active', 'This field is required (true or false)');
    const bp = byName('businessProfile', (n) => store.businessProfiles.findByName(n));
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
    const existing = store.findUserByUsername(cell('username'));
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
      visibilityProfileUuid: byName('visibilityProfile', (n) => store.visibilityProfiles.findByName(n))?.uuid ?? null,
      minimumRole: (cell('minimumRole') || 'ADMIN') as UserInput['minimumRole'],
      // An empty cell is "no company" from ERRIGAL_ADMIN; from a tenant admin, "where the user is" (new: its own).
      companyUuid:
        byName('errigalCustomerCompany', (n) => [...store.companies.values()].find((c) => c.name === n))?.uuid ??
        (caller.role === 'ERRIGAL_ADMIN' ? null : (existing?.companyUuid ?? null)),
      elements,
    };
    const key = input.username.toLowerCase();
    if (usernames.has(key)) rowErrors.add('username', 'The username appears twice in the file');
    usernames.add(key);
    if (existing && !canSee(caller, existing)) rowErrors.add('username', 'A user with this username already exists');
    if (existing && rowErrors.list.length === 0 && sameRow(store, existing, input)) return;
    const checked = new FieldErrors('', row);
    const fields = store.checkUser(caller, input, checked, existing);
    for (const e of checked.list) {
      // Element errors name the CSV column of the element.
      const m = /^elements\.(\d+)/.exec(e.field);
      rowErrors.add(m ? (elementFields[Number(m[1])] ?? e.field) : e.field, e.reason);
    }
    if (rowErrors.list.length > 0) {
      errors.push(...rowErrors.list);
      return;
    }
    if (existing) {
      changes.push({ ...existing, ...fields });
      updated++;
    } else {
      changes.push({ uuid: crypto.randomUUID(), ...fields, passwordHash: null, passwordHistory: [], layoutCodes: [] });
      created++;
    }
  });
  if (errors.length > 0) {
    const bad = new Set(errors.map((e) => e.row)).size;
    fail(
      `${bad} row${bad === 1 ? '' : 's'} of the file ${bad === 1 ? 'is' : 'are'} not valid; nothing was imported`,
      errors,
    );
  }
  store.applyImport(changes);
  return { created, updated };
}

/** Whether importing the row would leave the user exactly as it is. */
function sameRow(store: Store, user: UserRecord, input: UserInput): boolean {
  const current = userRow(store, user);
  const incoming = userRow(store, {
    ...user,
    ...input,
    uuid: user.uuid,
    deskPhone: input.deskPhone,
    mobilePhone: input.mobilePhone,
  });
  return current.every((v, i) => v === incoming[i]);
}
