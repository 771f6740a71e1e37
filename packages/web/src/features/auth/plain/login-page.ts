// authorize (spec §2 "Login page"): the suite's sign-in. It shows Username,
// Password, Sign In, Forgot Password and, when configured, 'Enterprise SSO'
// at once, while it checks beside the form for an existing sign-in session to
// reuse. Success sends the browser on to the requesting client with a code.
// Plain DOM, no React (docs/console.md "Start-up"):
// the console shows it through its router (../routes.ts), a visitor
// without a sign-in gets it alone through startSignInPages below.
import { globalMessages, loginMessages, pageTexts } from '@userprofile/shared/messages';
import { type ApiError, isApiError } from '../../../lib/api/errors.ts';
import { getConfig } from '../../../lib/config.ts';
import { currentPath } from '../../../lib/navigation.ts';
import { href, paths, toForgotPassword, toLoginStart } from '../../../lib/paths.ts';
import { carryToastsAcrossLoad, notify } from '../../../lib/toaster.ts';
import { askForAfterSignIn, isConsoleSignIn } from '../after-sign-in.ts';
import { type AuthorizeRequest, parseAuthorizeQuery } from '../authorize-request.ts';
import type { AfterStep, SecondFactor } from '../second-factor.ts';
import { authorizeOrStep, logIn, reuseSession, startSelfLogin, startSsoLogin } from '../sign-in.ts';
import { button, errorNotice, field, loadingText, mountCard, type PageHost, pageLink } from './card.ts';
import { h } from './dom.ts';
import { startFailed } from './login-start-page.ts';
import { mountSelfCallbackPage } from './self-callback-page.ts';
import { startPlainToaster } from './toaster.ts';

function retryAfterSeconds(error: ApiError): number | null {
  const value = Number(error.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * What the form says when a step fails (docs/console.md "Signing in"):
 * wrong credentials, a lockout with its wait, a refused request of another
 * application, or spec §8's unknown reason for anything else.
 */
export function failureText(error: unknown): string {
  if (isApiError(error, 401)) return loginMessages.invalidCredentials;
  if (isApiError(error, 429)) {
    const seconds = retryAfterSeconds(error);
    if (seconds === 1) return loginMessages.lockedOutOneSecond;
    return seconds ? loginMessages.lockedOut(seconds) : loginMessages.lockedOutNoWait;
  }
  if (isApiError(error, 400) && error.url.includes('/auth/')) {
    return `This application's sign-in request was refused: ${error.message}`;
  }
  return loginMessages.failed;
}

function follow(url: string): void {
  window.location.assign(url);
}

/**
 * The login page in `container`. With `start` (the console's own sign-in
 * being started, auth/login/user shown alone) the form shows at once and the
 * page becomes the authorize path `start` answers, instead of a 'Loading...'
 * card first; without it the request is the page's query.
 */
export function mountLoginPage(container: HTMLElement, host: PageHost, start?: Promise<string>): () => void {
  const page = mountCard(container, 'Sign in');
  let alive = true;
  /** Stops a second factor step being shown (its expiry timer). */
  let stopStep: (() => void) | null = null;
  const unmount = () => {
    alive = false;
    stopStep?.();
    page.unmount();
  };
  const redirecting = (text: string) => page.body.replaceChildren(loadingText(text));

  // The query exactly as the client sent it, decoded once (a state of `a%2Fb` stays `a%2Fb` for the client).
  const fromQuery = start ? null : parseAuthorizeQuery(window.location.search);
  if (!start && !fromQuery) {
    // Nothing to authorize: start the console's own sign-in.
    redirecting(pageTexts.loading);
    host.go(toLoginStart(), { replace: true });
    return unmount;
  }
  const ready: Promise<AuthorizeRequest | null> = start
    ? start.then(
        (path) => {
          if (!alive) return null;
          window.history.replaceState(null, '', href(path));
          return parseAuthorizeQuery(window.location.search);
        },
        (error: unknown) => {
          console.error('The sign-in could not start', error);
          if (alive) page.body.replaceChildren(startFailed());
          return null;
        },
      )
    : Promise.resolve(fromQuery);

  const config = getConfig();
  const username = field({ label: 'Username', name: 'username', autoComplete: 'username', autoFocus: true });
  const password = field({ label: 'Password', name: 'password', type: 'password', autoComplete: 'current-password' });
  const signIn = button('Sign In', { type: 'submit', busyText: 'Signing in...' });
  const message = h('div', { hidden: true });
  let busy = false;

  const setError = (text: string | null) => {
    message.hidden = !text;
    message.replaceChildren(...(text ? [errorNotice(text)] : []));
  };

  const goToSso = async () => {
    const request = await ready;
    if (!request || !alive) return;
    redirecting('Signing in...');
    try {
      follow(await startSsoLogin(request));
    } catch (e) {
      console.error('Enterprise SSO could not start', e);
      if (!alive) return;
      setError('Enterprise SSO is not available right now. Please sign in with your username and password.');
      page.body.replaceChildren(form);
    }
  };

  /** The form again (a step given up or expired), with what to say. */
  const backToForm = (text: string | null) => {
    stopStep?.();
    stopStep = null;
    password.input.value = '';
    page.body.replaceChildren(form);
    setError(text);
    (username.input.value ? password.input : username.input).focus();
  };

  /**
   * The second factor the backend asked for (./second-factor-step.ts, loaded
   * now: a backend that never asks for one never loads it). Verified, the
   * sign-in goes on as the password's would have.
   */
  const showStep = async (step: SecondFactor, request: AuthorizeRequest) => {
    const { mountSecondFactorStep } = await import('./second-factor-step.ts');
    if (!alive) return;
    stopStep?.();
    stopStep = mountSecondFactorStep(step, {
      body: page.body,
      isAlive: () => alive,
      unknownReason: loginMessages.failed,
      account: username.input.value.trim(),
      restart: backToForm,
      done: (next) => void afterStep(next, request),
    });
  };

  /** After the password (and any second factor): the client's redirect, or the step authorize asks for first. */
  const authorizeNow = async (request: AuthorizeRequest) => {
    const next = await authorizeOrStep(request);
    if (!alive) return;
    if (typeof next === 'string') {
      redirecting('Signing in...');
      follow(next);
    } else await showStep(next, request);
  };

  const afterStep = async (next: AfterStep, request: AuthorizeRequest) => {
    stopStep = null;
    if ('follow' in next) {
      redirecting('Signing in...');
      follow(next.follow);
      return;
    }
    redirecting('Signing in...');
    try {
      await authorizeNow(request);
    } catch (e) {
      const text = failureText(e);
      if (text === loginMessages.failed) console.error('Sign-in failed after the second factor', e);
      if (alive) backToForm(text);
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const name = username.input.value.trim();
    if (!name || !password.input.value) {
      setError('Please enter your username and password.');
      return;
    }
    busy = true;
    signIn.setBusy(true);
    setError(null);
    try {
      // Typed before the console's own request was ready: it is moments away.
      const request = await ready;
      if (!request) return;
      const answer = await logIn(name, password.input.value);
      if (answer === false) {
        setError(loginMessages.failed);
        return;
      }
      if (answer !== true) {
        await showStep(answer, request);
        return;
      }
      await authorizeNow(request);
    } catch (e) {
      const text = failureText(e);
      // Wrong credentials and lockouts are answers, not faults: only the unexplained failure is logged.
      if (text === loginMessages.failed) console.error('Sign-in failed', e);
      if (alive) setError(text);
    } finally {
      busy = false;
      signIn.setBusy(false);
    }
  };

  const form = h(
    'form',
    { novalidate: true, 'aria-label': 'Sign in', class: 'si-stack', onSubmit: (e) => void submit(e) },
    username.element,
    password.element,
    message,
    signIn.element,
    pageLink(toForgotPassword(), 'Forgot Password', host),
    ...(config.ssoEnabled
      ? [
          h('hr', { class: 'si-separator' }),
          h('p', { class: 'si-muted si-small si-center' }, 'Or use your corporate account'),
          button('Enterprise SSO', { outline: true, onClick: () => void goToSso() }).element,
        ]
      : []),
  );

  if (config.ssoEnabled && config.ssoAutoRedirect) {
    redirecting('Signing in...');
    void goToSso();
    return unmount;
  }
  page.body.replaceChildren(form);
  // Beside the form: a browser that is already signed in goes straight on.
  void ready.then(async (request) => {
    if (!request || !alive) return;
    if (isConsoleSignIn(request)) askForAfterSignIn('prefetch');
    try {
      const session = await reuseSession(request);
      if (!session || !alive) return;
      if (typeof session !== 'string') {
        // A session opened before its user had to give a second factor: it is asked for now, unless
        // the person is already signing in with the form (whose answer will ask for it too).
        if (!busy && !stopStep) await showStep(session, request);
        return;
      }
      redirecting('Signing in...');
      // Signed in without a word typed: what the page was saying (why a new sign-in began) is still
      // unread. It goes with the console's own sign-in (this origin), not to another application.
      const redirectUrl = session;
      if (new URL(redirectUrl, window.location.href).origin === window.location.origin) carryToastsAcrossLoad();
      follow(redirectUrl);
    } catch (e) {
      if (isApiError(e, 400)) {
        if (alive) setError(failureText(e));
      } else console.error('The session check failed', e);
    }
  });
  return unmount;
}

/**
 * A visitor without a sign-in on their way to sign in: the sign-in pages
 * alone, with their own toasts. '/' is the user list, whose guard sends them
 * here with 'Please Login First'. Any other path (Forgot Password, or Back
 * to a console page) starts the console through `leave`, in the same page.
 */
export function startSignInPages(root: HTMLElement, leave: () => void): void {
  const stopToasts = startPlainToaster();
  let unmount: (() => void) | null = null;
  const host: PageHost = {
    go(path, options = {}) {
      window.history[options.replace ? 'replaceState' : 'pushState'](null, '', href(path));
      show();
    },
  };
  const onPopState = () => show();
  function show(): void {
    unmount?.();
    unmount = null;
    const path = currentPath();
    if (path === '/') {
      notify.warning(globalMessages.pleaseLoginFirst);
      host.go(toLoginStart(), { replace: true });
    } else if (path === paths.loginStart) {
      // The form at once, while the console's own request is made (the console shows login-start-page.ts first).
      unmount = mountLoginPage(root, host, startSelfLogin());
    } else if (path === paths.authorize) {
      unmount = mountLoginPage(root, host);
    } else if (path === paths.selfCallback) {
      unmount = mountSelfCallbackPage(root, host);
    } else {
      window.removeEventListener('popstate', onPopState);
      stopToasts();
      leave();
    }
  }
  window.addEventListener('popstate', onPopState);
  show();
}
