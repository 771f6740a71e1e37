// Who may use the mock control API (docs/dev-backend.md "The mock control
// API"): it can reseed the store, break any call for everyone and read every
// reset link the outbox holds (and the snapshot: password hashes, client
// secrets, the signing key), so it answers only to callers on this machine
// (or with the token `npm start` prints), and never to a page of another
// site, which a browser on this machine would otherwise let through (a plain
// form POST needs no preflight). A page that rebinds its own name to
// 127.0.0.1 is "on this machine" by address, so the request must also name
// this server by Host: a loopback name at the port it arrived on (or
// PUBLIC_ORIGIN's host, or the address it arrived at, with the token), as
// Vite's allowedHosts and webpack-dev-server do.
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

/**
 * Headers a proxy (or a caller pretending to be one) leaves: with any of them
 * the caller is someone behind that proxy, not this machine.
 */
const FORWARDING_MARK =
  /^(forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|client-ip|true-client-ip|cf-connecting-ip|fastly-client-ip|x-cluster-client-ip|x-original-forwarded-for|x-originating-ip|x-remote-ip|x-remote-addr|x-proxyuser-ip|x-host|x-original-host)$/;

/** Whether the request carries a mark of having passed a proxy. */
export function forwarded(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some((name) => FORWARDING_MARK.test(name));
}

const LOOPBACK_NAME = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/** A Host header's name and port (the scheme's default when it names none); null when it is not a bare host[:port]. */
function parseHost(host: string | undefined, protocol: string): { name: string; port: number } | null {
  if (!host || !/^[A-Za-z0-9.\-_[\]:]+$/.test(host)) return null;
  try {
    const url = new URL(`${protocol}://${host}`);
    const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
    return { name: url.hostname.toLowerCase(), port };
  } catch {
    return null;
  }
}

/** Which name the request gives this server: its own loopback name, a name the token opens, or another. */
function hostKind(request: FastifyRequest, options: MockGuardOptions): 'loopback' | 'token' | 'other' {
  const host = parseHost(request.headers.host, request.protocol);
  if (!host) return 'other';
  // The port the connection came in on: the server's own, whatever PORT said (an injected
  // request of the tests has no socket port, and names none to compare).
  const ownPort = request.socket.localPort;
  const atOwnPort = ownPort === undefined || host.port === ownPort;
  if (atOwnPort && LOOPBACK_NAME.test(host.name)) return 'loopback';
  const publicOrigin = new URL(options.publicOrigin);
  const publicPort = publicOrigin.port ? Number(publicOrigin.port) : publicOrigin.protocol === 'https:' ? 443 : 80;
  if (host.name === publicOrigin.hostname.toLowerCase() && host.port === publicPort) return 'token';
  // The address the connection arrived at, as a literal: no page of another name can send that Host.
  const local = request.socket.localAddress?.replace(/^::ffff:/i, '');
  if (atOwnPort && local && (host.name === local || host.name === `[${local}]`)) return 'token';
  return 'other';
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
  // A page that rebinds its name to this machine names itself in Host.
  const kind = hostKind(request, options);
  if (kind === 'other') {
    return "The mock control API answers only to requests whose Host is this server's own loopback name and port (127.0.0.1, localhost or [::1]), or PUBLIC_ORIGIN's host with the x-mock-token header.";
  }
  // A proxy on this machine makes every caller look local; who is behind it is unknown.
  if (kind === 'loopback' && isLoopback(request.socket.remoteAddress) && !forwarded(request.headers)) return null;
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
