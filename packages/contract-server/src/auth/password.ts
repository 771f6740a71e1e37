import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

// scrypt at the strength OWASP ASVS names (N=2^17, r=8, p=1); Node's default
// N=2^14 with maxmem 32 MiB falls short, so maxmem is raised to fit 128*N*r.
/** The cost every server hashes and verifies at. */
export const PASSWORD_HASH_N = 2 ** 17;
let N = PASSWORD_HASH_N;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;
/** Longer inputs are refused before any hashing work (a 1 MB password costs nothing). */
export const MAX_PASSWORD_LENGTH = 1024;
/** The salt and hash no password matches, verified when there is no usable hash, so that costs the same. */
const DUMMY_SALT = Buffer.alloc(16);
const DUMMY_HASH = Buffer.alloc(KEY_LENGTH);

/** The parameters this server hashes and verifies with, as a stored hash names them: `scrypt$131072$8$1`. */
export const passwordHashPolicy = (): string => `scrypt$${N}$${r}$${p}`;

function scrypt(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Format: scrypt$N$r$p$saltB64$hashB64 */
export async function hashPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw new RangeError('password too long');
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether a stored hash has this server's own cost (scrypt N=2^17, r=8, p=1,
 * a 32-byte key and a salt of 16 to 64 bytes). A hash names its own cost, so
 * one from elsewhere (a snapshot, a database) could otherwise ask for minutes
 * of the crypto threads at every sign-in (docs/oauth2-and-sign-in.md
 * "Passwords", docs/dev-backend.md "Hostile input").
 */
export function withinHashPolicy(stored: string): boolean {
  const parts = stored.split('$');
  const [scheme, n, rr, pp, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || n !== String(N) || rr !== String(r) || pp !== String(p))
    return false;
  if (!salt || !hash || !BASE64.test(salt) || !BASE64.test(hash)) return false;
  const saltBytes = Buffer.from(salt, 'base64').length;
  return saltBytes >= 16 && saltBytes <= 64 && Buffer.from(hash, 'base64').length === KEY_LENGTH;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  // A hash outside the policy is never run: it costs the same one hash as no password at all, and fails.
  const usable = stored !== null && withinHashPolicy(stored);
  const [, , , , salt, hash] = usable ? (stored.split('$') as string[]) : [];
  const expected = hash ? Buffer.from(hash, 'base64') : DUMMY_HASH;
  const actual = await scrypt(password, salt ? Buffer.from(salt, 'base64') : DUMMY_SALT, N, r, p);
  // An account without a password still costs one full hash, so timing does not tell it apart.
  return usable && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Tests only: hash and verify at another N from now on (undefined: back to
 * PASSWORD_HASH_N). One hash at N=2^17 costs 0.75 CPU-seconds here, and the
 * server tests sign in about 230 times; a file that is about the cost (the
 * timing and parameter tests of test/auth/login.test.ts) runs at the real one.
 * Refused outside vitest: no server start, setting or input can lower the cost.
 */
export function setPasswordHashNForTests(n: number | undefined): void {
  if (!process.env.VITEST) throw new Error('setPasswordHashNForTests is for the server tests alone');
  if (n !== undefined && !(Number.isInteger(Math.log2(n)) && n >= 2 ** 10 && n <= PASSWORD_HASH_N))
    throw new RangeError(`N must be a power of two from 2^10 to 2^17, not ${n}`);
  N = n ?? PASSWORD_HASH_N;
}

export function hashParams(stored: string): { N: number; r: number; p: number } {
  const [, n, rr, pp] = stored.split('$');
  return { N: Number(n), r: Number(rr), p: Number(pp) };
}
