import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1/§4.2: 43..128 characters of the unreserved alphabet. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isPkceValue(value: unknown): value is string {
  return typeof value === 'string' && PKCE_VALUE.test(value);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** S256(verifier) == challenge, compared in constant time. */
export function verifierMatches(verifier: unknown, challenge: string): boolean {
  if (!isPkceValue(verifier)) return false;
  return timingSafeEqualText(s256(verifier), challenge);
}

export function timingSafeEqualText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
