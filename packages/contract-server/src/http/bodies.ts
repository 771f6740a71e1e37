// Request bodies: the size limits, the media types the document lists, and
// the CSV file of a multipart upload read as text.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidError } from '../store/errors.ts';
import { errorBody } from './errors.ts';

/** Largest CSV file an import accepts. */
export const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;
/** Largest JSON or form body. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The document's request bodies name their media types: a body of another type
 * is refused (400) before any parsing, and a missing body is a 400, so a
 * handler never sees a body the document did not validate.
 */
export function requireDocumentedBody(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  // Fastify refuses a body schema on a GET or HEAD route (and reads no body for
  // them), so those have nothing to check here; they are most requests, and
  // routeOptions is a getter that builds an object at each read.
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return done();
  const schema = request.routeOptions.schema as { body?: { content?: Record<string, unknown> } } | undefined;
  const content = schema?.body?.content;
  if (!content) return done();
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  if (!type) {
    reply
      .code(400)
      .send(errorBody(400, 'A request body is required', [{ field: 'body', reason: 'A request body is required' }]));
    return;
  }
  if (!Object.hasOwn(content, type)) {
    // A 400 (which every such operation documents) rather than 415: the field and reason say what is wrong.
    const reason = `must be ${Object.keys(content).join(' or ')}, not ${type}`;
    reply.code(400).send(errorBody(400, `The body ${reason}`, [{ field: 'body', reason }]));
    return;
  }
  done();
}

/** Reads the CSV file of a multipart upload as text; a binary file is refused. */
export async function readTextFile(part: { fieldname: string; toBuffer(): Promise<Buffer>; value?: unknown }) {
  const buffer = await part.toBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = '\0';
  }
  if (text.includes('\0')) {
    // The whole file is at fault: no column to name (field ''), and never the form's field (the user fixes the file, not the form).
    throw new InvalidError('The file is not a CSV text file', [
      {
        field: '',
        reason:
          'This file is not a CSV text file (a spreadsheet, a picture or another binary file): save it as CSV UTF-8 and choose it again',
      },
    ]);
  }
  part.value = text;
}
