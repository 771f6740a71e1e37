// The console's own sign-in lands on selfcallback, then on the users list, in
// a new page load. The files those need (the console's start, the callback
// page, the shell, the home screen) are not the login page's, and a first
// sign-in used to fetch them one chain after another once Sign In was
// pressed. index.html names them (vite.config.ts, preloadSignInPath):
//   - the login page prefetches them while the person types, for the console's
//     own request only (a sign-in for another suite application loads nothing
//     of the console);
//   - selfcallback asks for them all at once from the entry (src/main.ts),
//     beside the console's start instead of after it.
import { href, paths } from '../../lib/paths.ts';
import type { AuthorizeRequest } from './authorize-request.ts';

const AFTER_SIGN_IN_META = 'userprofile-after-sign-in';

/** Whether `request` is the console's own sign-in (it returns to this origin's selfcallback). */
export function isConsoleSignIn(request: AuthorizeRequest, origin = window.location.origin): boolean {
  return request.redirect_uri === origin + href(paths.selfCallback);
}

/** The files the console's sign-in lands on, as index.html names them (none in development). */
export function afterSignInFiles(doc: Document = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${AFTER_SIGN_IN_META}"]`)?.content ?? '';
  return content.split(' ').filter(Boolean);
}

const asked = new WeakSet<Document>();

function link(doc: Document, attributes: Record<string, string>): void {
  const element = doc.createElement('link');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  doc.head.append(element);
}

/**
 * Asks for those files, once per page: `prefetch` for the next page load (at
 * the browser's lowest priority), `preload` for this one (modules as module
 * scripts ask for them, styles as styles).
 */
export function askForAfterSignIn(how: 'prefetch' | 'preload', doc: Document = document): void {
  if (asked.has(doc)) return;
  asked.add(doc);
  const base = import.meta.env.BASE_URL;
  for (const file of afterSignInFiles(doc)) {
    const style = file.endsWith('.css');
    if (how === 'prefetch') link(doc, { rel: 'prefetch', as: style ? 'style' : 'script', href: base + file });
    else if (style) link(doc, { rel: 'preload', as: 'style', href: base + file });
    else link(doc, { rel: 'modulepreload', crossorigin: '', href: base + file });
  }
}
