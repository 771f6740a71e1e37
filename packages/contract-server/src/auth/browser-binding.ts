// Values a browser holds that only this server can make, tied to what else
// that browser holds, so that another site cannot forge them: the Enterprise SSO state bound to a cookie
// set when this browser started the SSO sign-in (RFC 9700 §4.7), and the
// cross-site request token bound to the browser's sign-in session.
// One HMAC key per process, like the signing key: a restart makes the
// browsers fetch new ones (the console's pages hand them out).

import { createHmac, randomBytes } from 'node:crypto';
import { timingSafeEqualText } from './pkce.ts';

/** The label each use mixes in, so a value made for one can never pass as the other. */
type Purpose = 'sso-state' | 'xsrf';

export class BrowserBinding {
  private readonly key: Buffer;

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
  }

  private mac(purpose: Purpose, ...parts: string[]): string {
    const hmac = createHmac('sha256', this.key).update(purpose);
    // Lengths first, so no two lists of parts read as the same text.
    for (const part of parts) hmac.update(`\0${part.length}\0${part}`);
    return hmac.digest('base64url');
  }

  /** The SSO state the browser holding this cookie sends round the SSO provider. */
  ssoState(cookie: string): string {
    return this.mac('sso-state', cookie);
  }

  ssoStateMatches(state: unknown, cookie: string | undefined): boolean {
    return (
      typeof state === 'string' &&
      cookie !== undefined &&
      cookie !== '' &&
      timingSafeEqualText(state, this.ssoState(cookie))
    );
  }

  /**
   * A cross-site request token: `nonce.mac`, the mac over the nonce and the
   * browser's session cookie ('' before any sign-in). A page can read it and
   * echo it in X-XSRF-TOKEN, but a token planted from elsewhere (another
   * site's cookie, a made-up value) does not fit this browser's session.
   */
  xsrfToken(sessionCookie: string | undefined): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.mac('xsrf', nonce, sessionCookie ?? '')}`;
  }

  /** The token was made here for this session cookie (or for none, before sign-in). */
  xsrfFits(token: string | undefined, sessionCookie: string | undefined): boolean {
    if (!token) return false;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    return timingSafeEqualText(token.slice(dot + 1), this.mac('xsrf', token.slice(0, dot), sessionCookie ?? ''));
  }
}
