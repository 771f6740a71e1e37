// Answers written as ready bytes: JSON kept between requests, with a gzip copy
// made once for clients that accept it.
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../store/store.ts';

const gzip = promisify(gzipCb);

/** Whether an Accept-Encoding header accepts gzip (listed, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Already-serialised JSON: sent as it is, without the route's serialiser. */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export interface CachedJson {
  json: Buffer;
  gzip?: Promise<Buffer>;
}

/**
 * Serialised answers kept until the store's next write (or its reseed): one
 * entry per key, the key naming whatever else decides the answer (the
 * caller's role and company). `build` must return the answer as the document
 * shapes it, since the bytes bypass the route's serialiser.
 */
export function answersUntilWrite() {
  const kept = textsUntilWrite();
  return (store: Store, key: string, build: () => unknown): CachedJson =>
    kept(store, key, () => JSON.stringify(build()));
}

/** answersUntilWrite for answers `build` serialises itself (its JSON text). */
export function textsUntilWrite() {
  let keptFor: Store | null = null;
  let keptAt = -1;
  const entries = new Map<string, CachedJson>();
  return function kept(store: Store, key: string, build: () => string): CachedJson {
    if (keptFor !== store || keptAt !== store.version) {
      entries.clear();
      keptFor = store;
      keptAt = store.version;
    }
    let entry = entries.get(key);
    if (entry === undefined) {
      entry = { json: Buffer.from(build()) };
      entries.set(key, entry);
    }
    return entry;
  };
}

/** Writes the kept bytes, gzipped (compressed once, on first demand) when the client accepts it. */
export async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson) {
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return sendJson(reply, entry.json);
  entry.gzip ??= gzip(entry.json);
  return sendJson(reply.header('content-encoding', 'gzip'), await entry.gzip);
}

export function sendHtml(reply: FastifyReply, body: string) {
  return reply.type('text/html; charset=utf-8').send(body);
}
