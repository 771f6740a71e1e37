// The users list's first load, asked for by the router as soon as the guard lets the visitor
// in (lib/routing.ts `prefetch`): at start-up it then runs beside the screen's chunks. The
// screen takes it as it turns out (user-lists.ts openUserList).
import { useSearchCriteria } from './search-criteria.ts';
import { prefetchUserList } from './user-lists.ts';

export function prefetchOpeningList(): void {
  prefetchUserList(useSearchCriteria.getState().status);
}
