// Passkeys (WebAuthn, through @simplewebauthn/server). The relying party is
// the provider's public origin: its host is the RP ID and its origin the only
// one accepted. Browsers refuse WebAuthn on a bare IP address, so the dev
// backend must be reached (and PUBLIC_ORIGIN set) as http://localhost:PORT
// for passkeys to work; http on localhost is a secure context.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { StoredPasskey } from '../store/factor-types.ts';

export interface RelyingParty {
  /** The host of the public origin. */
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(publicOrigin: string, name: string): RelyingParty {
  return { id: new URL(publicOrigin).hostname, origin: publicOrigin, name };
}

/** Whether browsers will run WebAuthn for this origin at all (a host name, not an IP address). */
export function passkeysPossible(rp: RelyingParty): boolean {
  return !/^\d+\.\d+\.\d+\.\d+$/.test(rp.id) && !rp.id.startsWith('[');
}

const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * What an answer of either ceremony is checked against: the challenge given, the one origin and RP ID.
 * User verification is asked for ('preferred' in the options) but not required of the authenticator.
 */
function expected(rp: RelyingParty, response: unknown, challenge: string) {
  return {
    response: response as never,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  };
}

/** Options for navigator.credentials.create, and the challenge to check the answer against. */
export async function registrationOptions(
  rp: RelyingParty,
  user: { uuid: string; username: string; displayName: string },
  existing: readonly StoredPasskey[],
) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.uuid),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return { options, challenge: options.challenge };
}

/** The new passkey an answer to those options carries; null when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
): Promise<Omit<StoredPasskey, 'id' | 'kind' | 'name' | 'addedAt' | 'lastUsedAt'> | null> {
  try {
    const result = await verifyRegistrationResponse(expected(rp, response, challenge));
    if (!result.verified) return null;
    const credential = result.registrationInfo.credential;
    return {
      credentialId: credential.id,
      publicKey: toBase64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

/** Options for navigator.credentials.get with the user's passkeys. */
export async function authenticationOptions(rp: RelyingParty, passkeys: readonly StoredPasskey[]) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: 'preferred',
  });
  return { options, challenge: options.challenge };
}

/** Which passkey signed the answer, and its new counter; null when none of them did. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
  passkeys: readonly StoredPasskey[],
): Promise<{ passkey: StoredPasskey; counter: number } | null> {
  const id = (response as { id?: unknown } | null)?.id;
  const passkey = passkeys.find((p) => p.credentialId === id);
  if (!passkey) return null;
  try {
    const result = await verifyAuthenticationResponse({
      ...expected(rp, response, challenge),
      credential: {
        id: passkey.credentialId,
        publicKey: fromBase64url(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    return result.verified ? { passkey, counter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
