// The lint stage's check that comments, test names and the OpenAPI document say
// why in place (scripts/check-no-work-items.mjs): what it takes for a reference
// to a numbered work item, and what it leaves alone. The examples are put
// together here, so this file does not trip the check it tests.
import { describe, expect, it } from 'vitest';
import { workItemIn, workItemLines } from '../../scripts/check-no-work-items.mjs';

const ISSUE = ['iss', 'ue'].join('');
const Issue = `I${ISSUE.slice(1)}`;

describe('references to numbered work items', () => {
  it.each([
    `a rule (${ISSUE} 22)`,
    `${Issue} 34 ${'item'} 6: a reader who sees nothing`,
    `${ISSUE}s 16, 26 and 32`,
    `${ISSUE} ${'#'}5`,
    `user-editor-${ISSUE}34.spec.ts`,
    `fixed in (${'#'}27)`,
    `see ${'#'}27 for more`,
    `pull request ${'#'}12`,
    `(${'item'} 4) of the list`,
    `${'item'}s 3, 19`,
    `${'item'}s 8 and 9`,
    `${'item'} 6: the reader`,
    `the session of ${'2026'}-11-27`,
    `[the thread](../${ISSUE}s/${'12'})`,
  ])('finds %s', (text) => {
    expect(workItemIn(text)).not.toBeNull();
  });

  it.each([
    'answered HTTP 404',
    'RFC 6749 §4.1.3 and spec §7',
    'CVE-2024-3094',
    `the upstream bug https://github.com/nodejs/node/${ISSUE}s/${'52698'}`,
    "numeric-aware ('item 2' < 'item 10')",
    "{ name: 'Item 10', roles: [] }",
    '  --si-panel: #111111;',
    "color: '#333'",
    'it&#39;s',
    'page.html#123',
    'the issuer 3 times',
    'a ticket 5 minutes old',
  ])('leaves alone %s', (text) => {
    expect(workItemIn(text)).toBeNull();
  });

  it('finds a reference a comment wraps, at the line it starts on', () => {
    expect(workItemLines([`// the view in the address (${ISSUE}`, '// 27; the last one kept)', 'code()'])).toEqual([
      { line: 1, found: `${ISSUE} 27`, text: `// the view in the address (${ISSUE}` },
    ]);
  });
});
