// The access token and its expiry (spec §3 keys access_token and
// token_expires_at; spec §9: the expiry is read from the exp claim).
import { storage } from './storage.ts';

/** A JWT's claims, read without verifying them: the server verifies, the console only schedules and labels. */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the `exp` claim (seconds) of a JWT. */
export function readExpiry(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** The sign-in session this console's token belongs to (its `sid` claim), if the token names one. */
export function currentSessionId(): string | null {
  const token = currentToken();
  const sid = token ? claimsOf(token)?.sid : undefined;
  return typeof sid === 'string' && sid !== '' ? sid : null;
}

/** Stores the token and its expiry (milliseconds since the epoch). Throws for a token without exp. */
export function storeToken(token: string): number {
  const exp = readExpiry(token);
  if (exp === null) throw new Error('The access token carries no exp claim');
  const expiresAt = exp * 1000;
  storage.set('access_token', token);
  storage.set('token_expires_at', String(expiresAt));
  return expiresAt;
}

export function tokenExpiresAt(): number | null {
  const raw = storage.get('token_expires_at');
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** The stored token while it is unexpired, else null. */
export function currentToken(now = Date.now()): string | null {
  const token = storage.get('access_token');
  const expiresAt = tokenExpiresAt();
  if (!token || expiresAt === null || expiresAt <= now) return null;
  return token;
}

export function clearToken(): void {
  storage.remove('access_token');
  storage.remove('token_expires_at');
}
