// A user's second factors as the store keeps them (inside the user record:
// saved, restored and snapshotted with it). Secrets stay here: no GET shape
// carries them; the record history keeps only each factor's kind and name.

interface FactorBase {
  /** Random, stable: names the factor in the API. */
  id: string;
  name: string;
  /** ms since the epoch. */
  addedAt: number;
  lastUsedAt: number | null;
}

export interface StoredTotp extends FactorBase {
  kind: 'totp';
  /** base32 */
  secret: string;
  /** The step the key last signed in with: a code of it or before is a replay. */
  lastStep: number | null;
}

export interface StoredPasskey extends FactorBase {
  kind: 'passkey';
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

export type StoredFactor = StoredTotp | StoredPasskey;

/** What a user record holds of its second factors (all optional: records from before have none). */
export interface FactorFields {
  factors?: StoredFactor[];
  /** SHA-256 hashes of the recovery codes not used yet. */
  recoveryCodes?: string[];
  /** An administrator asked for a new enrolment at the next sign-in. */
  factorEnrolmentRequested?: boolean;
}

/** Who must have a second factor (kept whole with the store). */
export interface FactorPolicyRecord {
  administrators: boolean;
  companies: string[];
  businessProfiles: string[];
}

export const NO_FACTOR_POLICY: FactorPolicyRecord = { administrators: false, companies: [], businessProfiles: [] };
