/**
 * The one Express error handler (API.md "Conventions"): maps every error to
 * `{ error: { code, message, fields? } }` with its status, and is the only place
 * that logs errors. Unknown errors become a generic 500; details go to the log only.
 */
import type { ErrorRequestHandler, Express } from 'express';
import { isDatabaseUnavailable, isTransactionConflict, sqlState } from '@/db/errors.js';
import {
  ConflictError,
  HttpError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@/lib/errors.js';
import { loggablePath, type Logger } from '@/lib/logger.js';

/** Errors thrown by Express' JSON body parser carry a `type`. */
function fromBodyParser(err: { type?: unknown; status?: unknown }): HttpError | undefined {
  switch (err.type) {
    case 'entity.too.large':
      return new PayloadTooLargeError();
    case 'entity.parse.failed':
      return new ValidationError('body is not valid JSON', { body: 'is not valid JSON' });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('Send the body as UTF-8 application/json');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
    case 'stream.not.readable':
      return new ValidationError('the request body could not be read', { body: 'could not be read' });
    default:
      return undefined;
  }
}

/**
 * Other client errors Express and its body parser raise with a 4xx `status` (e.g. a
 * body whose Content-Encoding does not decode, a path whose %-escapes are malformed).
 */
function fromClientError(err: { status?: unknown; statusCode?: unknown }): HttpError | undefined {
  const status = typeof err.status === 'number' ? err.status : err.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (status === 413) return new PayloadTooLargeError();
  if (status === 415) return new UnsupportedMediaTypeError();
  return new ValidationError('the request could not be read', { body: 'could not be read' });
}

/** Maps any thrown value to an HttpError; `undefined` means "a bug" (500). */
export function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (err instanceof URIError) return new ValidationError('the path is not valid', { path: 'is not valid' });
  if (err && typeof err === 'object') {
    const parsed = fromBodyParser(err as { type?: unknown }) ?? fromClientError(err as { status?: unknown });
    if (parsed) return parsed;
  }
  if (isDatabaseUnavailable(err)) return new ServiceUnavailableError();
  // A conflict with another transaction that was not run again (the database layer runs
  // statements and transactions again): nothing was stored, and trying again may succeed.
  if (isTransactionConflict(err))
    return new ServiceUnavailableError('The database is busy; try again shortly', 1);
  switch (sqlState(err)) {
    case '23505':
      return new ConflictError();
    case '22021': // a NUL character, which PostgreSQL text cannot hold
    case '23503':
    case '23514':
    case '22P02':
    case '22003':
    case '22001':
    case '22007':
    case '22008':
      return new ValidationError('the input is not valid', { body: 'is not valid' });
    default:
      return undefined;
  }
}

/**
 * Builds the error handler.
 * @param rootLogger - where 5xx errors are logged when the request has no logger of its own;
 *   normally the request's (`req.log`), whose lines carry the request id (4xx are the
 *   caller's business, not logged)
 */
function errorHandler(rootLogger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    const logger = (req as { log?: Logger }).log ?? rootLogger;
    if (res.headersSent) {
      if (res.writableEnded) {
        // The answer is already complete (e.g. express-session failed to touch the session
        // as the response ended): passing the error on would destroy the socket under it.
        logger.warn(
          { method: req.method, path: loggablePath(req.path), reason: (err as Error)?.message },
          'error after the response',
        );
        return;
      }
      next(err);
      return;
    }
    const httpError = toHttpError(err) ?? new HttpError(500, 'internal', 'Something went wrong on our side');
    // The SQLSTATE (e.g. 40P01, 57014) says what PostgreSQL raised; never the query's values.
    const cause = (err as { cause?: unknown } | null)?.cause;
    const code = sqlState(err) ?? sqlState(cause);
    const reason = ((cause ?? err) as Error | undefined)?.message;
    if (httpError.status === 500) {
      logger.error({ err, code, method: req.method, path: loggablePath(req.path) }, 'unhandled error');
    } else if (httpError.status === 503) {
      logger.warn({ method: req.method, path: loggablePath(req.path), code, reason }, 'database unavailable');
    }
    if (httpError.retryAfterSeconds !== undefined) {
      res.set('Retry-After', String(httpError.retryAfterSeconds));
    }
    const body: { code: string; message: string; fields?: Record<string, string> } = {
      code: httpError.code,
      message: httpError.message,
    };
    if (httpError.fields) body.fields = httpError.fields;
    res.status(httpError.status).json({ error: body });
  };
}

/**
 * Installs the one error handler, the app's last step.
 * @param app - the app being built
 * @param logger - where errors are logged
 */
export function installErrorHandler(app: Express, logger: Logger): void {
  app.use(errorHandler(logger));
}
