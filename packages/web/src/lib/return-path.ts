// Where a sign-in returns to, so the user keeps their place: the console
// page a signed-out visit or an ended session left, with its query, kept in
// this tab's sessionStorage and bound to the sign-in's state when the
// console's own sign-in starts, so only the sign-in that began here returns
// there (the Enterprise SSO round trip comes back through the same state).
// Nothing of it travels in an address: no parameter can name a target. What
// is read back is checked all the same: a console path or nothing, so a
// planted value can never send the browser elsewhere (an open redirect).
import { BASE_PATH, paths } from './paths.ts';

const PREFIX = 'user-profile.return_to';
const PENDING = PREFIX;
const forState = (state: string) => `${PREFIX}.${state}`;

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Pages a sign-in must never return to: the sign-in pages themselves and the error pages. */
const NOT_RETURNED_TO = new Set<string>([
  paths.loginStart,
  paths.authorize,
  paths.callback,
  paths.selfCallback,
  paths.logout,
  paths.forbidden,
  paths.notFound,
  '/',
]);

/**
 * A console path ('/user/edit/abc?tab=2') when `raw` is one, else null. A
 * path, not an address: it begins with one '/', holds no backslash (browsers
 * read '/\evil' as '//evil') nor control character, stays under the console's
 * base once resolved, and its path part keeps to these rules once decoded
 * ('/%2F%2Fevil.example' is refused too). A fragment is dropped.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.split(/[?#]/, 1)[0] ?? '');
  } catch {
    return null;
  }
  for (const text of [raw, decoded]) {
    if (!text.startsWith('/') || text.startsWith('//')) return null;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[\\\u0000-\u001f\u007f]/.test(text)) return null;
  }
  const base = 'https://console.invalid';
  let url: URL;
  try {
    url = new URL(BASE_PATH + raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !url.pathname.startsWith(`${BASE_PATH}/`)) return null;
  const path = url.pathname.slice(BASE_PATH.length);
  if (NOT_RETURNED_TO.has(path)) return null;
  return path + url.search;
}

/**
 * A signed-out visit or an ended session: the page to come back to after the
 * next sign-in. A page that is not returned to (a sign-in page: two calls
 * refused at once, the second seen from the sign-in page the first opened)
 * leaves the one remembered before.
 */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) session()?.setItem(PENDING, safe);
}

/** The console's own sign-in starts with `state`: the remembered page goes with it. */
export function bindReturnPath(state: string): void {
  const store = session();
  const pending = store?.getItem(PENDING);
  if (!store || !pending) return;
  store.removeItem(PENDING);
  store.setItem(forState(state), pending);
}

/** The page the sign-in of `state` will go to (or `fallback`), left in place. */
export function peekReturnPath(state: string | null, fallback: string): string {
  const store = session();
  if (!store || !state) return fallback;
  return safeReturnPath(store.getItem(forState(state))) ?? fallback;
}

/** The sign-in of `state` is complete: the page to go to (or `fallback`), forgotten once read. */
export function takeReturnPath(state: string | null, fallback: string): string {
  const path = peekReturnPath(state, fallback);
  if (state) session()?.removeItem(forState(state));
  return path;
}
