// Versions of records for conditional writes, so that no save silently overwrites another (an extension: ETag on
// a GET, If-Match on the update, 412 on a stale write; RFC 9110 §13). The tag
// is a digest of the record as stored, so it needs no counter kept anywhere
// and names the same state for every reader.
import { createHash } from 'node:crypto';

/** A strong entity tag of a record's stored state (fields named in `leaveOut` are not part of it). */
export function etagOf(record: object, leaveOut: readonly string[] = []): string {
  const kept = Object.fromEntries(Object.entries(record).filter(([key]) => !leaveOut.includes(key)));
  return `"${createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-Match` header lets a write go ahead on a record whose tag is
 * `current`: absent, `*`, or a list naming it (strong comparison: a weak tag
 * never matches, RFC 9110 §13.1.1).
 */
export function ifMatchHolds(header: string | string[] | undefined, current: string): boolean {
  if (header === undefined) return true;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === current);
}
