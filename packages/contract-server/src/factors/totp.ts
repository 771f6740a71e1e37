// Authenticator app codes (TOTP, RFC 6238): 6 digits, 30 s steps, SHA-1, the
// parameters every authenticator app reads from an otpauth:// URI. A code is
// accepted in its step and one step either side (a phone's clock a little
// off), and only once: the step it matched is kept with the factor, and a
// code of that step or an earlier one is refused as a replay.
import { Secret, TOTP } from 'otpauth';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD = 30;
/** Steps either side of now a code may belong to. */
const WINDOW = 1;

/** A new key: 20 random bytes (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, account = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

/** The code of a key at an instant (tests, and the RFC's vectors). */
export function totpCode(secret: string, at: number): string {
  return totpOf(secret).generate({ timestamp: at });
}

/**
 * The step a code belongs to, if it is a code of this key near `now` and of a
 * step after `lastStep` (the step the key last signed in with); null otherwise.
 */
export function matchTotp(secret: string, code: string, now: number, lastStep: number | null): number | null {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totpOf(secret).validate({ token: digits, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
