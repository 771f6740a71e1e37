// The built console under /userprofile/, with the SPA fallback to index.html
// for screen routes, and the one 404 answer of the server. index.html is
// written per answer with a fresh Content-Security-Policy nonce (see
// ./security-headers.ts); every other built file is served as it is, and the
// build's assets (their names carry a hash of their content) may be kept for
// a year without asking again.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BASE_PATH, MOCK_PREFIX } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { decodedPath } from '../auth/http.ts';
import { errorBody } from './errors.ts';
import { newCspNonce } from './security-headers.ts';

/**
 * Vite writes the console's code and styles to assets/ under names that carry a hash of
 * their content: a changed file is a new name, so a browser may keep each one without
 * revalidating it. Without this, every load of the console asked again for each of its
 * ~90 files (a 304 each) before it could start.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `<meta property="csp-nonce" nonce="…">`, which Vite writes with html.cspNonce set: its value is the build's placeholder. */
const NONCE_META = /<meta property="csp-nonce" nonce="([^"]+)"/;

/**
 * index.html with this answer's nonce in place of the build's placeholder.
 * Read at each answer (a small file), so a rebuild is served at once.
 */
async function sendIndex(reply: FastifyReply, webDist: string) {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const nonce = newCspNonce();
  reply.cspNonce = nonce;
  const placeholder = NONCE_META.exec(html)?.[1];
  const page = placeholder ? html.replaceAll(`nonce="${placeholder}"`, `nonce="${nonce}"`) : html;
  return reply.type('text/html; charset=utf-8').send(page);
}

/** `proxyConfig`: in proxy mode config.json is served here (the routes of the document are not registered). */
export async function registerConsole(
  app: FastifyInstance,
  webDist: string | null,
  proxyConfig: components['schemas']['StartupConfig'] | null,
): Promise<void> {
  if (webDist) {
    const assets = path.join(webDist, 'assets');
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: `${BASE_PATH}/`,
      wildcard: true,
      index: false,
      // index.html only through sendIndex, which fills in the nonce.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        if (path.relative(assets, filePath).split(path.sep)[0] !== '..') reply.header('cache-control', IMMUTABLE);
      },
    });
    app.get(`${BASE_PATH}/`, (_request, reply) => sendIndex(reply, webDist));
  }
  if (proxyConfig) app.get(`${BASE_PATH}/config.json`, async () => proxyConfig);
  app.setNotFoundHandler((request, reply) => {
    const url = decodedPath(request.url);
    const screen =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (url === BASE_PATH || url.startsWith(`${BASE_PATH}/`)) &&
      !url.startsWith(`${BASE_PATH}/api/`) &&
      !url.startsWith(MOCK_PREFIX);
    if (screen && webDist) return sendIndex(reply, webDist);
    const message = screen
      ? 'The console is not built (run npm start, or build packages/web).'
      : `No route ${request.method} ${url}`;
    return reply.code(404).send(errorBody(404, message));
  });
}
