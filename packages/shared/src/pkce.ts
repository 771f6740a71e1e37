// PKCE (RFC 7636) and the login state of spec §4 and §9, on Web Crypto only,
// so the same code runs in the browser and in Node 20.

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** URL-safe base64 (RFC 4648 §5) without padding. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out +=
      BASE64URL.charAt(n >> 18) +
      BASE64URL.charAt((n >> 12) & 63) +
      BASE64URL.charAt((n >> 6) & 63) +
      BASE64URL.charAt(n & 63);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += BASE64URL.charAt(n >> 18) + BASE64URL.charAt((n >> 12) & 63);
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += BASE64URL.charAt(n >> 18) + BASE64URL.charAt((n >> 12) & 63) + BASE64URL.charAt((n >> 6) & 63);
  }
  return out;
}

function randomBase64Url(byteLength: number): string {
  return base64UrlEncode(globalThis.crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** A code verifier: 32 random bytes, base64url without padding (43 characters, RFC 7636 §4.1). */
export function createCodeVerifier(): string {
  return randomBase64Url(32);
}

/** The S256 code challenge of a verifier: BASE64URL(SHA-256(ASCII(verifier))) (RFC 7636 §4.2). */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/** The login state: 16 random bytes, base64url without padding (22 characters). */
export function createState(): string {
  return randomBase64Url(16);
}

/** The only challenge method the console sends and the provider accepts. */
export const CODE_CHALLENGE_METHOD = 'S256';
