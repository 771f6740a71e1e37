// Keeps a list's view (lib/list-view.ts) and the address in step, for every
// list screen whichever way it holds its view (screen state, a store):
// - a change of the view writes the address (a new history entry, but typing
//   in a filter replaces the entry its first keystroke made) and keeps it as
//   the list's last view;
// - a change of the address (Back, Forward, a link) sets the view; a bare
//   address (the side navigation's link) shows the last view, and is
//   rewritten to name it.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatView, keepView, type ListView, type ListViewSchema, openingView, typedFilter } from './list-view.ts';

export interface ViewInUrl {
  /** The next change corrects the view (a page beyond the list): it replaces the history entry. */
  replaceNext: () => void;
}

/** `schema` null: a list whose view is not in the address (a tab of an editor); nothing is done. */
export function useViewInUrl(
  schema: ListViewSchema | null,
  view: ListView,
  apply: (view: ListView) => void,
): ViewInUrl {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const shown = useRef(view);
  const replace = useRef(false);
  const typing = useRef<string | null>(null);
  const latest = useRef({ schema, path, navigate, apply });
  latest.current = { schema, path, navigate, apply };

  const write = useCallback((query: string, replaceEntry: boolean) => {
    const { path: at, navigate: go } = latest.current;
    if (window.location.search.replace(/^\?/, '') === query) return;
    go(query ? `${at}?${query}` : at, { replace: replaceEntry });
  }, []);

  // The address changed (or the screen opened): show what it names.
  useLayoutEffect(() => {
    const { schema: s, apply: set } = latest.current;
    if (!s) return;
    const wanted = openingView(search, s);
    const query = formatView(wanted, s);
    if (query !== formatView(shown.current, s)) {
      replace.current = true;
      typing.current = null;
      set(wanted);
    } else write(query, true);
  }, [search, write]);

  // The view changed: the address follows.
  useEffect(() => {
    const s = latest.current.schema;
    if (!s) return;
    const before = shown.current;
    const query = formatView(view, s);
    // The same view again (a new object of a store's re-render, or the address's change just applied): nothing to write.
    if (query === formatView(before, s) && before !== view) {
      shown.current = view;
      return;
    }
    shown.current = view;
    keepView(s, query);
    const typed = typedFilter(before, view);
    const replaceEntry = replace.current || (typed !== null && typed === typing.current);
    typing.current = typed;
    replace.current = false;
    write(query, replaceEntry);
  }, [view, write]);

  const replaceNext = useCallback(() => {
    replace.current = true;
  }, []);
  return { replaceNext };
}
