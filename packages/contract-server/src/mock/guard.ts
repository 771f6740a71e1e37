// Who may use the mock control API (docs/decisions.md "Dev backend"): it can
// reseed the store, break any call for everyone and read every reset link
// the outbox holds, so it answers only to callers on this machine (or with
// the token `npm start` prints), and never to a page of another site, which a
// browser on this machine would otherwise let through (a plain form POST
// needs no preflight).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqualText } from '../auth/pkce.ts';
import { errorBody } from '../http/errors.ts';

/** The header that carries the mock control token of a caller not on this machine. */
export const MOCK_TOKEN_HEADER = 'x-mock-token';

export interface MockGuardOptions {
  /** Accepted from callers not on this machine; null: none is. */
  token: string | null;
  /** The origin the browser sees (PUBLIC_ORIGIN), besides the Host the request names. */
  publicOrigin: string;
}

/** An address of this machine's loopback interface (IPv4 127/8, IPv6 ::1, or IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** Why this request may not use the mock control API; null when it may. */
export function mockRefusal(request: FastifyRequest, options: MockGuardOptions): string | null {
  // Fetch metadata: a browser says where the request comes from (a form POST of another site included).
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return 'The mock control API refuses requests from other sites.';
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== options.publicOrigin && origin !== `${request.protocol}://${request.host}`) {
    return 'The mock control API refuses requests from other sites.';
  }
  // A proxy on this machine makes every caller look local; who is behind it is unknown.
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(request.socket.remoteAddress) && !proxied) return null;
  const token = request.headers[MOCK_TOKEN_HEADER];
  if (options.token && typeof token === 'string' && timingSafeEqualText(token, options.token)) return null;
  return `The mock control API answers only to callers on this machine, or with the ${MOCK_TOKEN_HEADER} header that npm start prints.`;
}

/** onRequest hook of the mock control routes. */
export function mockGuard(options: MockGuardOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = mockRefusal(request, options);
    if (refusal) return reply.code(403).send(errorBody(403, refusal));
  };
}
