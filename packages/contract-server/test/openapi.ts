// The OpenAPI document as test oracle: every response a test receives is
// checked against the schema the document gives for its operation and status,
// by the same validator as `npm run contract` and the proxy (@userprofile/contract).
import { loadContract, type Operation } from '@userprofile/contract/document';
import { createValidator, formatViolation } from '@userprofile/contract/validate';
import { SPEC_PATH } from '../src/app.ts';

export type { Operation };

const contract = loadContract({ path: SPEC_PATH });
const validator = createValidator(contract);

export const doc = contract.doc;
export const operations = contract.operations;

export interface CheckedResponse {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Throws when the response does not match the document: an undocumented
 * status (unless allowed), a content type the operation does not list, or a
 * body that fails the schema (an extra property included: the dev backend is
 * held to the strict reading).
 */
export function checkResponse(method: string, url: string, res: CheckedResponse, allowUndocumented = false): void {
  const op = contract.match(method, url);
  if (!op) return;
  if (allowUndocumented && !contract.responseFor(op, res.status)) return;
  const violations = validator
    .checkAnswer(op, { status: res.status, headers: res.headers as Record<string, string>, body: res.body })
    // A 5xx the test provoked (fault injection) is documented or allowed; its being a 5xx is the point.
    .filter((v) => !(v.pointer === '/status' && v.reason.startsWith('server error')));
  if (violations.length > 0) {
    throw new Error(
      `${method} ${url} does not match the document:\n${violations.map(formatViolation).join('\n')}\n${res.body.slice(0, 500)}`,
    );
  }
}
