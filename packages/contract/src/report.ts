// The check's reports: a table per operation for people, JUnit XML for CI
// (one testcase per operation exercised, named `METHOD /path` as the document
// spells the path), and JSON for machines. Each carries the same split (the
// real backend promises spec §7 only): the spec operations, scored, then the extensions apart (offered and
// judged, or not offered). Every text in them was made printable by the check.
import type { OperationResult, Report } from './check.ts';
import { formatViolation } from './validate.ts';

/** How many reasons the table shows per operation; the JSON and JUnit files carry them all. */
const REASONS_SHOWN = 3;

export const score = (r: Report) => (r.exercised === 0 ? 0 : r.conforming / r.exercised);
export const coverage = (r: Report) => (r.total === 0 ? 0 : r.exercised / r.total);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The table's rows for some operations: method, path, calls, result and the first reasons. */
function rowsOf(r: Report, results: OperationResult[]) {
  return results.map((o) => {
    const errors = o.violations.filter((v) => v.severity === 'error' || r.strict);
    const warnings = o.violations.filter((v) => v.severity === 'warning' && !r.strict);
    const result =
      o.outcome === 'pass'
        ? warnings.length
          ? 'pass (warnings)'
          : 'pass'
        : o.outcome === 'fail'
          ? 'FAIL'
          : o.outcome === 'not offered'
            ? 'not offered'
            : '-';
    const checks = o.calls === 0 ? '' : `${o.calls} call${o.calls === 1 ? '' : 's'}: ${o.statuses.join(',')}`;
    const reasons = [...errors, ...warnings].map((v) => formatViolation(v).slice(v.operation.length + 1));
    const shown = reasons.slice(0, REASONS_SHOWN);
    if (reasons.length > REASONS_SHOWN) shown.push(`... ${reasons.length - REASONS_SHOWN} more`);
    if (o.note) shown.unshift(o.note);
    return { method: o.method, path: o.path, checks, result, reasons: shown };
  });
}

export function table(r: Report): string {
  const spec = rowsOf(r, r.operations);
  const extensions = rowsOf(r, r.extensions);
  const all = [...spec, ...extensions];
  const w = {
    method: Math.max(6, ...all.map((x) => x.method.length)),
    path: Math.max(4, ...all.map((x) => x.path.length)),
    checks: Math.max(6, ...all.map((x) => x.checks.length)),
    result: Math.max(6, ...all.map((x) => x.result.length)),
  };
  const header = `${'METHOD'.padEnd(w.method)}  ${'PATH'.padEnd(w.path)}  ${'CHECKS'.padEnd(w.checks)}  ${'RESULT'.padEnd(w.result)}  REASONS`;
  const lines = [header];
  const section = (rows: typeof spec) => {
    for (const x of rows) {
      const head = `${x.method.padEnd(w.method)}  ${x.path.padEnd(w.path)}  ${x.checks.padEnd(w.checks)}  ${x.result.padEnd(w.result)}  `;
      lines.push(head + (x.reasons[0] ?? ''));
      for (const reason of x.reasons.slice(1)) lines.push(' '.repeat(head.length) + reason);
    }
  };
  section(spec);
  if (extensions.length > 0) {
    lines.push('', 'Extensions (x-extension: true, beyond spec §7; not in the score):', header);
    section(extensions);
  }
  lines.push('');
  lines.push(
    `Score:    ${r.conforming}/${r.exercised} exercised spec operations conform (${percent(score(r))})${r.strict ? ', strict' : ''}`,
  );
  lines.push(`Coverage: ${r.exercised}/${r.total} spec operations of the document exercised (${percent(coverage(r))})`);
  const x = r.extensionSummary;
  if (x.total > 0) {
    const notOffered = x.notOffered.length > 0 ? `; not offered: ${x.notOffered.join(', ')}` : '';
    const unprobed = x.total - x.offered - x.notOffered.length;
    lines.push(
      `Extensions: ${x.offered} of ${x.total} offered, ${x.conforming} of them conform, ${x.notOffered.length} not offered${r.requireExtensions ? ' (required: each fails)' : ''}${unprobed ? `, ${unprobed} not exercised` : ''}${notOffered}`,
    );
  }
  lines.push(
    `${r.allowWrites ? 'Read and write' : 'Read-only'} run ${r.runId}: ${r.requests} requests in ${(r.durationMs / 1000).toFixed(1)} s${r.stopped ? `, stopped early: ${r.stopped}` : ''}`,
  );
  return lines.join('\n');
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** One testsuite: a testcase per operation exercised; a not offered extension is a skipped testcase. */
function suite(r: Report, name: string, results: OperationResult[], seconds: string): string[] {
  const cases = results.filter((o) => o.outcome !== 'not exercised');
  const failures = cases.filter((o) => o.outcome === 'fail').length;
  const skipped = cases.filter((o) => o.outcome === 'not offered').length;
  const out = [
    `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" time="${seconds}" timestamp="${r.startedAt}">`,
  ];
  return [...out, ...cases.flatMap((o) => testcase(r, o)), '  </testsuite>'];
}

function testcase(r: Report, o: OperationResult): string[] {
  const name = xml(`${o.method} ${o.path}`);
  const warnings = o.violations.filter((v) => v.severity === 'warning' && !r.strict);
  const errors = o.violations.filter((v) => v.severity === 'error' || r.strict);
  const out = [`    <testcase classname="${xml(o.operationId)}" name="${name}">`];
  if (o.outcome === 'not offered') out.push(`      <skipped message="${xml(o.note ?? 'not offered')}"/>`);
  if (o.outcome === 'fail') {
    const first = errors[0] ? formatViolation(errors[0]) : 'failed';
    out.push(
      `      <failure message="${xml(first)}" type="contract">${xml(errors.map(formatViolation).join('\n'))}</failure>`,
    );
  }
  if (warnings.length > 0) out.push(`      <system-out>${xml(warnings.map(formatViolation).join('\n'))}</system-out>`);
  out.push('    </testcase>');
  return out;
}

export function junit(r: Report): string {
  const seconds = (r.durationMs / 1000).toFixed(3);
  const exercised = [...r.operations, ...r.extensions].filter((o) => o.outcome !== 'not exercised');
  const failures = exercised.filter((o) => o.outcome === 'fail').length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${exercised.length}" failures="${failures}" time="${seconds}">`,
    ...suite(r, `contract ${r.target}`, r.operations, seconds).map((line, i) =>
      i === 0
        ? `${line}\n    <properties><property name="score" value="${percent(score(r))}"/><property name="coverage" value="${percent(coverage(r))}"/></properties>`
        : line,
    ),
  ];
  if (r.extensions.length > 0) out.push(...suite(r, `contract extensions ${r.target}`, r.extensions, seconds));
  out.push('</testsuites>', '');
  return out.join('\n');
}

export function json(r: Report): string {
  return `${JSON.stringify({ ...r, score: score(r), coverage: coverage(r) }, null, 2)}\n`;
}
