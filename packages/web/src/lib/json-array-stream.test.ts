import { describe, expect, it } from 'vitest';
import { JsonArrayReader, readJsonArray } from './json-array-stream.ts';

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

describe('readJsonArray', () => {
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

  it('cuts only after whole top-level elements: a "},{" inside a string or a nested value is not a cut', () => {
    const array = new JsonArrayReader<unknown>();
    const text = ' [ {"a":"},{\\""},{"b":[{"c":1},{"d":"\\\\"}]},{"e":"x\\"y},{"}, {"f":2}]  ';
    const taken: unknown[][] = [];
    for (let at = 0; at < text.length; at += 5) taken.push(array.push(text.slice(at, at + 5)));
    taken.push(array.end());
    expect(taken.flat()).toEqual(JSON.parse(text));
    // Elements came before the end, each once.
    expect(taken.slice(0, -1).flat().length).toBeGreaterThan(0);
  });

  it('agrees with JSON.parse on generated arrays cut anywhere', async () => {
    const pieces = ['"', '\\', '\\"', ',', ']', '[', '{', '}', 'a', 'é', '😀', ' '];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const value = Array.from({ length: random(12) }, () => {
        const text = Array.from({ length: random(8) }, () => pieces[random(pieces.length)]).join('');
        return random(3) === 0 ? text : { text, list: [text, { inner: text }], n: random(100) };
      });
      const json = JSON.stringify(value, null, random(2) ? 0 : 1);
      const chunk = 1 + random(20);
      expect(await readJsonArray(streamOf(json, chunk), 3, () => {})).toEqual(value);
    }
  });

  it('refuses what is not one whole array, as JSON.parse would', async () => {
    for (const text of ['[1,2', '[1,2] x', '{"a":1}', '[1,,2]', '[1 2]', '["a]', 'x']) {
      await expect(
        readJsonArray(streamOf(text, 2), 1, () => {}),
        text,
      ).rejects.toThrow(SyntaxError);
    }
    expect(await readJsonArray(streamOf('  ', 1), 1, () => {})).toEqual([]);
    expect(await readJsonArray(streamOf(' [ ] ', 1), 1, () => {})).toEqual([]);
  });

  it('gives the browser its turn while a large answer that has all arrived is read', async () => {
    const big = Array.from({ length: 60_000 }, (_, i) => ({ username: `user${i}`, note: 'x'.repeat(40), n: i }));
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const seen: unknown[][] = [];
    const all = await readJsonArray(streamOf(JSON.stringify(big), 64 * 1024), 500, (first) => seen.push(first));
    clearInterval(ticker);
    expect(all).toHaveLength(60_000);
    expect(seen[0]).toEqual(big.slice(0, 500));
    expect(turns).toBeGreaterThan(0);
  });
});
