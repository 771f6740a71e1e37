// After a route change the new page's heading takes the focus: a keyboard or screen-reader user continues on the page they went to,
// not from <body>. Only a new path moves it (a list's filter, sort or page is
// the query and keeps the focus where the user is typing or clicking), and
// never away from a control the new page itself focused (an autofocused field).
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** How long a new page may take to show its heading (a screen's code loads on first use). */
const WAIT_MS = 5000;

export function useRouteFocus(mainId: string): void {
  const [path] = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new path (the page changed)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    let done = false;
    const place = (): boolean => {
      const active = document.activeElement;
      // The new page focused something of its own: it knows best.
      if (active && active !== document.body && main.contains(active) && active !== main) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    const finish = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
    const observer = new MutationObserver(() => {
      if (!done && place()) finish();
    });
    const timer = setTimeout(() => {
      if (done) return;
      finish();
      // No heading came: the main area itself, so the next Tab starts in the page.
      if (document.activeElement === document.body || !main.contains(document.activeElement)) main.focus();
    }, WAIT_MS);
    // The heading may already be there (a screen whose code was loaded before).
    requestAnimationFrame(() => {
      if (!done && place()) finish();
      else if (!done) observer.observe(main, { childList: true, subtree: true });
    });
    return finish;
  }, [path, mainId]);
}
