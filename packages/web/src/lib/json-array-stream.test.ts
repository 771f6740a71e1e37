import { describe, expect, it } from 'vitest';
import { ArrayPrefixScanner, readJsonArray } from './json-array-stream.ts';

function streamOf(text: string, chunk: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

const rows = Array.from({ length: 50 }, (_, i) => ({
  username: `user${i}`,
  note: i % 3 ? `a "quoted" } brace ] and \\ backslash ${i}` : 'naïve — ünïcode',
  tags: [{ x: i }, [i, '{']],
}));

describe('readJsonArray (issue 34 item 13)', () => {
  it('hands over the first rows before the end, then the whole array, whatever the chunking', async () => {
    for (const chunk of [1, 7, 64, 100_000]) {
      const seen: unknown[][] = [];
      const all = await readJsonArray(streamOf(JSON.stringify(rows), chunk), 10, (first) => seen.push(first));
      expect(all).toEqual(rows);
      expect(seen).toEqual([rows.slice(0, 10)]);
    }
  });

  it('an array shorter than the first rows comes only whole; an empty answer is empty', async () => {
    const seen: unknown[][] = [];
    expect(await readJsonArray(streamOf(JSON.stringify(rows.slice(0, 3)), 5), 10, (f) => seen.push(f))).toEqual(
      rows.slice(0, 3),
    );
    expect(seen).toEqual([]);
    expect(await readJsonArray(streamOf('[]', 5), 10, (f) => seen.push(f))).toEqual([]);
  });

  it('the scanner counts only top-level elements', () => {
    const scanner = new ArrayPrefixScanner(2);
    const text = ' [ {"a":"}]"} , {"b":[{"c":1}]} ,{"d":2}]';
    expect(scanner.scan(text.slice(0, 12))).toBe(false);
    expect(scanner.scan(text)).toBe(true);
    expect(JSON.parse(`[${text.slice(text.indexOf('[') + 1, scanner.end)}]`)).toEqual([{ a: '}]' }, { b: [{ c: 1 }] }]);
  });
});
