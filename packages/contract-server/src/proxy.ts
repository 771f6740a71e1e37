// Proxy mode: with USERPROFILE_BACKEND set, the API and the login form go to
// that real backend and nothing is simulated (no store, no auth, no /__mock);
// the console is still served. Every answer of a documented operation is
// checked against the document by the validator of `npm run contract`
// (@userprofile/contract): its violations travel in the response header
// `x-contract-violations` (a bounded JSON array) and go to the log, one line
// each; the console's requests are checked too, and a request that breaks the
// document is logged as the console's fault. The answer itself is forwarded
// byte for byte (compressed or not).
//
// The backend is treated as hostile (it is another make's, or broken): an answer is held for its check
// only up to a byte bound, and decoded only up to a bound of inflated bytes;
// past either it is streamed through whole and unchecked, with the reason in
// the header `x-contract-unchecked` and the log. Too deep JSON is not parsed,
// the violations of one answer are bounded, the log's lines are printable, and
// hop-by-hop headers (RFC 9110 §7.6.1) cross in neither direction.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import httpProxy from '@fastify/http-proxy';
import { MAX_DEPTH, MAX_VIOLATIONS, printable } from '@userprofile/contract/bounds';
import { loadContract, type Operation } from '@userprofile/contract/document';
import { createValidator, formatViolation, type Validator, type Violation } from '@userprofile/contract/validate';
import { saysNotOffered } from '@userprofile/shared/not-offered';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The paths design.md names, /userprofile/api and /userprofile/login, and the
 * provider's discovery document (an operation of the document the backend
 * answers); config.json stays the console's own file.
 */
const PROXIED_PREFIXES = ['/userprofile/api', '/userprofile/login', '/userprofile/.well-known'];

/** The response header that lists an answer's violations (like Prism's sl-violations). */
export const VIOLATIONS_HEADER = 'x-contract-violations';
/** Its bound in bytes: proxies and browsers refuse long headers (8 KiB is a common limit for all of them together). */
export const VIOLATIONS_HEADER_MAX = 4096;

/** The response header that says why an answer went through unchecked (past a bound). */
export const UNCHECKED_HEADER = 'x-contract-unchecked';

/** How much of one answer the check holds and judges; past a bound the answer goes through unchecked. */
export interface ProxyLimits {
  /** Bytes of the answer as received (default 16 MiB). */
  bytes: number;
  /** Bytes of a compressed answer once decoded (default 16 MiB): a gzip bomb stops there. */
  inflatedBytes: number;
  /** Nesting of the JSON (default 256). */
  depth: number;
  /** Errors listed per answer (default 100). */
  violations: number;
}

export const PROXY_LIMITS: ProxyLimits = {
  bytes: 16 * 1024 * 1024,
  inflatedBytes: 16 * 1024 * 1024,
  depth: MAX_DEPTH,
  violations: MAX_VIOLATIONS,
};

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1): they belong to one connection, so they
 * never cross the proxy. The names a Connection header lists are dropped too
 * (reply-from drops those of the console's request itself, before this runs).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The upstream's bytes as the answer's body; a body without a content type goes as a stream, to which Fastify adds none. */
function asBody(headers: Record<string, string>, body: Buffer): Buffer | Readable {
  return headers['content-type'] ? body : Readable.from([body]);
}

const NONE: ReadonlySet<string> = new Set();

/** A Connection header that names no other header: nearly every answer and request says one of these. */
const PLAIN_CONNECTION = new Set(['keep-alive', 'close', 'Keep-Alive', 'Close']);

/**
 * The headers without the hop-by-hop ones (RFC 9110 §7.6.1): the fixed list and those `Connection` names,
 * in any case. On every answer and request of the proxy, so in one walk: the headers go back uncopied when
 * nothing is to go; else a copy is made from the first name that goes (taking names out of the object
 * given instead was four times slower: a `delete` turns it into a dictionary).
 */
export function withoutHopByHop<T extends object>(headers: T): T {
  const given = headers as Record<string, unknown>;
  const connection = given.connection;
  const listed =
    connection === undefined || PLAIN_CONNECTION.has(connection as string)
      ? NONE
      : new Set(
          String(connection)
            .toLowerCase()
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        );
  let kept: Record<string, unknown> | undefined;
  for (const name in given) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) {
      if (kept === undefined) {
        kept = {};
        for (const before in given) {
          if (before === name) break;
          kept[before] = given[before];
        }
      }
    } else if (kept !== undefined) kept[name] = given[name];
  }
  return (kept ?? headers) as T;
}

const hopByHopOptions = {
  rewriteHeaders: (headers: IncomingHttpHeaders) => withoutHopByHop(headers),
  rewriteRequestHeaders: (_request: unknown, headers: IncomingHttpHeaders) => withoutHopByHop(headers),
};

/** Request bodies larger than this are forwarded unchecked (an import file), so the proxy never holds much. */
const REQUEST_CHECK_MAX_BYTES = 1024 * 1024;

/** Answers up to this size are remembered per operation and status, so an identical next answer is not checked again. */
const REMEMBERED_MAX_BYTES = 1024 * 1024;

export interface ProxyOptions {
  /**
   * Check answers and requests against the document: on (the default), off
   * (CONTRACT_VALIDATION=off), or full (CONTRACT_VALIDATION=full: even an
   * answer identical to the operation's previous one is checked again).
   */
  validate?: boolean | 'full';
  /** Where the violation lines go (default: stderr). */
  log?: (line: string) => void;
  /** The bounds of one answer's check (default PROXY_LIMITS). */
  limits?: Partial<ProxyLimits>;
}

let shared: Validator | undefined;
/** Compiled once per process, as the check does: the schemas are compiled on first use and kept. */
const validator = () => {
  shared ??= createValidator(loadContract());
  return shared;
};

/** The violations as a JSON array that fits the bound; the last item says how many were left out. */
export function violationsHeader(violations: Violation[]): string {
  const items = violations.map((v) => ({
    side: v.side,
    operation: v.operation,
    ...(v.status === undefined ? {} : { status: v.status }),
    pointer: v.pointer,
    reason: v.reason,
    severity: v.severity,
  }));
  // Header values are Latin-1 at most: anything else is written as a JSON escape.
  const encode = (x: unknown[]) =>
    JSON.stringify(x).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  for (let n = items.length; n >= 0; n--) {
    const shown: unknown[] = items.slice(0, n);
    if (n < items.length) shown.push({ more: items.length - n });
    const text = encode(shown);
    if (text.length <= VIOLATIONS_HEADER_MAX) return text;
  }
  return encode([{ more: items.length }]);
}

/** The body decoded, at most `max` bytes of it (zlib stops there and throws ERR_BUFFER_TOO_LARGE). */
function decoded(body: Buffer, encoding: string | undefined, max: number): Buffer {
  const options = { maxOutputLength: max };
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body, options);
    case 'br':
      return brotliDecompressSync(body, options);
    case 'deflate':
      return inflateSync(body, options);
    default:
      return body;
  }
}

/** The stream's chunks up to `max` bytes; `over` when it holds more (the stream is then paused, its rest unread). */
function chunksOf(stream: NodeJS.ReadableStream, max: number): Promise<{ chunks: Buffer[]; over: boolean }> {
  return new Promise((resolve, reject) => {
    const reading: Reading = { stream, max, chunks: [], size: 0, resolve, reject, onData: noop, onEnd: noop };
    // Bound, not closures made here: the dev server's transform names every function it makes (a
    // defineProperty per call), which on every answer of the proxy was 1% of its CPU.
    reading.onData = readChunk.bind(reading);
    reading.onEnd = endOfChunks.bind(reading);
    stream.on('data', reading.onData);
    stream.once('end', reading.onEnd);
    stream.once('error', reject);
  });
}

/** One answer being collected by chunksOf. */
interface Reading {
  stream: NodeJS.ReadableStream;
  max: number;
  chunks: Buffer[];
  size: number;
  resolve(read: { chunks: Buffer[]; over: boolean }): void;
  reject(error: Error): void;
  onData(chunk: Buffer | string): void;
  onEnd(): void;
}

function noop() {}

function readChunk(this: Reading, chunk: Buffer | string) {
  const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  this.chunks.push(buffer);
  this.size += buffer.length;
  if (this.size > this.max) {
    this.stream.pause();
    this.stream.off('data', this.onData);
    this.stream.off('end', this.onEnd);
    this.stream.off('error', this.reject);
    this.resolve({ chunks: this.chunks, over: true });
  }
}

function endOfChunks(this: Reading) {
  this.resolve({ chunks: this.chunks, over: false });
}

/** The chunks already read, then the rest of the stream as it comes: nothing more is held. */
async function* resumed(chunks: Buffer[], rest: NodeJS.ReadableStream): AsyncGenerator<Buffer> {
  yield* chunks;
  chunks.length = 0;
  for await (const chunk of rest as AsyncIterable<Buffer>) yield chunk;
}

const joined = (chunks: Buffer[]): Buffer => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));

const collect = (stream: NodeJS.ReadableStream): Promise<Buffer> =>
  chunksOf(stream, Number.POSITIVE_INFINITY).then(({ chunks }) => joined(chunks));

/** Whether the chunks hold exactly these bytes (compared in place, without joining them). */
function sameBytes(chunks: Buffer[], body: Buffer): boolean {
  let offset = 0;
  for (const chunk of chunks) {
    if (offset + chunk.length > body.length || chunk.compare(body, offset, offset + chunk.length) !== 0) return false;
    offset += chunk.length;
  }
  return offset === body.length;
}

const logLine = (line: string) => process.stderr.write(`${line}\n`);

export async function registerProxy(app: FastifyInstance, backend: string, options: ProxyOptions = {}): Promise<void> {
  const upstream = new URL(backend).origin;
  const mode = process.env.CONTRACT_VALIDATION;
  const validate = options.validate ?? (mode === 'off' ? false : mode === 'full' ? 'full' : true);
  if (!validate) {
    for (const prefix of PROXIED_PREFIXES) {
      await app.register(httpProxy, {
        upstream,
        prefix,
        rewritePrefix: prefix,
        http2: false,
        replyOptions: hopByHopOptions,
      });
    }
    return;
  }
  const limits = { ...PROXY_LIMITS, ...options.limits };
  // A backend's text (a property name, a value) goes into the log: one printable line whatever it holds.
  const log = (line: string) => (options.log ?? logLine)(printable(line));
  const v = validator();
  const requestViolations = new WeakMap<object, Violation[]>();
  // The last answer of each operation, status and encoding, with its verdict: lists are fetched again and again
  // unchanged, and comparing the bytes costs far less than decoding, parsing and validating them.
  const remembered = new Map<string, { body: Buffer; found: Violation[] }>();
  /** Extensions the backend answered "not offered" to (a spec-only backend): said once each, never checked. */
  const notOffered = new Set<string>();

  const operations = new WeakMap<object, Operation>();

  /**
   * Past a bound: the answer goes on unchecked, saying why (its request's violations still travel).
   * Made once, not per answer.
   */
  function unchecked(
    request: { method: string },
    reply: { header(name: string, value: string): unknown; send(body: Buffer | Readable): unknown },
    path: string,
    reason: string,
    body: Buffer | Readable,
  ) {
    log(`contract: the backend's answer to ${request.method} ${path} was not checked: ${reason}`);
    reply.header(UNCHECKED_HEADER, reason);
    const asked = requestViolations.get(request);
    if (asked) reply.header(VIOLATIONS_HEADER, violationsHeader(asked));
    reply.send(body);
  }

  const judgeRequest = (request: FastifyRequest, op: Operation, body: string | Buffer | undefined) => {
    const found = v.checkRequest(op, { url: request.url, headers: request.headers, body });
    if (found.length === 0) return;
    requestViolations.set(request, found);
    for (const x of found)
      log(
        `contract: the console's request ${request.method} ${request.url.split('?', 1)[0]} breaks the document: ${formatViolation(x)}`,
      );
  };

  /** The console's request, checked before it goes on; its body is read and handed on unchanged. */
  const preHandler = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const op = v.contract.match(request.method, request.url);
    if (!op) return done();
    operations.set(request, op);
    // Most calls are GETs without query parameters: nothing to judge.
    if (!op.op.requestBody && !op.parameters.some((p) => p.in === 'query')) return done();
    const raw = request.body as unknown;
    if (!(raw instanceof Readable)) {
      judgeRequest(request, op, undefined);
      return done();
    }
    // Multipart (an import file) is judged by its media type only; its bytes are not held.
    if (/multipart/i.test(String(request.headers['content-type']))) {
      judgeRequest(request, op, 'multipart');
      return done();
    }
    if (Number(request.headers['content-length'] ?? Number.NaN) > REQUEST_CHECK_MAX_BYTES) return done();
    collect(raw).then((body) => {
      request.body = Readable.from([body]);
      judgeRequest(request, op, body);
      done();
    }, done);
  };

  for (const prefix of PROXIED_PREFIXES) {
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      preHandler,
      replyOptions: {
        onResponse: (request, reply, res) => {
          const op = operations.get(request);
          if (!op) {
            reply.send(res.stream);
            return;
          }
          const path = request.url.split('?', 1)[0] ?? request.url;
          const headers = reply.getHeaders() as Record<string, string>;
          // An extension the backend does not have, by the console's own rule: the console does without it, so
          // its answer breaks nothing; said once per operation, in plain words.
          const withoutToken = !request.headers.authorization;
          if (
            op.extension &&
            saysNotOffered({ status: reply.statusCode, withoutToken, contentType: headers['content-type'] })
          ) {
            if (!notOffered.has(op.operationId)) {
              notOffered.add(op.operationId);
              log(
                `contract: the backend does not offer ${op.method} ${op.docPath} (an extension, answered ${reply.statusCode}): the console does without it`,
              );
            }
            reply.send(res.stream);
            return;
          }
          const tooLarge = `answer larger than ${limits.bytes} bytes: not checked`;
          if (Number(headers['content-length']) > limits.bytes) {
            unchecked(request, reply, path, tooLarge, res.stream as Readable);
            return;
          }
          chunksOf(res.stream, limits.bytes).then(
            ({ chunks, over }) => {
              if (over) {
                unchecked(request, reply, path, tooLarge, Readable.from(resumed(chunks, res.stream)));
                return;
              }
              const key = `${op.operationId} ${request.method} ${reply.statusCode} ${headers['content-type']} ${headers['content-encoding']}`;
              const last = validate === 'full' ? undefined : remembered.get(key);
              let found: Violation[];
              let body: Buffer;
              if (last && sameBytes(chunks, last.body)) {
                body = last.body;
                found = last.found;
              } else {
                body = joined(chunks);
                let text: Buffer | '';
                try {
                  text =
                    request.method === 'HEAD' ? '' : decoded(body, headers['content-encoding'], limits.inflatedBytes);
                } catch (error) {
                  if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
                    unchecked(
                      request,
                      reply,
                      path,
                      `answer inflates to more than ${limits.inflatedBytes} bytes: not checked`,
                      asBody(headers, body),
                    );
                    return;
                  }
                  text = '';
                  found = [
                    {
                      operation: op.operationId,
                      status: reply.statusCode,
                      pointer: '',
                      reason: `body cannot be decoded: ${(error as Error).message}`,
                      severity: 'error',
                      side: 'response',
                    },
                  ];
                }
                found ??= v.checkAnswer(
                  op,
                  { status: reply.statusCode, headers, body: text },
                  { depth: limits.depth, violations: limits.violations },
                );
                if (body.length <= REMEMBERED_MAX_BYTES) remembered.set(key, { body, found });
              }
              for (const x of found)
                log(
                  `contract: the backend's answer to ${request.method} ${path} breaks the document: ${formatViolation(x)}`,
                );
              const all = [...(requestViolations.get(request) ?? []), ...found];
              if (all.length > 0) reply.header(VIOLATIONS_HEADER, violationsHeader(all));
              reply.send(asBody(headers, body));
            },
            (error: Error) => reply.send(error),
          );
        },
        ...hopByHopOptions,
      },
    });
  }
}
