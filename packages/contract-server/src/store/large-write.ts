// A write of many users (a CSV import, a bulk action) is applied in pieces
// with turns of the event loop between them (user-csv.ts pacer). What keeps
// the store (storage/persist.ts) is told of each piece as it is made, so that
// the write's own save, once its users are put into the user maps in one step,
// is small (docs/storage.md "A large write"). Without storage (unit
// tests of the store) nothing is kept ahead and the history's takeSave holds
// the write's entries as for any other write.
import type { KeptEntry } from './history.ts';
import type { UserRecord } from './types.ts';

export interface LargeWrite {
  /** A piece of the users as the write will leave them, and the history entries it will append. */
  stage(users: readonly UserRecord[], entries: readonly KeptEntry[]): void;
  /**
   * The write is about to put its users in place: what was staged is its
   * change. Throws (StorageWriteError) when a piece could not be kept: then
   * the write must change nothing.
   */
  land(): void;
  /** The write was given up: what was staged is forgotten. */
  drop(): void;
  /** True when the staged entries are kept already (they are not the history's to save). */
  readonly keepsEntries: boolean;
}

/** No storage: nothing kept ahead. */
export const inMemoryLargeWrite = (): LargeWrite => ({
  stage() {},
  land() {},
  drop() {},
  keepsEntries: false,
});
