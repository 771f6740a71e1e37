// auth/login/user (spec §2): a fresh state and code verifier, then on to the
// authorize page with the console's own request. Shows 'Loading...'; if the
// backend cannot start a sign-in, says so with a way to try again.
import { pageTexts } from '@userprofile/shared/messages';
import { href, toLoginStart } from '../../../lib/paths.ts';
import { startSelfLogin } from '../sign-in.ts';
import { errorNotice, loadingText, mountCard, type PageHost } from './card.ts';
import { h } from './dom.ts';

/** What the page says when the console's own sign-in could not start: why, and a full load to try again. */
export function startFailed(): HTMLElement {
  return h(
    'div',
    { class: 'si-stack' },
    errorNotice('The sign-in could not start. Please try again.'),
    // A full load: the configuration and everything after it are asked for again.
    h('a', { class: 'si-link', href: href(toLoginStart()) }, 'Try again'),
  );
}

export function mountLoginStartPage(container: HTMLElement, host: PageHost): () => void {
  const page = mountCard(container, 'Sign in');
  page.body.append(loadingText(pageTexts.loading));
  let alive = true;
  startSelfLogin().then(
    (path) => {
      if (alive) host.go(path, { replace: true });
    },
    (error: unknown) => {
      console.error('The sign-in could not start', error);
      if (!alive) return;
      page.body.replaceChildren(startFailed());
    },
  );
  return () => {
    alive = false;
    page.unmount();
  };
}
