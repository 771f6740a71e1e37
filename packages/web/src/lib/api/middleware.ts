// The API client's middleware (spec §7 "Every outgoing request", spec §8
// Global). Dependencies are passed in, so the rules are tested without a
// browser.
import { ALGORITHM_HEADER, ALGORITHM_LABEL, BASE_PATH, XSRF_COOKIE, XSRF_HEADER } from '@userprofile/shared/constants';
import { globalMessages } from '@userprofile/shared/messages';
import type { Middleware } from 'openapi-fetch';
import { ApiError } from './errors.ts';

/** The login call's path (spec §7 POST /userprofile/login). */
export const LOGIN_PATH = `${BASE_PATH}/login`;

export interface MiddlewareDeps {
  token(): string | null;
  cookie(name: string): string | null;
  /** Origin of the page: only same-origin (relative) calls get the cross-site request token. */
  origin(): string;
  warn(message: string): void;
  goToNotFound(): void;
  /** The signed-in user's session has ended: forget it and start a new sign-in. */
  sessionEnded(): void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Bearer + Algorithm when a token is stored; X-XSRF-TOKEN on non-GET calls to our own origin. */
export function requestHeaders(deps: MiddlewareDeps): Middleware {
  return {
    onRequest({ request }) {
      const token = deps.token();
      if (token) {
        request.headers.set('Authorization', `Bearer ${token}`);
        request.headers.set(ALGORITHM_HEADER, ALGORITHM_LABEL);
      }
      if (!SAFE_METHODS.has(request.method) && new URL(request.url).origin === deps.origin()) {
        const xsrf = deps.cookie(XSRF_COOKIE);
        if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
      }
      return request;
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls whose failure the screen handles alone (see `expectFailure`). */
const unhandled = new Set<string>();

/**
 * Per-request middleware: the listed statuses of this call skip the global
 * handling (e.g. the password reset token check, whose 404 means "invalid
 * link", not "no such page"). The ApiError is still thrown.
 */
export function expectFailure(...statuses: number[]): Middleware {
  return expectFailureWhen((status) => statuses.includes(status));
}

/** The same, for statuses that depend on the request (an anonymous call's 401 is not a refused session). */
export function expectFailureWhen(expected: (status: number, request: Request) => boolean): Middleware {
  return {
    onRequest({ id }) {
      unhandled.add(`${id}:*`);
    },
    onResponse({ id, request, response }) {
      unhandled.delete(`${id}:*`);
      if (expected(response.status, request)) unhandled.add(`${id}:${response.status}`);
    },
  };
}

/** Calls made while signing out: a refused token there is no news (see `signingOut`). */
const signingOutCalls = new Set<string>();

/** Per-request middleware: this call ends the session itself (logout), so its 401 does not start a new sign-in. */
export function signingOut(): Middleware {
  return {
    onRequest({ id }) {
      signingOutCalls.add(id);
    },
  };
}

/**
 * Spec §8 Global, then the error re-thrown as an ApiError so the screen can
 * show its own message. Other statuses are not handled centrally.
 *
 * 'Session Timed Out' is for a signed-in user's call that ends at the login
 * path (docs/console.md "Signing in"): a call the backend redirected to the login page,
 * or a read whose bearer token is refused (401: the session expired or was
 * ended). The login form's own answers are the form's business.
 *
 * Any call whose bearer token is refused (401) ends the session and starts a
 * new sign-in that returns to the same page, so the user keeps their place: the one message is
 * 'Session Timed Out' for a read, and the screen's own spec §8 message for a
 * write or a call that expects its 401 (a sync's 'Request Was Not Authorized,
 * Please Try Logging In Again'), never both.
 */
export function globalErrors(deps: MiddlewareDeps): Middleware {
  return {
    async onResponse({ request, response, id }) {
      const whileSigningOut = signingOutCalls.delete(id);
      const sentToLogin = response.redirected && new URL(response.url).pathname.includes(LOGIN_PATH);
      if (response.ok && !sentToLogin) return response;
      const key = `${id}:${response.status}`;
      const handledByScreen = unhandled.delete(key);
      const refused = response.status === 401 && request.headers.has('Authorization') && !whileSigningOut;
      if (refused && (handledByScreen || request.method !== 'GET')) {
        deps.sessionEnded();
      } else if (!handledByScreen) {
        if (sentToLogin || refused) {
          deps.warn(globalMessages.sessionTimedOut);
          deps.sessionEnded();
        } else if (response.status === 403 || response.status === 404) {
          if (request.method === 'GET') deps.goToNotFound();
          else deps.warn(globalMessages.reloadPage);
        }
      }
      throw new ApiError(response.status, request.method, request.url, await readBody(response), response.headers);
    },
  };
}

let inFlight = 0;

/**
 * Per-request middleware: the loading overlay shows while the call runs
 * (overlapping calls are counted, so the first to finish does not hide it).
 */
export function loadingMiddleware(
  overlay: { startWithText(text: string): void; start(): void; stop(): void },
  text?: string,
): Middleware {
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) overlay.stop();
  };
  return {
    onRequest() {
      inFlight++;
      if (text) overlay.startWithText(text);
      else overlay.start();
    },
    onResponse() {
      done();
    },
    onError() {
      done();
    },
  };
}
