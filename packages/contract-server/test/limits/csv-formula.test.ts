// CSV export neutralises formula starts after every separator a spreadsheet
// may split on (',' ';' tab), not only at the start of a cell (issue 10:
// `Bob;=1+2;` was exported as a live formula for ';' spreadsheets).
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
