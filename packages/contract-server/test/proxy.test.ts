// Proxy mode, the console against a real backend: with USERPROFILE_BACKEND set, the API and the
// login form go to that backend unchanged and nothing is simulated.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';

let backend: FastifyInstance;
let app: FastifyInstance;
const seen: string[] = [];

beforeAll(async () => {
  backend = Fastify();
  backend.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  backend.all('/*', async (request) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    return { from: 'real backend', url: request.url };
  });
  const address = await backend.listen({ port: 0, host: '127.0.0.1' });
  app = await buildApp({ backend: address, webDist: null });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await backend.close();
});

it('forwards /userprofile/api and /userprofile/login, headers included', async () => {
  const list = await app.inject({
    method: 'GET',
    url: '/userprofile/api/v1/user/list/active?x=1',
    headers: { authorization: 'Bearer real' },
  });
  expect(list.json()).toEqual({ from: 'real backend', url: '/userprofile/api/v1/user/list/active?x=1' });
  const login = await app.inject({
    method: 'POST',
    url: '/userprofile/login',
    payload: 'username=a&password=b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(login.json().from).toBe('real backend');
  expect(seen).toEqual(['GET /userprofile/api/v1/user/list/active?x=1 Bearer real', 'POST /userprofile/login ']);
});

it('simulates nothing: no store, no mock control API, no fault injection', async () => {
  expect(app.store).toBeNull();
  expect((await app.inject({ method: 'POST', url: '/__mock/reset' })).statusCode).toBe(404);
  const res = await app.inject({ method: 'GET', url: '/userprofile/api/v1/app/list', headers: { prefer: 'code=500' } });
  expect(res.statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/userprofile/config.json' })).json().apiBaseUrl).toBe('/userprofile');
});
