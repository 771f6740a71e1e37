// Answers written as ready bytes: JSON kept between requests, with a gzip copy
// made once for clients that accept it.
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../store/store.ts';

const gzip = promisify(gzipCb);

/** The last Accept-Encoding text acceptsGzip read, and its answer: a client sends the same text with every call. */
let lastAcceptEncoding: string | undefined;
let lastAcceptsGzip = false;

/** Whether an Accept-Encoding header accepts gzip (listed, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  if (typeof header === 'string') {
    if (header !== lastAcceptEncoding) {
      lastAcceptsGzip = listsGzip(header);
      lastAcceptEncoding = header;
    }
    return lastAcceptsGzip;
  }
  return listsGzip(header.join(','));
}

function listsGzip(value: string): boolean {
  for (const part of value.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** An answer's bytes: one buffer, or pieces written one after the other (a large answer, never joined). */
export type Bytes = Buffer | readonly Buffer[];

/** Already-serialised JSON: sent as it is, without the route's serialiser. */
export function sendJson(reply: FastifyReply, json: string | Bytes) {
  reply.type('application/json; charset=utf-8');
  if (typeof json === 'string' || Buffer.isBuffer(json)) return reply.send(json);
  // In pieces, with the length known: no step copies or holds the whole answer.
  let length = 0;
  for (const piece of json) length += piece.length;
  return reply.header('content-length', String(length)).send(Readable.from(json, { objectMode: false }));
}

export interface CachedJson {
  json: Bytes;
  /** The gzip copy, once asked for. */
  gzip?: Promise<Bytes>;
  /** The gzip copy once made, sent without waiting. */
  gzipped?: Bytes;
  /** How the gzip copy is made, when not by compressing `json` whole (array-answer.ts). */
  compress?: () => Promise<Bytes>;
}

/**
 * Serialised answers kept until the store's next write (or its reseed): one
 * entry per key, the key naming whatever else decides the answer (the
 * caller's role and company). `build` must return the answer as the document
 * shapes it, since the bytes bypass the route's serialiser.
 */
export function answersUntilWrite() {
  const kept = keptUntilWrite<CachedJson>();
  return (store: Store, key: string, build: () => unknown): CachedJson =>
    kept(store, key, () => ({ json: Buffer.from(JSON.stringify(build())) }));
}

/**
 * answersUntilWrite for answers `build` makes itself, as bytes, or in time (a
 * promise: the one being made is shared by every caller that asks meanwhile,
 * and dropped if it fails).
 */
export function keptUntilWrite<A extends CachedJson | Promise<CachedJson>>() {
  let keptFor: Store | null = null;
  let keptAt = -1;
  const entries = new Map<string, A>();
  return function kept(store: Store, key: string, build: () => A): A {
    if (keptFor !== store || keptAt !== store.version) {
      entries.clear();
      keptFor = store;
      keptAt = store.version;
    }
    let entry = entries.get(key);
    if (entry === undefined) {
      const made = build();
      entry = made;
      entries.set(key, made);
      if (made instanceof Promise)
        made.catch(() => {
          if (entries.get(key) === made) entries.delete(key);
        });
    }
    return entry;
  };
}

/**
 * Writes the kept bytes, gzipped (compressed once, on first demand) when the
 * client accepts it. Synchronous when the bytes are at hand (the answer kept,
 * its gzip copy made): the small lists the console asks for again and again
 * then cost no turn of the microtask queue here.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: CachedJson | Promise<CachedJson>,
): FastifyReply | Promise<FastifyReply> {
  if (kept instanceof Promise) return kept.then((entry) => sendEntry(request, reply, entry));
  return sendEntry(request, reply, kept);
}

function sendEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedJson,
): FastifyReply | Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return sendJson(reply, entry.json);
  if (entry.gzipped) return sendJson(reply.header('content-encoding', 'gzip'), entry.gzipped);
  return prepareGzip(entry).then((bytes) => sendJson(reply.header('content-encoding', 'gzip'), bytes));
}

/** The entry's gzip copy: made once, on first demand or ahead of it, and shared by every answer. */
export function prepareGzip(entry: CachedJson): Promise<Bytes> {
  entry.gzip ??= (
    entry.compress ? entry.compress() : gzip(Buffer.isBuffer(entry.json) ? entry.json : Buffer.concat(entry.json))
  ).then((bytes) => {
    entry.gzipped = bytes;
    return bytes;
  });
  return entry.gzip;
}

export function sendHtml(reply: FastifyReply, body: string) {
  return reply.type('text/html; charset=utf-8').send(body);
}
