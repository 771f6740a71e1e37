// The check's reports: a table per operation for people, JUnit XML for CI
// (one testcase per operation exercised, named `METHOD /path` as the document
// spells the path), and JSON for machines.
import type { Report } from './check.ts';
import { formatViolation } from './validate.ts';

/** How many reasons the table shows per operation; the JSON and JUnit files carry them all. */
const REASONS_SHOWN = 3;

export const score = (r: Report) => (r.exercised === 0 ? 0 : r.conforming / r.exercised);
export const coverage = (r: Report) => (r.total === 0 ? 0 : r.exercised / r.total);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

export function table(r: Report): string {
  const rows = r.operations.map((o) => {
    const errors = o.violations.filter((v) => v.severity === 'error' || r.strict);
    const warnings = o.violations.filter((v) => v.severity === 'warning' && !r.strict);
    const result =
      o.outcome === 'pass' ? (warnings.length ? 'pass (warnings)' : 'pass') : o.outcome === 'fail' ? 'FAIL' : '-';
    const checks = o.calls === 0 ? '' : `${o.calls} call${o.calls === 1 ? '' : 's'}: ${o.statuses.join(',')}`;
    const reasons = [...errors, ...warnings].map((v) => formatViolation(v).slice(v.operation.length + 1));
    const shown = reasons.slice(0, REASONS_SHOWN);
    if (reasons.length > REASONS_SHOWN) shown.push(`... ${reasons.length - REASONS_SHOWN} more`);
    if (o.note) shown.unshift(o.note);
    return { method: o.method, path: o.path, checks, result, reasons: shown };
  });
  const w = {
    method: Math.max(6, ...rows.map((x) => x.method.length)),
    path: Math.max(4, ...rows.map((x) => x.path.length)),
    checks: Math.max(6, ...rows.map((x) => x.checks.length)),
    result: Math.max(6, ...rows.map((x) => x.result.length)),
  };
  const lines = [
    `${'METHOD'.padEnd(w.method)}  ${'PATH'.padEnd(w.path)}  ${'CHECKS'.padEnd(w.checks)}  ${'RESULT'.padEnd(w.result)}  REASONS`,
  ];
  for (const x of rows) {
    const head = `${x.method.padEnd(w.method)}  ${x.path.padEnd(w.path)}  ${x.checks.padEnd(w.checks)}  ${x.result.padEnd(w.result)}  `;
    lines.push(head + (x.reasons[0] ?? ''));
    for (const reason of x.reasons.slice(1)) lines.push(' '.repeat(head.length) + reason);
  }
  lines.push('');
  lines.push(
    `Score:    ${r.conforming}/${r.exercised} exercised operations conform (${percent(score(r))})${r.strict ? ', strict' : ''}`,
  );
  lines.push(`Coverage: ${r.exercised}/${r.total} operations of the document exercised (${percent(coverage(r))})`);
  lines.push(
    `${r.allowWrites ? 'Read and write' : 'Read-only'} run ${r.runId}: ${r.requests} requests in ${(r.durationMs / 1000).toFixed(1)} s${r.stopped ? `, stopped early: ${r.stopped}` : ''}`,
  );
  return lines.join('\n');
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

export function junit(r: Report): string {
  const cases = r.operations.filter((o) => o.outcome !== 'not exercised');
  const failures = cases.filter((o) => o.outcome === 'fail').length;
  const seconds = (r.durationMs / 1000).toFixed(3);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${cases.length}" failures="${failures}" time="${seconds}">`,
    `  <testsuite name="${xml(`contract ${r.target}`)}" tests="${cases.length}" failures="${failures}" skipped="0" time="${seconds}" timestamp="${r.startedAt}">`,
    `    <properties><property name="score" value="${percent(score(r))}"/><property name="coverage" value="${percent(coverage(r))}"/></properties>`,
  ];
  for (const o of cases) {
    const name = xml(`${o.method} ${o.path}`);
    const warnings = o.violations.filter((v) => v.severity === 'warning' && !r.strict);
    const errors = o.violations.filter((v) => v.severity === 'error' || r.strict);
    out.push(`    <testcase classname="${xml(o.operationId)}" name="${name}">`);
    if (o.outcome === 'fail') {
      const first = errors[0] ? formatViolation(errors[0]) : 'failed';
      out.push(
        `      <failure message="${xml(first)}" type="contract">${xml(errors.map(formatViolation).join('\n'))}</failure>`,
      );
    }
    if (warnings.length > 0)
      out.push(`      <system-out>${xml(warnings.map(formatViolation).join('\n'))}</system-out>`);
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

export function json(r: Report): string {
  return `${JSON.stringify({ ...r, score: score(r), coverage: coverage(r) }, null, 2)}\n`;
}
