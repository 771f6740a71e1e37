// A warning before leaving a form with unsaved changes (issue 11): the
// browser's own prompt when the page is closed or reloaded, and a confirm
// when a link inside the console is clicked.
import { useEffect } from 'react';

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
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, confirm]);
}
