// Bulk import and export and the "Files" section of
// security-checklist.md: a test per case.
import { compareValues } from '@userprofile/shared/list';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { inertCell, restoreCell } from '../src/store/user-csv.ts';
import { API, appUnderTest } from './harness.ts';
import { PROVIDER } from './helpers.ts';

const t = appUnderTest({ importLimitBytes: 256 * 1024 });

const HEADER = 'username,email,firstName,lastName,active,businessProfile,visibilityProfile,NOVA_NOVA_TREE';
const row = (username: string, extra: Partial<Record<'email' | 'firstName', string>> = {}) =>
  `${username},${extra.email ?? `${username}@example.com`},${extra.firstName ?? 'Ada'},Lovelace,true,NOC Operators,North East Visibility,National Tree`;

async function exportAll(): Promise<string> {
  const res = await t.call('GET', `${API}/user/export`, { as: PROVIDER });
  expect(res.status).toBe(200);
  return res.text;
}

describe('export', () => {
  it('is a CSV download of every user the caller sees, header first, sorted by username', async () => {
    const res = await t.call('GET', `${API}/user/export`, { as: PROVIDER });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const [header, ...rows] = parse(res.text) as string[][];
    expect(header?.slice(0, 4)).toEqual(['username', 'email', 'firstName', 'lastName']);
    expect(rows).toHaveLength(t.store.users.size);
    const names = rows.map((r) => r[0] as string);
    expect(names).toEqual([...names].sort(compareValues));
  });

  it('active and inactive exports hold only those users', async () => {
    const active = parse((await t.call('GET', `${API}/user/export/active`, { as: PROVIDER })).text, {
      columns: true,
    }) as Record<string, string>[];
    const inactive = parse((await t.call('GET', `${API}/user/export/inactive`, { as: PROVIDER })).text, {
      columns: true,
    }) as Record<string, string>[];
    expect(active.every((r) => r.active === 'true')).toBe(true);
    expect(inactive.every((r) => r.active === 'false')).toBe(true);
    expect(active.length + inactive.length).toBe(t.store.users.size);
  });

  it('writes cells starting with = + - @ tab CR or NUL inert, RFC 4180 quoted', async () => {
    const user = [...t.store.users.values()].find((u) => u.username.startsWith('provider'))!;
    for (const [i, bad] of ['=HYPERLINK("http://evil")', '+1 555', '-2+3', '@SUM(A1)', '\tx', '\rx', '\0x'].entries()) {
      user.firstName = bad;
      user.lastName = `Quote "me", please ${i}`;
      t.store.version++;
      const [, ...rows] = parse(await exportAll(), { relax_quotes: false }) as string[][];
      const cells = rows.find((r) => r[0] === user.username)!;
      expect(cells[2]).toBe(`'${bad}`);
      expect(cells[3]).toBe(`Quote "me", please ${i}`);
    }
    const raw = await exportAll();
    expect(raw).toContain('"Quote ""me"", please 6"');
    expect(raw).toContain('\r\n');
  });

  it('the inert prefix round-trips exactly, also for values that start with a quote', () => {
    for (const v of ['=1', "'=1", "''+x", 'plain', "'plain", '', '-']) expect(restoreCell(inertCell(v))).toBe(v);
  });
});

describe('import', () => {
  it('an export of all users imported again changes nothing', async () => {
    const before = t.store.dump();
    const res = await t.upload(PROVIDER, await exportAll());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 0, updated: 0 });
    expect(t.store.dump()).toBe(before);
  });

  it('an edited export updates exactly the edited users, values with formulas and quotes included', async () => {
    const csv = await exportAll();
    const rows = parse(csv) as string[][];
    const target = rows.find((r, i) => i > 0 && r[8] !== '')!;
    target[2] = '=cmd|calc';
    target[3] = 'O"Brien, Jr.\nthe second';
    const { stringify } = await import('csv-stringify/sync');
    const edited = stringify(rows.map((r) => r.map((c, i) => (r === target && i === 2 ? inertCell(c) : c))));
    const res = await t.upload(PROVIDER, edited);
    expect(res.body).toEqual({ created: 0, updated: 1 });
    const user = t.store.findUserByUsername(target[0] as string)!;
    expect(user.firstName).toBe('=cmd|calc');
    expect(user.lastName).toBe('O"Brien, Jr.\nthe second');
    // And it exports inert again.
    expect(await exportAll()).toContain("'=cmd|calc");
  });

  it('creates users from new rows', async () => {
    const res = await t.upload(PROVIDER, `${HEADER}\r\n${row('grace.hopper')}\r\n${row('alan.turing')}\r\n`);
    expect(res.body).toEqual({ created: 2, updated: 0 });
    const grace = t.store.findUserByUsername('grace.hopper')!;
    expect(t.store.businessProfiles.get(grace.businessProfileUuid!)?.name).toBe('NOC Operators');
    expect(grace.elements).toHaveLength(1);
  });

  it('one bad row imports nothing and names row, field and reason', async () => {
    const before = t.store.dump();
    const res = await t.upload(
      PROVIDER,
      `${HEADER}\n${row('ok.one')}\n${row('bad one')}\n${row('ok.two', { email: 'nope' })}\n`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        {
          field: 'username',
          reason: 'Only alphanumeric letters, _ (underscore), and . (period) are allowed',
          row: 2,
          line: 3,
        },
        { field: 'email', reason: 'This field is required. (Max 255 Characters)', row: 3, line: 4 },
      ]),
    );
    expect(t.store.dump()).toBe(before);
    expect(t.store.findUserByUsername('ok.one')).toBeUndefined();
  });

  it('parses a BOM, CRLF line ends, quoted commas and embedded newlines', async () => {
    const csv = `\uFEFF${HEADER}\r\nada.byron,ada@example.com,"Ada, Countess","Lovelace\r\nof Ockham",true,NOC Operators,North East Visibility,National Tree\r\n`;
    const res = await t.upload(PROVIDER, csv);
    expect(res.status).toBe(200);
    const ada = t.store.findUserByUsername('ada.byron')!;
    expect(ada.firstName).toBe('Ada, Countess');
    expect(ada.lastName).toBe('Lovelace\r\nof Ockham');
  });

  it('refuses a __proto__ column (400) and imports nothing', async () => {
    const before = t.store.dump();
    const res = await t.upload(PROVIDER, `${HEADER},__proto__\n${row('proto.user')},polluted\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: '__proto__', reason: 'Unknown column' }]);
    expect(t.store.dump()).toBe(before);
  });

  it('refuses an unknown column', async () => {
    const res = await t.upload(PROVIDER, `${HEADER},password\n${row('pw.user')},hunter2\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('password');
  });

  it('refuses a binary file named .csv (400)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const res = await t.upload(PROVIDER, png, 'users.csv');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('');
  });

  it('refuses an oversized file (413) and imports nothing', async () => {
    const before = t.store.dump();
    const lines = [HEADER];
    for (let i = 0; lines.join('\n').length < 300 * 1024; i++) lines.push(row(`bulk.user${i}`));
    const res = await t.upload(PROVIDER, lines.join('\n'));
    expect(res.status).toBe(413);
    expect(t.store.dump()).toBe(before);
  });

  it('refuses a ragged row and an unclosed quote with the row', async () => {
    const ragged = await t.upload(PROVIDER, `${HEADER}\n${row('a.b')},extra\n`);
    expect(ragged.status).toBe(400);
    const unclosed = await t.upload(
      PROVIDER,
      `${HEADER}\n"a.b,x@example.com,A,B,true,NOC Operators,North East Visibility,National Tree\n`,
    );
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.errors[0]).toMatchObject({ field: '', row: 1, line: 2 });
  });

  it('a username twice in one file is a row error', async () => {
    const res = await t.upload(PROVIDER, `${HEADER}\n${row('twin.user')}\n${row('Twin.User')}\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'username', reason: 'The username appears twice in the file', row: 2, line: 3 },
    ]);
  });
});
