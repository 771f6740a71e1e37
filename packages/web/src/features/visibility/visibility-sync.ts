// 'Sync Visibility Elements' (spec §2, §4, §7, §8): one sync at a time; the
// syncing flag disables the button wherever it shows, and every outcome has
// its catalogue message. A sync changes the available elements, so the
// visibility set cache is dropped.
import { VISIBILITY_SYNC_KINDS, type VisibilitySyncKind } from '@userprofile/shared/constants';
import { visibilityMessages as vm } from '@userprofile/shared/messages';
import { proxy } from 'valtio';
import { failureReason, isApiError } from '../../lib/api/errors.ts';
import { visibilitySet } from '../../lib/data/visibility-set.ts';
import { notify } from '../../lib/toaster.ts';
import { syncVisibility } from './api.ts';

export const syncState = proxy({ syncing: false });

/** The message of a failed sync (spec §8 Visibility). */
export function syncErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 504 || error.status === 408) return vm.syncTimedOut;
    if (error.status === 401) return vm.notAuthorized;
    if (error.status === 444) return vm.noResponseFromSync;
  }
  return vm.syncError;
}

/** The success message of a sync of one kind or of all. */
export function syncSuccessMessage(kind: VisibilitySyncKind | 'all', count: number): string {
  if (kind === 'all') return vm.allSyncsCompleted(count);
  const label = VISIBILITY_SYNC_KINDS.find((k) => k.kind === kind)?.label ?? kind;
  return vm.syncCompleted(label, count);
}

export async function runSync(kind: VisibilitySyncKind | 'all'): Promise<void> {
  if (syncState.syncing) return;
  syncState.syncing = true;
  try {
    const count = await syncVisibility(kind);
    visibilitySet.clear();
    notify.success(syncSuccessMessage(kind, count));
  } catch (error) {
    const message = syncErrorMessage(error);
    // The catch-all message says nothing of the cause: the reason goes beneath it.
    notify.error(message, message === vm.syncError ? failureReason(error) : undefined);
  } finally {
    syncState.syncing = false;
  }
}
