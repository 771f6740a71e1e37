// The bulk import's errors name the line of the file, so that the user can find it
// (header = line 1, as an editor numbers it) and the column as the file
// names it, never an internal name such as `body.users`; row and line agree
// through empty lines, quoted line breaks and CRLF line ends.
import { describe, expect, it } from 'vitest';
import { appUnderTest } from './harness.ts';
import { PROVIDER } from './helpers.ts';

const t = appUnderTest({ importLimitBytes: 256 * 1024 });

const HEADER = 'username,email,firstName,lastName,active,businessProfile,visibilityProfile,NOVA_NOVA_TREE';
const row = (username: string, over: Partial<Record<'email' | 'lastName' | 'tree' | 'profile', string>> = {}) =>
  `${username},${over.email ?? `${username}@example.com`},Ada,${over.lastName ?? 'Lovelace'},true,${over.profile ?? 'NOC Operators'},North East Visibility,${over.tree ?? 'National Tree'}`;

describe('import errors name the line and the column', () => {
  it.each(['\n', '\r\n'])(
    'counts the lines of the file through empty lines and quoted line breaks (%j)',
    async (nl) => {
      const csv = [
        HEADER,
        '',
        row('ok.one', { lastName: `"Love${nl}lace"` }),
        '',
        row('bad one', { email: 'bad@example.com' }),
        row('ok.two', { email: 'nope' }),
        '',
      ].join(nl);
      const res = await t.upload(PROVIDER, csv);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          field: 'username',
          reason: 'Only alphanumeric letters, _ (underscore), and . (period) are allowed',
          row: 2,
          line: 6,
        },
        { field: 'email', reason: 'This field is required. (Max 255 Characters)', row: 3, line: 7 },
      ]);
    },
  );

  it('a row with a column too many names its line, not body.users', async () => {
    const res = await t.upload(PROVIDER, `${HEADER}\r\n${row('a.b')}\r\n"x\r\ny",${row('c.d')}\r\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: '', reason: 'This row has 9 columns; the header row has 8', row: 2, line: 3 },
    ]);
  });

  it('an unclosed quote names the line where the row starts', async () => {
    const res = await t.upload(PROVIDER, `${HEADER}\n${row('a.b')}\n\n"c.d,x@example.com,A\nB,true\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: '', reason: 'A quoted value is not closed (a " is missing)', row: 2, line: 4 },
    ]);
  });

  it('a default tree that must be chosen names the tree column of the file', async () => {
    const res = await t.upload(PROVIDER, `${HEADER}\n${row('no.tree', { tree: '' })}\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'NOVA_NOVA_TREE', row: 1, line: 2 })]);
  });

  it('a file with no header, or no rows, names no internal field', async () => {
    for (const csv of ['', `${HEADER}\n`]) {
      const res = await t.upload(PROVIDER, csv);
      expect(res.status).toBe(400);
      for (const e of res.body.errors) expect(e.field).not.toMatch(/^body\./);
    }
  });
});

describe('any line end; a file that is not text', () => {
  it('imports a file whose lines end in CRLF, LF and CR mixed', async () => {
    const csv = `${HEADER}\r\n${row('mixed.one')}\n${row('mixed.two')}\r${row('mixed.three')}\r\n`;
    const res = await t.upload(PROVIDER, csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 3, updated: 0 });
  });

  it('a binary file is refused in the words of a file, naming no internal field', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);
    const res = await t.upload(PROVIDER, binary, 'picture.png');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/body\.users/);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: '', reason: expect.stringMatching(/not a CSV text file/) }),
    ]);
  });
});
