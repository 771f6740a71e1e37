// The one way to local storage (spec §3): every key carries the prefix
// 'user-profile.' (docs/console.md "Browser storage" says why this reading). The
// Enterprise SSO round trip keeps its own state and verifier, so a console
// sign-in already in progress is not overwritten.
import { STORAGE_PREFIX, type StorageKey } from '@userprofile/shared/constants';

export type Key =
  | StorageKey
  | 'sso_state'
  | 'sso_code_verifier'
  | 'sso_authorize_request'
  // What the console's own sign-in learned as it began (features/auth/sign-in.ts startSelfLogin).
  | 'self_sign_in'
  | 'color_mode'
  // What the backend offers beyond spec §7 (lib/extensions.ts): learned once per sign-in.
  | 'extensions';

/** Preferences of the device, not of a sign-in: they outlive sign-out. */
const DEVICE_KEYS: readonly Key[] = ['color_mode'];

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled by the browser: behave as an empty store.
    return null;
  }
}

export const storage = {
  get(key: Key): string | null {
    return backend()?.getItem(STORAGE_PREFIX + key) ?? null;
  },
  set(key: Key, value: string): void {
    backend()?.setItem(STORAGE_PREFIX + key, value);
  },
  remove(key: Key): void {
    backend()?.removeItem(STORAGE_PREFIX + key);
  },
  getJson<T>(key: Key): T | null {
    const raw = this.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: Key, value: unknown): void {
    this.set(key, JSON.stringify(value));
  },
  /** Removes every item of this app but the device's preferences (and nothing of other apps on the same origin). */
  clear(): void {
    const store = backend();
    if (!store) return;
    const kept = new Set(DEVICE_KEYS.map((k) => STORAGE_PREFIX + k));
    const ours: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k?.startsWith(STORAGE_PREFIX) && !kept.has(k)) ours.push(k);
    }
    for (const k of ours) store.removeItem(k);
  },
};
