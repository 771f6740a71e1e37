// Where each entry of the tab's history stands: every entry
// this document makes carries its position in its state, so a Back or Forward
// (popstate) can be told apart and undone: the way out of an editor with
// unsaved changes that a link's click handler never sees. Started when the
// console starts (lib/navigation.ts imports it), before any entry is pushed.
const KEY = 'userprofileHistoryIndex';

let current = 0;

/** The position an entry's state carries; null for an entry this document did not make. */
export function historyIndexOf(state: unknown): number | null {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof value === 'number' ? value : null;
}

/** The position of the entry shown now. */
export function currentHistoryIndex(): number {
  return current;
}

/** The entry shown now gets its position, kept with whatever state it carries. */
function stamp(): void {
  if (historyIndexOf(window.history.state) === current) return;
  const state = window.history.state;
  window.history.replaceState(
    { ...(state && typeof state === 'object' ? state : {}), [KEY]: current },
    '',
    window.location.href,
  );
}

function start(): void {
  if (typeof window === 'undefined' || typeof history === 'undefined') return;
  current = historyIndexOf(window.history.state) ?? 0;
  stamp();
  // wouter's patched pushState/replaceState announce themselves with events of these names.
  window.addEventListener('pushState', () => {
    current += 1;
    stamp();
  });
  window.addEventListener('replaceState', stamp);
  // Capture, registered first: the position is known before any other popstate listener runs.
  window.addEventListener(
    'popstate',
    (event) => {
      const index = historyIndexOf(event.state);
      if (index !== null) current = index;
    },
    true,
  );
}

start();
