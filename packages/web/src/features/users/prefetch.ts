// The users list's first load, asked for by the router as soon as the guard lets the visitor
// in (lib/routing.ts `prefetch`): at start-up it then runs beside the screen's chunks. The
// screen's own load (user-list-screen.tsx) finds it under way or cached; one that failed is
// asked for again by the screen, which names the failure.
import { useSearchCriteria } from './search-criteria.ts';
import { loadUserList } from './user-lists.ts';

export function prefetchUserList(): void {
  loadUserList(useSearchCriteria.getState().status).catch(() => undefined);
}
