// http/array-answer.ts: a large JSON array made of kept rows in blocks. Its
// plain bytes are exactly the array serialised afresh, its gzip copy is one
// gzip member (what browsers decode) of those same bytes, and a change of one
// row remakes only the blocks around it.
import { randomUUID } from 'node:crypto';
import { crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ArrayAnswer } from '../src/http/array-answer.ts';
import type { Bytes } from '../src/http/send.ts';

const bytes = (b: Bytes) => (Buffer.isBuffer(b) ? b : Buffer.concat(b));

type Item = { uuid: string; n: number; name: string };
/** Each item's row made once, as the users list keeps them; `asked` counts the items asked for their row. */
function rowsOfItems() {
  const kept = new WeakMap<Item, Buffer>();
  const rows = {
    asked: 0,
    key: (item: Item) => item.uuid,
    json(item: Item) {
      rows.asked++;
      let row = kept.get(item);
      if (!row) {
        row = Buffer.from(JSON.stringify(item));
        kept.set(item, row);
      }
      return row;
    },
  };
  return rows;
}

function values(count: number): Item[] {
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

async function expectAnswer(answer: ArrayAnswer<Item>, list: Item[]) {
  const made = await answer.answer(list);
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
      const made = await expectAnswer(new ArrayAnswer(rowsOfItems()), values(count));
      if (count === 0) expect(bytes(made.json).toString()).toBe('[]');
    }
  });

  it('cuts thousands of rows into many blocks of about 128 rows', async () => {
    const answer = new ArrayAnswer(rowsOfItems());
    await answer.answer(values(20_000));
    expect(answer.madeLast).toBeGreaterThan(20_000 / 128 / 2);
    expect(answer.madeLast).toBeLessThan((20_000 / 128) * 2);
  });

  it('after one item changed, added or removed, remakes only the blocks around it and stays exact', async () => {
    const list = values(20_000);
    const rows = rowsOfItems();
    const answer = new ArrayAnswer(rows);
    await expectAnswer(answer, list);
    const all = answer.madeLast;

    // The same items again: every block copied, no item asked for its row.
    rows.asked = 0;
    await expectAnswer(answer, list);
    expect(answer.madeLast).toBe(0);
    expect(rows.asked).toBe(0);

    // One item changed (a new object, as a saved user's record is new): its block only.
    list[7000] = { ...(list[7000] as Item), name: 'changed' };
    rows.asked = 0;
    await expectAnswer(answer, list);
    expect(answer.madeLast).toBeLessThanOrEqual(2);
    expect(rows.asked).toBeLessThan(1000);

    // One item added in the middle, one removed near the start: the blocks after them stay.
    list.splice(12_000, 0, { uuid: randomUUID(), n: -1, name: 'new' });
    list.splice(300, 1);
    await expectAnswer(answer, list);
    expect(answer.madeLast).toBeLessThanOrEqual(4);
    expect(answer.madeLast).toBeLessThan(all / 10);

    // The first item removed: the new first block is made with its `[`.
    list.shift();
    await expectAnswer(answer, list);
    expect(answer.madeLast).toBeLessThanOrEqual(2);

    // Items appended after the last block, and the list emptied and filled again.
    list.push(...values(500));
    await expectAnswer(answer, list);
    await expectAnswer(answer, []);
    await expectAnswer(answer, list);
  });

  it('lets other requests run while it makes the blocks of a long list', async () => {
    const list = values(60_000);
    const answer = new ArrayAnswer(rowsOfItems());
    let ranMeanwhile = false;
    const made = answer.answer(list);
    setImmediate(() => {
      ranMeanwhile = true;
    });
    await expect(made).resolves.toBeDefined();
    expect(ranMeanwhile).toBe(true);
    // The list changing while its answer is made (the store's array, at the next write) does not change that answer.
    const before = Buffer.from(JSON.stringify(list));
    const fresh = new ArrayAnswer(rowsOfItems());
    const during = fresh.answer(list);
    list.splice(0, 30_000);
    expect(bytes((await during).json).equals(before)).toBe(true);
  });
});
