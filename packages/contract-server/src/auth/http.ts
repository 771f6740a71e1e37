import { STATUS_CODES } from 'node:http';
import { BASE_PATH } from '@userprofile/shared/constants';
import type { FastifyRequest } from 'fastify';

/** An error the glue's security handler chain and the app's error handler pass through with its status. */
export class AuthError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = STATUS_CODES[statusCode] ?? 'Error';
  }
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * The one stylesheet of the server-rendered pages, inline so each page stands
 * alone; the Content-Security-Policy allows exactly this text by its hash.
 */
export const STAND_IN_STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a202c; }
main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 1.4rem; margin-top: 0; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; margin-bottom: 1rem; }
button, .button { display: inline-block; padding: .55rem 1.2rem; font-size: 1rem; background: #2b6cb0; color: #fff; border: 0; border-radius: 4px; text-decoration: none; cursor: pointer; }
.error { color: #9b2c2c; }
code { word-break: break-all; }
`;

/** A small, self-contained HTML page for the server-rendered stand-ins (SSO provider, demo app, error pages). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STAND_IN_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The path a request was routed by: the matched route's pattern when a route
 * matched (the router decodes `%75` to `u`, so `/%75serprofile/login` is the
 * login route), else the decoded path. Security checks use this, never the raw
 * URL text, so no spelling of a path escapes them.
 */
export function routedPath(request: { url: string; routeOptions: { url?: string | undefined } }): string {
  return request.routeOptions.url || decodedPath(request.url);
}

/** The call a request makes as the record history and the activity log name it: 'POST /api/v1/user/update'. */
export function callOf(request: Pick<FastifyRequest, 'method' | 'url'>): string {
  const path = decodedPath(request.url);
  return `${request.method} ${path.startsWith(BASE_PATH) ? path.slice(BASE_PATH.length) : path}`;
}

/** The path of a request URL without its query, percent-decoded as the router and the console's router read it. */
export function decodedPath(url: string): string {
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A console page's route as the console's router matches it: percent-decoded,
 * case-insensitive, trailing slashes ignored (wouter's patterns), and without
 * RFC 3986 path parameters (`;x`, which servlet containers strip before
 * routing). The server's checks of a page use this, so a page the console
 * shows under any spelling is the page the server checked.
 */
export function pageRoute(url: string): string {
  return decodedPath(url)
    .replace(/;[^/]*/g, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}
