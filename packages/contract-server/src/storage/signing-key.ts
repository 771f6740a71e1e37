// The provider's signing key, kept with the state: tokens and ID tokens signed
// before a restart still verify after it (a sign-in survives a restart).
import { calculateJwkThumbprint, exportJWK, importJWK, type JWK } from 'jose';
import { createSigningKey, type SigningKey } from '../auth/keys.ts';
import type { Persistence } from './persist.ts';

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  const { n, e } = jwk;
  if (!n || !e) throw new Error('The stored signing key is not an RSA key');
  const privateKey = (await importJWK(jwk, 'RS256', { extractable: true })) as SigningKey['privateKey'];
  const publicKey = (await importJWK({ kty: 'RSA', n, e }, 'RS256', { extractable: true })) as SigningKey['publicKey'];
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n, e });
  return { kid, privateKey, publicKey, publicJwk: { kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' } };
}

/** The stored key, or a new one, stored before it signs anything. */
export async function keptSigningKey(persistence: Persistence): Promise<SigningKey> {
  let jwk: JWK | null = null;
  let changed = () => {};
  persistence.keep('signingKey', {
    save: () => jwk,
    load: (value) => {
      jwk = value as JWK | null;
    },
    watch: (listener) => {
      changed = listener;
    },
  });
  if (jwk) return fromJwk(jwk);
  const key = await createSigningKey();
  jwk = await exportJWK(key.privateKey);
  changed();
  persistence.flush();
  return key;
}
