// The security headers of every answer, set in one place (an onSend hook on
// the root instance, so the console, the API, the stand-in sites, the mock
// control API and every error and 404 get them alike).
// docs/oauth2-and-sign-in.md "Security headers" gives the policy and why style-src carries a nonce.
import { createHash, randomBytes } from 'node:crypto';
import { BASE_PATH, MOCK_PREFIX } from '@userprofile/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath, STAND_IN_STYLE } from '../auth/http.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce of this answer's Content-Security-Policy (the console's index.html); null: none. */
    cspNonce: string | null;
  }
}

/** A fresh nonce for one answer (128 random bits, base64 as CSP source expressions write it). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The origin of an absolute http(s) URL; null for a path on this origin (or anything else). */
function originOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export interface CspOptions {
  /** Where the suite's shared header comes from (config.json's headerHost): its scripts and stylesheet are allowed. */
  headerHost: string | null;
}

/** The stand-in pages' one stylesheet, allowed by its hash. */
const standIn = `'sha256-${createHash('sha256').update(STAND_IN_STYLE).digest('base64')}'`;

/**
 * The Content-Security-Policy of an answer. Scripts only from this origin (the
 * built console has no inline script) and the header host; styles from this
 * origin, the header host, the `<style>` elements that carry the answer's
 * nonce (emotion's, under Chakra) and the one fixed stylesheet of the
 * server-rendered stand-in pages (by hash); nothing may frame any page.
 */
export function contentSecurityPolicy(options: CspOptions, nonce: string | null): string {
  const header = originOf(options.headerHost);
  const extra = header ? ` ${header}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''} ${standIn}${extra}`,
    `connect-src 'self'${extra}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const API_PREFIX = `${BASE_PATH}/api/`;
const LOGIN_PREFIX = `${BASE_PATH}/login`;
const MOCK_PATHS = `${MOCK_PREFIX}/`;

/** Answers that must never be kept by a browser or a proxy: the API (tokens, secrets, personal data), the mock API, and pages. */
function mustNotBeStored(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = decodedPath(request.url);
  if (path.startsWith(API_PREFIX) || path.startsWith(LOGIN_PREFIX)) return true;
  if (path === MOCK_PREFIX || path.startsWith(MOCK_PATHS)) return true;
  // Server-rendered pages and index.html (whose nonce must not be reused); the built assets keep their caching.
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

export function registerSecurityHeaders(app: FastifyInstance, options: CspOptions): void {
  app.decorateReply('cspNonce', null);
  // Computed once: only index.html has a nonce, which changes with every answer.
  const withoutNonce = contentSecurityPolicy(options, null);
  // Synchronous: every answer passes here.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(
      'content-security-policy',
      reply.cspNonce ? contentSecurityPolicy(options, reply.cspNonce) : withoutNonce,
    );
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (mustNotBeStored(request, reply)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
