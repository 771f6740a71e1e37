// The check's results: what it gathered per operation turned into the report
// every reporter reads (spec operations scored, extensions apart as
// offered or not offered), with every text from the target made printable.
import { NOT_OFFERED_STATUSES as NOT_OFFERED } from '@userprofile/shared/not-offered';
import { printable } from './bounds.ts';
import type { Operation } from './document.ts';
import type { Violation } from './validate.ts';

export type Outcome = 'pass' | 'fail' | 'not exercised' | 'not offered';

/** What a backend answers for a path it does not have (a Spring backend's 404) or a method it does not take. */
export const NOT_OFFERED_STATUSES = new Set(NOT_OFFERED);

export interface OperationResult {
  operationId: string;
  method: string;
  /** The path as the document spells it. */
  path: string;
  outcome: Outcome;
  calls: number;
  statuses: number[];
  /** Errors (and warnings, which fail only with strict), each with pointer and reason. */
  violations: Violation[];
  /** Why it was not exercised, when it was not. */
  note?: string;
}

export interface ExtensionSummary {
  /** Extensions in the document. */
  total: number;
  /** Those that answered something other than 404, 405 or 501. */
  offered: number;
  /** Of the offered, those that conform. */
  conforming: number;
  /** The operation ids of those that answered only 404, 405 or 501. */
  notOffered: string[];
}

export interface Report {
  target: string;
  runId: string;
  startedAt: string;
  durationMs: number;
  allowWrites: boolean;
  strict: boolean;
  requireExtensions: boolean;
  requests: number;
  /** The spec operations (every operation not marked x-extension): the score and coverage are theirs. */
  operations: OperationResult[];
  exercised: number;
  conforming: number;
  total: number;
  /** The extensions, apart: offered ones judged like the rest, the others 'not offered'. */
  extensions: OperationResult[];
  extensionSummary: ExtensionSummary;
  /** Set when the check stopped early (budget or time limit). */
  stopped?: string;
}

/** What the check gathers per operation while it runs. */
export interface Entry {
  op: Operation;
  calls: number;
  statuses: Set<number>;
  violations: Violation[];
  note?: string;
  /** An extension that answered at least once with something other than "not offered" (@userprofile/shared/not-offered). */
  offered: boolean;
  /** An extension's violations from answers that may only mean "not offered": counted once it is offered. */
  pending: Violation[];
}

/** The run's facts the report carries beside the operations. */
export interface RunFacts {
  options: { target: string; allowWrites?: boolean; strict?: boolean; requireExtensions?: boolean };
  runId: string;
  started: number;
  requests: number;
  stopped: string | undefined;
  isWrite: (op: Operation) => boolean;
}

export function summarise(entries: Entry[], run: RunFacts): Report {
  const { options, runId, started, stopped, isWrite } = run;
  const results: OperationResult[] = entries.map((e) => {
    // An extension whose every answer said "not offered" (404, 405, 501, ...) is not offered: its calls judged nothing.
    const absent = e.op.extension && e.calls > 0 && !e.offered;
    if (e.op.extension && e.offered) e.violations.push(...e.pending);
    if (absent && options.requireExtensions)
      e.violations.push({
        operation: e.op.operationId,
        status: [...e.statuses][0],
        pointer: '/status',
        reason: `not offered (answered ${[...e.statuses].sort().join(', ')}), and --require-extensions asks for it`,
        severity: 'error',
        side: 'response',
      });
    const failing = e.violations.some((v) => v.severity === 'error' || options.strict);
    const note =
      e.note ??
      (absent && !options.requireExtensions
        ? `not offered by the backend (answered ${[...e.statuses].sort().join(', ')})`
        : e.calls > 0
          ? undefined
          : isWrite(e.op) && !options.allowWrites
            ? 'a write: exercised only with --allow-writes'
            : isWrite(e.op)
              ? 'changes records the check did not create'
              : stopped
                ? `not reached (${stopped})`
                : 'no call made');
    const outcome: Outcome =
      e.calls === 0
        ? 'not exercised'
        : absent && !options.requireExtensions
          ? 'not offered'
          : failing
            ? 'fail'
            : 'pass';
    return {
      operationId: e.op.operationId,
      method: e.op.method,
      path: e.op.docPath,
      outcome,
      calls: e.calls,
      statuses: [...e.statuses].sort(),
      // The target's text goes into terminals, logs and XML: every control character escaped.
      violations: e.violations.map((v) => ({ ...v, pointer: printable(v.pointer), reason: printable(v.reason) })),
      ...(note ? { note: printable(note) } : {}),
    };
  });
  const byId = new Map(entries.map((e) => [e.op.operationId, e]));
  const isExtension = (o: OperationResult) => byId.get(o.operationId)?.op.extension === true;
  const operations = results.filter((o) => !isExtension(o));
  const extensions = results.filter(isExtension);
  const offeredIds = (wanted: boolean) =>
    extensions.filter((o) => {
      const e = byId.get(o.operationId) as Entry;
      return e.calls > 0 && e.offered === wanted;
    });
  const offered = offeredIds(true);
  const exercised = operations.filter((o) => o.outcome !== 'not exercised').length;
  return {
    target: printable(options.target),
    runId,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    allowWrites: options.allowWrites === true,
    strict: options.strict === true,
    requireExtensions: options.requireExtensions === true,
    requests: run.requests,
    operations,
    exercised,
    conforming: operations.filter((o) => o.outcome === 'pass').length,
    total: operations.length,
    extensions,
    extensionSummary: {
      total: extensions.length,
      offered: offered.length,
      conforming: offered.filter((o) => o.outcome === 'pass').length,
      notOffered: offeredIds(false).map((o) => o.operationId),
    },
    ...(stopped ? { stopped } : {}),
  };
}
