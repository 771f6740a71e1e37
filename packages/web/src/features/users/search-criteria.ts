// The list's filters, toggle, sort and page (spec §2), kept under the
// `searchCriteria` storage key so they survive a visit to an edit screen and
// back. A store rather than screen state, so a keystroke re-renders only the
// filter box and the table, not the whole screen.
import { create } from 'zustand';
import { registerCache } from '../../lib/caches.ts';
import { storage } from '../../lib/storage.ts';
import { defaultCriteria, parseCriteria, type SearchCriteria } from './list-view.ts';

export const useSearchCriteria = create<SearchCriteria>(() => parseCriteria(storage.getJson('searchCriteria')));

export function updateCriteria(update: (criteria: SearchCriteria) => SearchCriteria): void {
  const next = update(useSearchCriteria.getState());
  useSearchCriteria.setState(next, true);
  storage.setJson('searchCriteria', next);
}

registerCache(() => useSearchCriteria.setState(defaultCriteria(), true));
