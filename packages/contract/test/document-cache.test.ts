import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCUMENT_PATH, parseYamlDocument } from '../src/document.ts';

const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/userprofile-openapi/', import.meta.url));
const cacheFileOf = (text: string) => `${CACHE}${createHash('sha256').update(text).digest('hex')}.json`;

/** A text of its own (so this process has not parsed it yet, and no other run left its file). */
function uniqueText(): string {
  return `# ${randomUUID()}\nopenapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n`;
}

const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

describe('parseYamlDocument', () => {
  it('reads the project document as the YAML parser does', () => {
    const text = readFileSync(DOCUMENT_PATH, 'utf8');
    expect(parseYamlDocument(text)).toEqual(parse(text));
  });

  it('keeps the parsed document by its text, and gives each caller a copy of its own', () => {
    const text = uniqueText();
    written.push(cacheFileOf(text));
    const first = parseYamlDocument(text);
    expect(existsSync(cacheFileOf(text))).toBe(true);
    (first.paths as Record<string, unknown>)['/a'] = 'changed by a caller';
    expect(parseYamlDocument(text)).toEqual(parse(text));
  });

  it('parses again where the kept file is not whole JSON, and mends it', () => {
    const text = uniqueText();
    const file = cacheFileOf(text);
    written.push(file);
    writeFileSync(file, '{"openapi": "3.0.3", "paths": {');
    expect(parseYamlDocument(text)).toEqual(parse(text));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(parse(text));
  });

  it('a changed text is a new document, never the kept one', () => {
    const text = uniqueText();
    const changed = text.replace('description: ok', 'description: changed');
    written.push(cacheFileOf(text), cacheFileOf(changed));
    parseYamlDocument(text);
    expect(parseYamlDocument(changed)).toEqual(parse(changed));
  });
});
