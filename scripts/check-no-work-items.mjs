#!/usr/bin/env node
// `npm run lint:work-items` and npm test's lint stage: the code says why in
// place. A comment, a test name or a description of the OpenAPI document that
// only points at a numbered work item (an issue, a pull request, an item of
// one, a working session's date) tells a reader nothing once the tracker is
// gone or renumbered, so none may be left in openapi/, packages/, scripts/ or
// tests/ (file names included). A full URL of another project's issue (an
// upstream bug a workaround follows) names its project and stays readable: it
// is allowed.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const ROOTS = ['openapi', 'packages', 'scripts', 'tests'];
/** Build outputs, installed packages and tools' caches: not written by hand. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'test-results',
  'playwright-report',
  '.vite',
  '.turbo',
]);
const TEXT = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.json',
  '.yaml',
  '.yml',
  '.md',
  '.css',
  '.html',
  '.txt',
  '.sh',
  '.sql',
]);

/**
 * What a reference to a numbered work item looks like, each with why it is
 * that and not something else:
 * - an issue by number, one or several, however spelled and glued to the word
 *   (a file named after one too); a tracker URL has a slash there, not a space;
 * - a pull request, bug, story, task or ticket by number with its '#';
 * - a bare '#123' after a space or an opening bracket (an HTML entity, a URL's
 *   fragment or a CSS colour in quotes has no space before it; a colour
 *   declaration ends with ';');
 * - an item of a list by number where it reads as a reference: after an
 *   opening bracket, several of them, or one followed by ':', ';' or ')' —
 *   test data such as a row named 'item' and a number, in quotes, does not;
 * - a working session by its date;
 * - a link to this repository's own tracker, relative ('issues/' or 'pull/'
 *   and a number, at the start of a path): a full URL names its project.
 */
export const PATTERNS = [
  /\bissues?[\s_-]*#?\d+/i,
  /\b(?:pull request|pr|bug|story|task|ticket)\s*#\d+/i,
  /(?:^|[\s([{])#\d+\b(?![\w-]|\s*;)/,
  /\(\s*items?\s+\d+/i,
  /\bitems\s+\d+\s*(?:,|and\b)/i,
  /\bitems?\s+\d+\s*[:;)]/i,
  /\bsession of \d{4}-\d{2}-\d{2}/i,
  /(?:^|[\s([<'"`])\/?(?:\.\.?\/)*(?:issues|pull)\/\d+/,
];

/** The first reference to a numbered work item in `text`, or null. */
export function workItemIn(text) {
  for (const pattern of PATTERNS) {
    const found = pattern.exec(text);
    if (found) return found[0].trim();
  }
  return null;
}

/** A line's text without its comment marker ('//', '*', '#'), as it continues the line before. */
const continued = (line) => line.replace(/^\s*(?:\/\/+|\/\*+|\*+|#+|<!--)?\s*/, '');

/**
 * The references in a file's lines, each at the line it starts on: a line is
 * read with the next one after it, so a reference a comment wraps (the word on
 * one line, its number on the next) is found too.
 */
export function workItemLines(lines) {
  const found = [];
  lines.forEach((text, i) => {
    const next = i + 1 < lines.length ? continued(lines[i + 1]) : '';
    for (const pattern of PATTERNS) {
      const hit = pattern.exec(next ? `${text} ${next}` : text);
      if (hit && hit.index < text.length) {
        found.push({ line: i + 1, found: hit[0].trim(), text: text.trim() });
        break;
      }
    }
  });
  return found;
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* files(join(dir, entry.name));
    } else if (entry.isFile()) yield join(dir, entry.name);
  }
}

/** Every reference under the roots: `{ file, line, found, text }`, line 0 for a file's name. */
export function findWorkItems(base = root, roots = ROOTS) {
  const found = [];
  for (const top of roots) {
    for (const file of files(join(base, top))) {
      const name = relative(base, file);
      const inName = workItemIn(name.split(/[\\/]/).pop() ?? '');
      if (inName) found.push({ file: name, line: 0, found: inName, text: name });
      if (!TEXT.has(extname(file))) continue;
      for (const hit of workItemLines(readFileSync(file, 'utf8').split('\n'))) found.push({ file: name, ...hit });
    }
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(`Usage: node scripts/check-no-work-items.mjs

Lists every reference to a numbered work item (an issue, a pull request, an
item of one, a working session's date) in ${ROOTS.join('/, ')}/ as file:line,
build outputs and node_modules left out. Exit code: 0 when there is none, 1 when
there is one.`);
    process.exit(0);
  }
  const found = findWorkItems();
  for (const f of found) console.log(`${f.file}:${f.line || '(file name)'}: "${f.found}" in ${f.text.slice(0, 160)}`);
  if (found.length > 0) {
    console.error(
      `\n${found.length} reference(s) to numbered work items: say in place why the code is so, without the number.`,
    );
    process.exit(1);
  }
  console.log(`No references to numbered work items in ${ROOTS.join('/, ')}/.`);
}
