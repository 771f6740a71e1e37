// The side navigation's entries as the shell made them, for pages inside it
// that point back into the menu (the 403 and 404 pages). Read from the shell
// rather than worked out again: the error pages are in the route table, which
// the navigation is made from, so they must not import the navigation.
import { createContext, useContext } from 'react';

/** What an error page reads of a menu entry. */
export interface MenuEntry {
  label: string;
  href: string;
  section: string;
}

export const MenuEntries = createContext<readonly MenuEntry[]>([]);

export function useMenuEntries(): readonly MenuEntry[] {
  return useContext(MenuEntries);
}
