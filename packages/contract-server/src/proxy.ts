// Proxy mode: with USERPROFILE_BACKEND set, the API and the login form go to
// that real backend and nothing is simulated (no store, no auth, no /__mock);
// the console is still served. Every answer of a documented operation is
// checked against the document by the validator of `npm run contract`
// (@userprofile/contract): its violations travel in the response header
// `x-contract-violations` (a bounded JSON array) and go to the log, one line
// each; the console's requests are checked too, and a request that breaks the
// document is logged as the console's fault. The answer itself is forwarded
// byte for byte (compressed or not).
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import httpProxy from '@fastify/http-proxy';
import { loadContract, type Operation } from '@userprofile/contract/document';
import { createValidator, formatViolation, type Validator, type Violation } from '@userprofile/contract/validate';
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

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}

/** The stream's chunks (events rather than an async iterator: this runs for every answer). */
function chunksOf(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    stream.once('end', () => resolve(chunks));
    stream.once('error', reject);
  });
}

const joined = (chunks: Buffer[]): Buffer => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));

const collect = (stream: NodeJS.ReadableStream): Promise<Buffer> => chunksOf(stream).then(joined);

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
      await app.register(httpProxy, { upstream, prefix, rewritePrefix: prefix, http2: false });
    }
    return;
  }
  const log = options.log ?? logLine;
  const v = validator();
  const requestViolations = new WeakMap<object, Violation[]>();
  // The last answer of each operation, status and encoding, with its verdict: lists are fetched again and again
  // unchanged, and comparing the bytes costs far less than decoding, parsing and validating them.
  const remembered = new Map<string, { body: Buffer; found: Violation[] }>();

  const operations = new WeakMap<object, Operation>();

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
          chunksOf(res.stream).then(
            (chunks) => {
              const headers = reply.getHeaders() as Record<string, string>;
              const key = `${op.operationId} ${request.method} ${reply.statusCode} ${headers['content-type']} ${headers['content-encoding']}`;
              const last = validate === 'full' ? undefined : remembered.get(key);
              let found: Violation[];
              let body: Buffer;
              if (last && sameBytes(chunks, last.body)) {
                body = last.body;
                found = last.found;
              } else {
                body = joined(chunks);
                try {
                  found = v.checkAnswer(op, {
                    status: reply.statusCode,
                    headers,
                    body: request.method === 'HEAD' ? '' : decoded(body, headers['content-encoding']),
                  });
                } catch (error) {
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
                if (body.length <= REMEMBERED_MAX_BYTES) remembered.set(key, { body, found });
              }
              for (const x of found)
                log(
                  `contract: the backend's answer to ${request.method} ${request.url.split('?', 1)[0]} breaks the document: ${formatViolation(x)}`,
                );
              const all = [...(requestViolations.get(request) ?? []), ...found];
              if (all.length > 0) reply.header(VIOLATIONS_HEADER, violationsHeader(all));
              // The upstream's bytes; a body without a content type goes as a stream, to which Fastify adds none.
              reply.send(headers['content-type'] ? body : Readable.from([body]));
            },
            (error: Error) => reply.send(error),
          );
        },
      },
    });
  }
}
