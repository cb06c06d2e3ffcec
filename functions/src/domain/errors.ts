/**
 * Typed domain errors. Use cases throw these; one middleware maps them to HTTP (kit/middlewares/error-mapping.ts).
 * The message is shown to the person using the product, so it must say what to do next.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  readonly headers: Record<string, string> = {};
  /** Set-Cookie values to send with the error (e.g. clearing the refresh cookie of an ended session). */
  cookies: string[] = [];
  /** Extra fields for the error body that a client acts on (e.g. `needsVerification`). */
  details: Record<string, unknown> = {};
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
  constructor(message = 'Please sign in to continue.') {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
  constructor(message = 'You do not have permission to do this.', details: Record<string, unknown> = {}) {
    super(message);
    this.details = details;
  }
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

export class ConflictError extends DomainError {
  readonly statusCode = 409;
}

/** A dependency the request needs is not configured or not available (e.g. no active payment wallet). */
export class ServiceUnavailableError extends DomainError {
  readonly statusCode = 503;
}

export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
  constructor(maxBytes: number) {
    super(`The request is too large. Requests may carry at most ${Math.round(maxBytes / 1024)} KB.`);
  }
}
