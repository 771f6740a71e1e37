// The built console under /userprofile/, with the SPA fallback to index.html
// for screen routes, and the one 404 answer of the server.

import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '@userprofile/shared/constants';
import type { FastifyInstance } from 'fastify';
import { decodedPath } from '../auth/http.ts';
import { MOCK_PREFIX } from '../mock/plugin.ts';
import type { StartupConfig } from '../routes/context.ts';
import { errorBody } from './errors.ts';

/** `proxyConfig`: in proxy mode config.json is served here (the routes of the document are not registered). */
export async function registerConsole(
  app: FastifyInstance,
  webDist: string | null,
  proxyConfig: StartupConfig | null,
): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, prefix: `${BASE_PATH}/`, wildcard: true, index: 'index.html' });
  }
  if (proxyConfig) app.get(`${BASE_PATH}/config.json`, async () => proxyConfig);
  app.setNotFoundHandler((request, reply) => {
    const url = decodedPath(request.url);
    const screen =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (url === BASE_PATH || url.startsWith(`${BASE_PATH}/`)) &&
      !url.startsWith(`${BASE_PATH}/api/`) &&
      !url.startsWith(MOCK_PREFIX);
    if (screen && webDist) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    const message = screen
      ? 'The console is not built (run npm start, or build packages/web).'
      : `No route ${request.method} ${url}`;
    return reply.code(404).send(errorBody(404, message));
  });
}
