import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { freePort } from './free-port.ts';

export const USERNAME = 'provider.admin';
export const PASSWORD = 'Passw0rd!';

export interface Backend {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The dev backend; `extensions: false` makes it a spec-only backend (EXTENSIONS=off: every extension 404). */
export async function devBackend(options: { extensions?: boolean } = {}): Promise<Backend> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp({ publicOrigin: url, seedUsers: 40, webDist: null, ...options });
  await app.listen({ port, host: '127.0.0.1' });
  return { url, app, close: () => app.close() };
}

/** What the drifting backend does to which call (method and path under /userprofile/api/v1). */
export const DRIFTS = {
  wrongType: 'listLocations',
  missingRequired: 'listCompanies',
  undocumentedStatus: 'getUserElementConfig',
  undocumentedMediaType: 'listClusters',
  serverError: 'getVisibilitySet',
  ignoredToken: 'applicationInfo',
  extraProperty: 'me',
  stillThereAfterDelete: 'getVisibilityProfile',
  badBodyAccepted: 'updateOAuth2Client',
} as const;

const API = '/userprofile/api/v1';

/**
 * The dev backend behind a proxy that drifts: each breakage on its own
 * operation (DRIFTS), everything else forwarded as the dev backend answers.
 */
export async function driftingBackend(dev: FastifyInstance): Promise<Backend> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  let goodAuthorization: string | undefined;
  const ignoredDeletes = new Set<string>();

  app.all('/*', async (request, reply) => {
    const path = request.url.split('?', 1)[0] as string;
    const headers = { ...request.headers };
    delete headers['content-length'];
    delete headers.host;
    // Answers are rewritten as text below: the dev backend is asked for them uncompressed.
    delete headers['accept-encoding'];
    // Ignored token: the call answers with the data of the last accepted token, whatever it is sent.
    if (request.method === 'GET' && path === `${API}/applicationInfo` && goodAuthorization)
      headers.authorization = goodAuthorization;
    // Still there after its delete: the first delete of a visibility profile is answered and not done.
    const deleted = /^\/userprofile\/api\/v1\/profile\/visibility\/([^/]+)$/.exec(path);
    if (request.method === 'DELETE' && deleted?.[1] && !ignoredDeletes.has(deleted[1])) {
      ignoredDeletes.add(deleted[1]);
      return reply.code(204).send();
    }
    const res = await dev.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: headers as Record<string, string>,
      ...(request.body ? { payload: request.body as Buffer } : {}),
    });
    if (res.statusCode === 200 && headers.authorization) goodAuthorization = headers.authorization;
    let status = res.statusCode;
    let type = String(res.headers['content-type'] ?? '');
    let body: string = res.body;
    const json = () => JSON.parse(res.body);
    if (request.method === 'GET' && path === `${API}/location/list` && status === 200) {
      const list = json();
      list[0].name = 12345;
      body = JSON.stringify(list);
    } else if (request.method === 'GET' && path === `${API}/errigalCustomerCompany/list` && status === 200) {
      const list = json();
      delete list[0].name;
      body = JSON.stringify(list);
    } else if (request.method === 'GET' && path === `${API}/user/config` && status === 200) {
      status = 202;
    } else if (request.method === 'GET' && path === `${API}/cluster/list` && status === 200) {
      type = 'text/plain; charset=utf-8';
    } else if (request.method === 'GET' && path === `${API}/visibility/set` && status === 200) {
      status = 500;
      body = JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'NullPointerException' });
    } else if (request.method === 'GET' && path === `${API}/me` && status === 200) {
      body = JSON.stringify({ ...json(), tenantId: 7 });
    } else if (request.method === 'POST' && path === `${API}/authClient/update` && status === 400) {
      status = 200;
      body = JSON.stringify({
        uuid: '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d11',
        name: 'Accepted anyway',
        description: 'Accepted anyway',
        allowedRedirectTarget: 'https://example.net/cb',
        clientSecret: 'x'.repeat(32),
      });
    }
    for (const [name, value] of Object.entries(res.headers)) {
      if (['content-length', 'transfer-encoding', 'connection', 'content-type'].includes(name)) continue;
      if (value !== undefined) reply.header(name, value);
    }
    if (type) reply.header('content-type', type);
    return reply.code(status).send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app, close: () => app.close() };
}
