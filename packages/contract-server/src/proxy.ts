// Proxy mode: with USERPROFILE_BACKEND set, the API and the login form go to
// that real backend and nothing is simulated (no store, no auth, no /__mock);
// the console is still served.
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';

/** The paths design.md names: /userprofile/api and /userprofile/login. */
const PROXIED_PREFIXES = ['/userprofile/api', '/userprofile/login'];

export async function registerProxy(app: FastifyInstance, backend: string): Promise<void> {
  const upstream = new URL(backend).origin;
  for (const prefix of PROXIED_PREFIXES) {
    await app.register(httpProxy, { upstream, prefix, rewritePrefix: prefix, http2: false });
  }
}
