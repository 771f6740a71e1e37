// Typed domain errors. The store throws them; the one error handler of app.ts
// turns them into HTTP answers (docs/wire-and-errors.md "Errors").

export interface FieldError {
  field: string;
  reason: string;
  /** 1-based data row of an import (header excluded). */
  row?: number;
  /** 1-based line of the imported file where that row starts (the header row is line 1). */
  line?: number;
}

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

/** The 404 of a record asked for by its id (or name). */
export function notFound(what: string, id: string): NotFoundError {
  return new NotFoundError(`${what} ${id} was not found`);
}

export class ConflictError extends DomainError {
  readonly statusCode = 409;
}

export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
}

/** A conditional write (`If-Match`) whose record changed since it was read (an extension). */
export class PreconditionFailedError extends DomainError {
  readonly statusCode = 412;
}

/** The request was understood but the value is not acceptable (password used before). */
export class NotAcceptableError extends DomainError {
  readonly statusCode = 406;
}

export class InvalidError extends DomainError {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly errors: FieldError[],
  ) {
    super(message);
  }
}

/** Too many requests of a kind; `retryAfterSeconds` goes out as `Retry-After`. */
export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
