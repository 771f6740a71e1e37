// Chakra's styles are emotion's <style> elements. The server's
// Content-Security-Policy allows only those that carry the page's nonce
// (docs/oauth2-and-sign-in.md "Security headers"): Vite writes it into
// <meta property="csp-nonce"> (html.cspNonce), the server fills in a fresh
// one per page, and emotion stamps it on every <style> it inserts.
import createCache from '@emotion/cache';

function pageNonce(): string | undefined {
  // The `nonce` property, not the attribute: browsers hide the attribute once the policy applies.
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

export const styleCache = createCache({ key: 'css', nonce: pageNonce() });
