/**
 * Typed HTTP errors (API.md "Conventions"). Routes throw these; the one error
 * handler in `app/errorHandler.ts` turns each into `{ error: { code, message, fields? } }`.
 */

import type { ErrorCode } from '@spincrate/contract';

/** Base class: an error with an HTTP status and an API.md error code (the contract's `ERROR_CODES`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 `validation_failed`; `fields` maps each bad field to what is wrong with it. */
export class ValidationError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'validation_failed', message, fields);
  }
}

/** 401 `unauthenticated`: a protected route without a valid session. */
export class UnauthenticatedError extends HttpError {
  constructor(message = 'You need to log in first') {
    super(401, 'unauthenticated', message);
  }
}

/** 401 `invalid_credentials`: wrong username or password. */
export class InvalidCredentialsError extends HttpError {
  constructor() {
    super(401, 'invalid_credentials', 'The username and password did not match');
  }
}

/** 403 `forbidden`: a state-changing request from another origin. */
export class ForbiddenError extends HttpError {
  constructor(message = 'Cross-origin requests are not allowed') {
    super(403, 'forbidden', message);
  }
}

/** 404 `not_found`: missing, or not visible to the caller (indistinguishable). */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

/** 409 `conflict`: username taken, friend already added. */
export class ConflictError extends HttpError {
  constructor(message = 'That already exists') {
    super(409, 'conflict', message);
  }
}

/** 413 `payload_too_large`. */
export class PayloadTooLargeError extends HttpError {
  constructor(message = 'The request body is too large') {
    super(413, 'payload_too_large', message);
  }
}

/** 415 `unsupported_media_type`: a POST/PUT body that is not JSON. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Send the body as application/json') {
    super(415, 'unsupported_media_type', message);
  }
}

/** 429 `rate_limited`, with a `Retry-After` in seconds. */
export class RateLimitedError extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Too many attempts; try again later') {
    super(429, 'rate_limited', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

/** 503 `unavailable`: the database cannot be reached or timed out; `Retry-After` is set. */
export class ServiceUnavailableError extends HttpError {
  /**
   * @param message - what is unavailable
   * @param retryAfterSeconds - the `Retry-After` (default 5 s)
   */
  constructor(message = 'The service is temporarily unavailable; try again shortly', retryAfterSeconds = 5) {
    super(503, 'unavailable', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

/** 414 `uri_too_long`: a URL longer than the server reads (README "Request limits"). */
export class UriTooLongError extends HttpError {
  constructor(message = 'The URL is too long') {
    super(414, 'uri_too_long', message);
  }
}

/** 408 `request_timeout`: the request's headers or body did not arrive in time (API.md "Conventions"). */
export class RequestTimeoutError extends HttpError {
  constructor(message = 'The request did not arrive in time') {
    super(408, 'request_timeout', message);
  }
}

/** 431 `headers_too_large`: request headers larger than the server reads (README "Request limits"). */
export class HeadersTooLargeError extends HttpError {
  constructor(message = 'The request headers are too large') {
    super(431, 'headers_too_large', message);
  }
}
