// http/array-answer.ts: a large JSON array made of kept rows in blocks. Its
// plain bytes are exactly the array serialised afresh, its gzip copy is one
// gzip member (what browsers decode) of those same bytes, and a change of one
// row remakes only the blocks around it.
import { randomUUID } from 'node:crypto';
import { crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ArrayAnswer, type ArrayRow, endsBlock } from '../src/http/array-answer.ts';
import type { Bytes } from '../src/http/send.ts';

const bytes = (b: Bytes) => (Buffer.isBuffer(b) ? b : Buffer.concat(b));

const rowOf = (value: { uuid: string; n: number; name: string }): ArrayRow => ({
  json: Buffer.from(JSON.stringify(value)),
  endsBlock: endsBlock(value.uuid),
});

function values(count: number) {
  return Array.from({ length: count }, (_, n) => ({ uuid: randomUUID(), n, name: `Dúnlaith Ó ${n} "quoted" \u2028` }));
}

/** The gzip answer read strictly as RFC 1952 one member: header, one deflate stream, CRC-32 and length of the text. */
function readOneMember(gz: Buffer): Buffer {
  expect([...gz.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]);
  const text = inflateRawSync(gz.subarray(10, gz.length - 8));
  expect(gz.readUInt32LE(gz.length - 8)).toBe(crc32(text));
  expect(gz.readUInt32LE(gz.length - 4)).toBe(text.length);
  return text;
}

async function decodedAsBrowsers(gz: Buffer): Promise<Buffer> {
  const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

async function expectAnswer(answer: ArrayAnswer, list: { uuid: string }[], rows: ArrayRow[]) {
  const made = answer.answer(rows);
  const expected = Buffer.from(JSON.stringify(list));
  expect(bytes(made.json).equals(expected)).toBe(true);
  const gz = made.compress ? bytes(await made.compress()) : null;
  if (gz) {
    expect(readOneMember(gz).equals(expected)).toBe(true);
    expect((await decodedAsBrowsers(gz)).equals(expected)).toBe(true);
    expect(gunzipSync(gz).equals(expected)).toBe(true);
  }
  return made;
}

describe('a JSON array answer made of kept rows', () => {
  it('is the array serialised afresh, plain and gzipped, from none to thousands of rows', async () => {
    for (const count of [0, 1, 2, 127, 128, 129, 5000]) {
      const list = values(count);
      const made = await expectAnswer(new ArrayAnswer(), list, list.map(rowOf));
      if (count === 0) expect(bytes(made.json).toString()).toBe('[]');
    }
  });

  it('cuts thousands of rows into many blocks of about 128 rows', () => {
    const list = values(20_000);
    const answer = new ArrayAnswer();
    answer.answer(list.map(rowOf));
    expect(answer.madeLast).toBeGreaterThan(20_000 / 128 / 2);
    expect(answer.madeLast).toBeLessThan((20_000 / 128) * 2);
  });

  it('after one row changed, added or removed, remakes only the blocks around it and stays exact', async () => {
    const list = values(20_000);
    let rows = list.map(rowOf);
    const answer = new ArrayAnswer();
    await expectAnswer(answer, list, rows);
    const all = answer.madeLast;

    // The same rows again: every block copied.
    await expectAnswer(answer, list, rows);
    expect(answer.madeLast).toBe(0);

    // One row changed (a new row object, as a saved user's record is new).
    list[7000] = { ...(list[7000] as (typeof list)[number]), name: 'changed' };
    rows = [...rows];
    rows[7000] = rowOf(list[7000] as (typeof list)[number]);
    await expectAnswer(answer, list, rows);
    expect(answer.madeLast).toBeLessThanOrEqual(2);

    // One row added in the middle, one removed near the start: the blocks after them stay.
    const added = { uuid: randomUUID(), n: -1, name: 'new' };
    list.splice(12_000, 0, added);
    rows.splice(12_000, 0, rowOf(added));
    list.splice(300, 1);
    rows.splice(300, 1);
    await expectAnswer(answer, list, rows);
    expect(answer.madeLast).toBeLessThanOrEqual(4);
    expect(answer.madeLast).toBeLessThan(all / 10);

    // The first row removed: the new first block is made with its `[`.
    list.shift();
    rows.shift();
    await expectAnswer(answer, list, rows);
    expect(answer.madeLast).toBeLessThanOrEqual(2);
  });
});
