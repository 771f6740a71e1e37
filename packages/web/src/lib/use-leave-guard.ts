// A warning before leaving a form with unsaved changes, on every way out, so
// no edit is lost unasked: the browser's own prompt when the page is closed or
// reloaded, and a confirm when a link inside the console is clicked or the
// browser's Back or Forward is pressed. Every editor gets it from
// lib/use-editor.ts (the visibility editor calls it itself).
import { useEffect } from 'react';
import { currentHistoryIndex, historyIndexOf } from './history-index.ts';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

const browserConfirm = (message: string): boolean => window.confirm(message);

export function useLeaveGuard(dirty: boolean, confirm: (message: string) => boolean = browserConfirm) {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Capture phase: decided before the router's own click handlers navigate.
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      const url = new URL((link as HTMLAnchorElement).href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (!confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Back and Forward: the address has already changed when popstate comes. A capture listener on the
    // window runs before the router's (a bubbling one), so the router only hears of it once it is confirmed;
    // refused, the history goes back to this page's entry, and the form never leaves the screen.
    const here = currentHistoryIndex();
    const path = window.location.pathname;
    const address = path + window.location.search;
    let passing = false;
    const popState = (event: PopStateEvent) => {
      if (passing || window.location.pathname === path) return;
      event.stopImmediatePropagation();
      if (confirm(LEAVE_WARNING)) {
        passing = true;
        window.dispatchEvent(new PopStateEvent('popstate', { state: event.state }));
        passing = false;
        return;
      }
      const there = historyIndexOf(event.state);
      if (there !== null && there !== here) window.history.go(here - there);
      // An entry of unknown place (never made by this document): this page is put back on top.
      else window.history.pushState(null, '', address);
    };
    // Where the browser has the Navigation API, a Back or Forward is asked about before the address changes
    // at all: by the time popstate comes, a render may already have shown the other page.
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const navigate = (event: Event) => {
      const e = event as Event & { navigationType?: string; cancelable: boolean; destination?: { url: string } };
      if (e.navigationType !== 'traverse' || !e.cancelable || !e.destination) return;
      if (new URL(e.destination.url).pathname === path) return;
      if (confirm(LEAVE_WARNING)) passing = true;
      else e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    window.addEventListener('popstate', popState, true);
    navigation?.addEventListener('navigate', navigate);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      window.removeEventListener('popstate', popState, true);
      navigation?.removeEventListener('navigate', navigate);
    };
  }, [dirty, confirm]);
}
