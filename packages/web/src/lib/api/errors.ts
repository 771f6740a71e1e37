// A failed call (4xx/5xx) reaches the screen as an ApiError carrying the
// status and the parsed body (docs/wire-and-errors.md "Errors"), after the
// global handling of spec §8.

export interface ErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  errors?: { field: string; reason: string; row?: number }[];
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly method: string,
    readonly url: string,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(ApiError.describe(status, body));
  }

  /** The server's readable sentence, or the HTTP status line. */
  static describe(status: number, body: unknown): string {
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
    if (typeof body === 'string' && body.trim() !== '' && body.length < 300) return body;
    return `HTTP ${status}`;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * A failure in words for a screen's error state: the HTTP status and the
 * server's sentence, or that the server could not be reached.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    const status = `HTTP ${error.status}`;
    return error.message && error.message !== status ? `${status}: ${error.message}` : status;
  }
  if (error instanceof TypeError) return 'The server could not be reached';
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

/**
 * An extension (`x-extension` in the OpenAPI document) that the backend does
 * not offer: lib/extensions.ts learned it from a 404, 405 or 501 (through the
 * proxy a real backend answers a path it does not have so), and asks no more.
 */
export class NotOfferedError extends Error {
  override name = 'NotOfferedError';
  constructor(readonly extension: string) {
    super(`This backend does not offer ${extension}`);
  }
}

/**
 * The backend does not offer the call: a NotOfferedError, or a designed call
 * answered 404 (no such route), 405 or 501 where the screen just loaded the
 * record, so this reads "not offered", not "not found".
 */
export function isNotOffered(error: unknown): boolean {
  return (
    error instanceof NotOfferedError ||
    (isApiError(error) && (error.status === 404 || error.status === 405 || error.status === 501))
  );
}
