// CSV export neutralises formula starts after every separator a spreadsheet
// may split on (',' ';' tab), not only at the start of a cell (otherwise
// `Bob;=1+2;` is exported as a live formula for ';' spreadsheets).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { inertCell, restoreCell } from '../../src/store/user-csv.ts';
import { API, appUnderTest } from '../harness.ts';
import { PROVIDER } from '../helpers.ts';

const t = appUnderTest();

const NASTY = ['Bob;=1+2;', 'Bob,=1+2', 'Bob\t=1+2', 'Bob;\t@SUM(A1)', 'a;-2+3', "a;'=b", 'x\n+1'];

describe('export of cells with a formula after a separator', () => {
  it('no piece of a line starts a formula, whether a spreadsheet splits on "," ";" or tab', async () => {
    const user = t.store.findUserByUsername(PROVIDER)!;
    for (const value of NASTY) {
      user.firstName = value;
      t.store.version++;
      const text = (await t.call('GET', `${API}/user/export`, { as: PROVIDER })).text;
      const line = text.split('\r\n').find((l) => l.startsWith(`${PROVIDER},`)) as string;
      for (const separator of [',', ';', '\t', '\n']) {
        for (const piece of line.split(separator)) {
          // A reader that honours quotes sees the opening quote first; one that does not may not.
          expect(piece.replace(/^"/, ''), `${JSON.stringify(value)} split on ${JSON.stringify(separator)}`).not.toMatch(
            /^[=+\-@\t\r\0]/,
          );
        }
      }
      // A CSV reader gets the cell back with the inert marks, and the import restores the value.
      const cells = (parse(text) as string[][]).find((r) => r[0] === PROVIDER) as string[];
      expect(restoreCell(cells[2] as string)).toBe(value);
    }
  });

  it('cells holding ";" or a tab are quoted', async () => {
    const user = t.store.findUserByUsername(PROVIDER)!;
    user.firstName = 'Bob;=1+2;';
    t.store.version++;
    const text = (await t.call('GET', `${API}/user/export`, { as: PROVIDER })).text;
    expect(text).toContain(`"Bob;'=1+2;"`);
  });

  it('an export with such cells imports back unchanged', async () => {
    const user = t.store.findUserByUsername(PROVIDER)!;
    user.firstName = 'Bob;=1+2;';
    user.lastName = 'Tab\t=x, and; @y';
    t.store.version++;
    const before = t.store.dump();
    const text = (await t.call('GET', `${API}/user/export`, { as: PROVIDER })).text;
    const res = await t.upload(PROVIDER, text);
    expect(res.body).toEqual({ created: 0, updated: 0 });
    expect(t.store.dump()).toBe(before);
  });

  it('the marks round-trip exactly', () => {
    for (const v of [...NASTY, '=1', "'=1", "''+x", 'plain', '', ';', ';;=', "a;''=b"]) {
      expect(restoreCell(inertCell(v))).toBe(v);
    }
  });
});

// A line break in a cell is quoted (RFC 4180), so the file
// has one record per user, whatever a name holds; formulas stay inert.
describe('exports of cells with line breaks and quotes', () => {
  const BREAKING = ['R3a\n=2+3', 'cr\ronly', 'both\r\nends', 'say "hi"', 'a,b'];

  /** The records of a CSV text as a strict RFC 4180 reader sees them (a bare CR or LF ends a record too). */
  const records = (text: string) => parse(text, { record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];

  it('the users export keeps one record per user', async () => {
    const user = t.store.findUserByUsername(PROVIDER)!;
    user.lastName = BREAKING.join(' | ');
    user.firstName = BREAKING[0] as string;
    t.store.version++;
    const res = await t.call('GET', `${API}/user/export`, { as: PROVIDER });
    const rows = records(res.text);
    // The provider admin sees every user.
    expect(rows).toHaveLength(t.store.users.size + 1);
    const row = rows.find((r) => r[0] === PROVIDER) as string[];
    expect(restoreCell(row[2] as string)).toBe(BREAKING[0]);
    expect(restoreCell(row[3] as string)).toBe(BREAKING.join(' | '));
    expect(res.text).toContain(`"R3a\n'=2+3"`);
  });

  it('the Who Has It export keeps one record per holder', async () => {
    const app = [...t.store.applications.values()].find((a) => a.roles.length > 0)!;
    const role = app.roles[0]!;
    const url = `${API}/app/${app.uuid}/holders`;
    const page = (await t.call('GET', `${url}?role=${role.uuid}`, { as: PROVIDER })).body;
    expect(page.total).toBeGreaterThan(0);
    const holder = t.store.findUserByUsername(page.holders[0].user.username)!;
    holder.lastName = BREAKING[0] as string;
    holder.firstName = BREAKING[1] as string;
    t.store.version++;
    const res = await t.call('GET', `${url}/export?role=${role.uuid}`, { as: PROVIDER });
    const rows = records(res.text);
    expect(rows).toHaveLength(page.total + 1);
    const row = rows.find((r) => r[0] === holder.username) as string[];
    expect(restoreCell(row[1] as string)).toBe(BREAKING[1]);
    expect(restoreCell(row[2] as string)).toBe(BREAKING[0]);
  });
});
