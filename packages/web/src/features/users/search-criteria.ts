// The list's filters, toggle, sort and page (spec §2): the view in the
// address (lib/use-view-in-url.ts, the last one kept under the `searchCriteria`
// storage key). A store rather than screen state, so a keystroke re-renders
// only the filter box and the table, not the whole screen.
import { create } from 'zustand';
import { registerCache } from '../../lib/caches.ts';
import { openingView } from '../../lib/list-view.ts';
import { defaultCriteria, type SearchCriteria, toCriteria, USERS_VIEW } from './list-view.ts';

export const useSearchCriteria = create<SearchCriteria>(() =>
  toCriteria(openingView(window.location.search, USERS_VIEW)),
);

export function updateCriteria(update: (criteria: SearchCriteria) => SearchCriteria): void {
  useSearchCriteria.setState(update(useSearchCriteria.getState()), true);
}

registerCache(() => useSearchCriteria.setState(defaultCriteria(), true));
