// Unsaved edits outlive a sign-in that ended under them, so the user keeps
// their place: when the session ends (a token refused, or its expiry), the
// open editor's unsaved form is written to this tab's sessionStorage, bound to
// the page and to the user who made it; after the sign-in the same editor on
// the same page takes it back (lib/use-editor.ts), and says so. Another user
// signing in at this browser never sees it, and it is read once.
import { currentPath } from './navigation.ts';

const PREFIX = 'user-profile.draft.';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The shown message when a kept draft is put back into its editor. */
export const DRAFT_RESTORED =
  'Your unsaved changes from before you signed in again were restored. Check them, then save.';

interface KeptDraft {
  username: string;
  savedAt: number;
  form: unknown;
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The open editors' unsaved forms, by page. */
const open = new Map<string, () => unknown>();

/** An editor with unsaved changes on `path`: `read` answers its form when the session ends. Answers the unregister. */
export function keepOnSessionEnd(path: string, read: () => unknown): () => void {
  open.set(path, read);
  return () => {
    if (open.get(path) === read) open.delete(path);
  };
}

/** The session of `username` ends: every open editor's unsaved form is kept. */
export function keepDrafts(username: string | null | undefined): void {
  const store = session();
  if (!store || !username) return;
  for (const [path, read] of open) {
    const kept: KeptDraft = { username, savedAt: Date.now(), form: read() };
    try {
      store.setItem(PREFIX + path, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the draft is lost, as it would have been without this.
    }
  }
}

/** The kept form of `path` for `username`; null when there is none (one of another user, or too old, is dropped). */
export function peekDraft<Form>(username: string | null | undefined, path = currentPath()): Form | null {
  const store = session();
  const raw = store?.getItem(PREFIX + path);
  if (!store || raw == null) return null;
  try {
    const kept = JSON.parse(raw) as KeptDraft;
    if (username && kept.username === username && Date.now() - kept.savedAt <= MAX_AGE_MS) return kept.form as Form;
  } catch {
    // Not ours to read: dropped below.
  }
  store.removeItem(PREFIX + path);
  return null;
}

/** The kept form of `path` was taken back into its editor. */
export function dropDraft(path = currentPath()): void {
  session()?.removeItem(PREFIX + path);
}
