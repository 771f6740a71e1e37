// The depth bound of bounds.ts skips strings with indexOf: it must say what a
// walk of the parsed value says, whatever the strings hold (quotes, runs of
// backslashes, brackets), and refuse a too deep text.
import { describe, expect, it } from 'vitest';
import { deeperThan, parseBounded } from '../src/bounds.ts';

/** The depth of a parsed value: how many arrays and objects nest at most. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** A deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRICKY = ['"', '\\', '\\"', '\\\\', '[', ']', '{', '}', '\\\\"[', 'a', ' ', '\u2028', 'é'];

function value(next: () => number, depth: number): unknown {
  const text = () =>
    Array.from({ length: Math.floor(next() * 6) }, () => TRICKY[Math.floor(next() * TRICKY.length)]).join('');
  const pick = next();
  if (depth > 12 || pick < 0.3) return pick < 0.1 ? Math.floor(pick * 1000) : text();
  const items = Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
  if (pick < 0.65) return items;
  return Object.fromEntries(items.map((item, i) => [`${text()}${i}`, item]));
}

describe('deeperThan', () => {
  it('agrees with a walk of the parsed value on 2,000 values whose strings hold quotes, backslashes and brackets', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const v = value(random(seed), 0);
      const text = JSON.stringify(v, null, seed % 3 === 0 ? 1 : undefined);
      const depth = depthOf(v);
      expect(deeperThan(text, depth), `seed ${seed}: ${text}`).toBe(false);
      if (depth > 0) expect(deeperThan(text, depth - 1), `seed ${seed}: ${text}`).toBe(true);
    }
  });

  it('skips a string ending in an even run of backslashes, and counts past one ending in an odd run', () => {
    // "a\\" closes the string: the brackets after it count.
    expect(deeperThan('["a\\\\", [[]]]', 2)).toBe(true);
    // "a\"[[" is one string: its brackets do not.
    expect(deeperThan('["a\\"[[[", []]', 2)).toBe(false);
  });

  it('a text no longer than the bound is not scanned, and one a bracket longer is', () => {
    expect(deeperThan('[[[', 3)).toBe(false);
    expect(deeperThan('[[[[', 3)).toBe(true);
    expect(deeperThan('[[[]', 3)).toBe(false);
  });

  it('an unterminated string ends the scan with what was seen', () => {
    expect(deeperThan('[["abc', 1)).toBe(true);
    expect(deeperThan('["abc[[[[', 1)).toBe(false);
  });

  it('refuses a text nested 20,000 deep that JSON.parse would take, and takes one at the bound', () => {
    expect(JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toBeInstanceOf(Array);
    expect(parseBounded(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toBeUndefined();
    expect(parseBounded(`${'[{"a":'.repeat(128)}1${'}]'.repeat(128)}`)).toBeInstanceOf(Array);
    expect(parseBounded(`${'[{"a":'.repeat(128)}[1]${'}]'.repeat(128)}`)).toBeUndefined();
  });
});
