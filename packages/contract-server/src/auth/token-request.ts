// What the token endpoint reads of a request before the grant is judged: the
// client's credentials (RFC 6749 §2.3.1) and a bearer token, and the RFC 6749
// §5.2 form of its every 400/401, also those answered before its handler ran.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientCredentials, TokenParams } from './core.ts';

const TOKEN_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/**
 * Every 400/401 of the token endpoint in the RFC 6749 §5.2 form, also those
 * answered before the handler runs (a body of the wrong media type, broken
 * JSON): `error` is an RFC code and `error_description` says why.
 */
export async function asTokenError(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 400 && reply.statusCode !== 401) return payload;
  if (typeof payload !== 'object' || payload === null) return payload;
  const body = payload as { error?: unknown; message?: unknown; error_description?: unknown };
  if (typeof body.error_description === 'string') return payload;
  const description = typeof body.message === 'string' ? body.message : 'The token request is not valid.';
  const known = typeof body.error === 'string' && TOKEN_ERRORS.has(body.error) ? body.error : 'invalid_request';
  if (reply.statusCode === 401) reply.header('WWW-Authenticate', 'Basic realm="userprofile", charset="UTF-8"');
  return {
    ...body,
    error: reply.statusCode === 401 ? 'invalid_client' : known,
    error_description: description,
    message: description,
  };
}

/**
 * The client's credentials at the token endpoint (RFC 6749 §2.3.1): HTTP
 * Basic (each half form-urlencoded) or client_id/client_secret in the body,
 * never both; a client_id in the body must then name the same client.
 */
export function clientCredentials(
  request: FastifyRequest,
  params: TokenParams,
): { ok: true; credentials: ClientCredentials } | { ok: false; reason: string } {
  const bodyId = typeof params.client_id === 'string' && params.client_id !== '' ? params.client_id : undefined;
  const bodySecret = typeof params.client_secret === 'string' ? params.client_secret : undefined;
  const header = request.headers.authorization;
  const basic = typeof header === 'string' ? /^Basic +([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null;
  if (typeof header === 'string' && header !== '' && !basic) {
    return { ok: false, reason: 'the Authorization header must be HTTP Basic client authentication' };
  }
  if (!basic) {
    return {
      ok: true,
      credentials: {
        clientId: bodyId,
        secret: bodySecret,
        method: bodySecret === undefined ? 'none' : 'client_secret_post',
      },
    };
  }
  if (bodySecret !== undefined) return { ok: false, reason: 'the client used more than one authentication method' };
  const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { ok: false, reason: 'the Basic credentials are malformed' };
  const form = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
  };
  const clientId = form(decoded.slice(0, colon));
  const secret = form(decoded.slice(colon + 1));
  if (clientId === undefined || secret === undefined)
    return { ok: false, reason: 'the Basic credentials are malformed' };
  if (bodyId !== undefined && bodyId !== clientId) {
    return { ok: false, reason: 'client_id differs from the client of the Basic credentials' };
  }
  return { ok: true, credentials: { clientId, secret, method: 'client_secret_basic' } };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? bearerTokenOfHeader(header) : undefined;
}

/** The token of an Authorization header `Bearer <token>`; undefined for any other header. */
export function bearerTokenOfHeader(header: string): string | undefined {
  return /^Bearer +([^\s]+)$/i.exec(header)?.[1];
}
