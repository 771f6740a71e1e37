import { describe, expect, it } from 'vitest';
import {
  base64UrlEncode,
  CODE_CHALLENGE_METHOD,
  createCodeChallenge,
  createCodeVerifier,
  createState,
} from './pkce.ts';

// RFC 7636, appendix B.
const RFC_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const BASE64URL_NO_PADDING = /^[A-Za-z0-9_-]+$/;

describe('RFC 7636 appendix B', () => {
  it('encodes the octets to the verifier', () => {
    expect(base64UrlEncode(new Uint8Array(RFC_OCTETS))).toBe(RFC_VERIFIER);
  });

  it('derives the S256 challenge from the verifier', async () => {
    expect(await createCodeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(CODE_CHALLENGE_METHOD).toBe('S256');
  });
});

describe('base64UrlEncode', () => {
  it('matches the RFC 4648 test vectors in the URL-safe alphabet, without padding', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(base64UrlEncode(text(''))).toBe('');
    expect(base64UrlEncode(text('f'))).toBe('Zg');
    expect(base64UrlEncode(text('fo'))).toBe('Zm8');
    expect(base64UrlEncode(text('foo'))).toBe('Zm9v');
    expect(base64UrlEncode(text('foob'))).toBe('Zm9vYg');
    expect(base64UrlEncode(text('fooba'))).toBe('Zm9vYmE');
    expect(base64UrlEncode(text('foobar'))).toBe('Zm9vYmFy');
  });

  it('uses - and _ where standard base64 has + and /', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
  });

  it('agrees with a reference encoder on every byte value and length', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let length = 0; length <= bytes.length; length += 1) {
      const slice = bytes.subarray(0, length);
      const reference = btoa(String.fromCharCode(...slice))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
      expect(base64UrlEncode(slice)).toBe(reference);
    }
  });
});

describe('createCodeVerifier', () => {
  it('is 43 URL-safe characters (32 bytes), without padding', () => {
    const verifier = createCodeVerifier();
    expect(verifier).toHaveLength(43);
    expect(verifier).toMatch(BASE64URL_NO_PADDING);
  });

  it('differs every time', () => {
    const verifiers = new Set(Array.from({ length: 100 }, createCodeVerifier));
    expect(verifiers.size).toBe(100);
  });

  it('gives a 43-character challenge that changes with the verifier', async () => {
    const [a, b] = await Promise.all([createCodeChallenge(createCodeVerifier()), createCodeChallenge('other')]);
    expect(a).toHaveLength(43);
    expect(a).toMatch(BASE64URL_NO_PADDING);
    expect(a).not.toBe(b);
  });
});

describe('createState', () => {
  it('is 22 URL-safe characters (16 bytes), without padding', () => {
    const state = createState();
    expect(state).toHaveLength(22);
    expect(state).toMatch(BASE64URL_NO_PADDING);
  });

  it('differs every time', () => {
    const states = new Set(Array.from({ length: 100 }, createState));
    expect(states.size).toBe(100);
  });
});
