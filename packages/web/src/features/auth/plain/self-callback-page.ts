// selfcallback (spec §2): the end of the console's own sign-in. The callback
// is checked (state, iss), the code becomes a token and the user is loaded
// (../self-callback.ts), then the console starts on the page the sign-in
// began from. Plain DOM, like the login page: 'Signing in...' shows at once
// and the exchange starts from the entry (src/main.ts), while the console's
// own module loads beside it instead of before it. A state mismatch or a
// missing code is only logged, never followed (spec §8); the page offers a
// fresh sign-in.
import { HOME_PATH, href, toLoginStart } from '../../../lib/paths.ts';
import { takeReturnPath } from '../../../lib/return-path.ts';
import { askForAfterSignIn } from '../after-sign-in.ts';
import { CallbackRefused, SIGN_IN_FAILED, selfCallbackExchange } from '../self-callback.ts';
import { errorNotice, loadingText, mountCard, type PageHost } from './card.ts';
import { h } from './dom.ts';

/** What the page says when the sign-in could not be completed: why where it may say, and a fresh sign-in. */
export function callbackFailed(text: string): HTMLElement {
  return h(
    'div',
    { class: 'si-stack' },
    errorNotice(text),
    h('a', { class: 'si-link', href: href(toLoginStart()) }, 'Sign in again'),
  );
}

export function mountSelfCallbackPage(container: HTMLElement, host: PageHost): () => void {
  const page = mountCard(container, 'Sign in');
  page.body.append(loadingText('Signing in...'));
  let alive = true;
  // What the console lands on is asked for beside the exchange.
  askForAfterSignIn('preload');
  // Read once, undecoded; a second mount of this page joins the exchange already made.
  selfCallbackExchange(window.location.search).then(
    // Back to the page the sign-in began from (an Enterprise SSO sign-in of the console lands here too).
    (state) => {
      if (alive) host.go(takeReturnPath(state, HOME_PATH), { replace: true });
    },
    (error: unknown) => {
      console.error('The sign-in could not be completed', error);
      if (alive)
        page.body.replaceChildren(callbackFailed(error instanceof CallbackRefused ? error.shown : SIGN_IN_FAILED));
    },
  );
  return () => {
    alive = false;
    page.unmount();
  };
}
