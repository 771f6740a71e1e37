// Recovery codes: the way back in when the phone or the passkey is lost. Ten
// per account, each single use, shown once and kept only as SHA-256 hashes:
// each code holds 50 random bits, so a fast hash is enough (no one can try
// 2^50 codes against a throttled sign-in, and a stolen database gives only
// hashes of random strings).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODES = 10;
/** Crockford's base32 without I, L, O, U: nothing to misread on paper. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const hash = (code: string) => createHash('sha256').update(normalised(code)).digest('hex');

/** What a person may type: any case, with or without the dash and spaces. */
function normalised(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Ten new codes (as shown, xxxxx-xxxxx) and their hashes (as kept). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODES; i++) {
    let code = '';
    for (let j = 0; j < 10; j++) code += ALPHABET[randomInt(ALPHABET.length)];
    codes.push(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return { codes, hashes: codes.map(hash) };
}

/** The hashes left once `code` is spent; null when it is not one of them. */
export function spendRecoveryCode(hashes: readonly string[], code: string): string[] | null {
  if (normalised(code).length !== 10) return null;
  const given = Buffer.from(hash(code), 'hex');
  const index = hashes.findIndex((h) => timingSafeEqual(Buffer.from(h, 'hex'), given));
  return index < 0 ? null : hashes.filter((_, i) => i !== index);
}
