// The one API client (design.md "One typed API client"): openapi-fetch typed
// from the generated schema, with the middleware of ./middleware.ts. Screens
// call `api()` and never `fetch`.
import type { paths } from '@userprofile/shared/generated/api';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { getConfig } from '../config.ts';
import { loading } from '../loading.ts';
import { currentPath, navigateTo } from '../navigation.ts';
import { toNotFound } from '../paths.ts';
import { endSessionHere } from '../sign-out.ts';
import { notify } from '../toaster.ts';
import { currentToken } from '../token.ts';
import {
  expectFailure,
  globalErrors,
  loadingMiddleware,
  type MiddlewareDeps,
  requestHeaders,
  signingOut,
} from './middleware.ts';

export type ApiClient = Client<paths>;

export function readCookie(name: string, cookies = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** The middleware's browser dependencies (also used by uploads that need XHR progress events). */
export const browserDeps: MiddlewareDeps = {
  token: () => currentToken(),
  cookie: (name) => readCookie(name),
  origin: () => window.location.origin,
  warn: (message) => notify.warning(message),
  // The page that asked is remembered, so /notFound can say a stale link's record is gone and lead back to its list.
  goToNotFound: () => navigateTo(toNotFound(), { state: { from: currentPath() } }),
  sessionEnded: () => endSessionHere(),
};

let instance: ApiClient | undefined;

/** The client, created on first use from the loaded configuration. */
export function api(): ApiClient {
  if (!instance) {
    instance = createClient<paths>({ baseUrl: getConfig().apiBaseUrl });
    instance.use(requestHeaders(browserDeps), globalErrors(browserDeps));
  }
  return instance;
}

/** Per-call middleware: show the loading overlay (with optional text) while the call runs. */
export function withLoading(text?: string): Middleware {
  return loadingMiddleware(loading, text);
}

/** Per-call middleware: these statuses are the screen's business, not the global handler's. */
export { expectFailure, signingOut };

/** Body serializer for the form-encoded login call (spec §7). */
export function formEncoded(body: Record<string, string>): URLSearchParams {
  return new URLSearchParams(body);
}
