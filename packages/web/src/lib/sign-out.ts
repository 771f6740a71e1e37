// Sign-out clears all caches and stored items (spec §4 "Login").
import { clearAllCaches } from './caches.ts';
import { clearSession } from './session.ts';
import { storage } from './storage.ts';

export function clearSignIn(): void {
  storage.clear();
  clearAllCaches();
  clearSession();
}
