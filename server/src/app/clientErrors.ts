/**
 * Requests Node's HTTP parser cannot read (headers over its limit, a malformed request line,
 * a body too slow) and URLs longer than the app reads: answered with API.md's error body
 * (`{error:{code,message}}`), never Node's plain-text answer or a reset.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { Express, RequestHandler } from 'express';
import {
  HeadersTooLargeError,
  HttpError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UriTooLongError,
  ValidationError,
} from '@/lib/errors.js';
import type { Logger } from '@/lib/logger.js';

/** The longest URL (path and query, in bytes as sent) the app reads: 16 KiB (API.md "Conventions": 414 over 16 KB). */
const MAX_URL_LENGTH = 16 * 1024;

/** The most bytes the request's header lines may take, the request line aside: 16 KiB. */
const MAX_HEADERS_LENGTH = 16 * 1024;

/**
 * What Node's parser reads of a request's head at most (`maxHeaderSize` of the HTTP server):
 * the longest URL and the most headers, with room for the request line's method and version.
 * A longer head is answered by {@link answerClientError}.
 */
export const MAX_REQUEST_HEAD_BYTES = MAX_URL_LENGTH + MAX_HEADERS_LENGTH + 1024;

/** Bytes of the header lines as sent (`Name: value` and CRLF each). */
function headerBytes(rawHeaders: readonly string[]): number {
  let bytes = 0;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    bytes += Buffer.byteLength(rawHeaders[i]!) + Buffer.byteLength(rawHeaders[i + 1]!) + 4;
  }
  return bytes;
}

/**
 * 414 `uri_too_long` for a URL over {@link MAX_URL_LENGTH}, and 431 `headers_too_large` for
 * header lines over {@link MAX_HEADERS_LENGTH}, of a request that Node's parser still read.
 */
const requestHeadLimits: RequestHandler = (req, _res, next) => {
  if (req.originalUrl.length > MAX_URL_LENGTH) throw new UriTooLongError();
  if (headerBytes(req.rawHeaders) > MAX_HEADERS_LENGTH) throw new HeadersTooLargeError();
  next();
};

/** How long a connection answered here stays open for the client to read the answer. */
const CLIENT_ERROR_LINGER_MS = 2000;

/** An HTTP request line (`GET /path HTTP/1.1`) up to its end, or to the end of the data. */
const REQUEST_LINE = /^[A-Z]+ [^\r\n]*/;

/** What an error of Node's HTTP parser (or its timers) means for the client. */
function toClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): HttpError & { status: number } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // Node counts the request line in its limit (MAX_REQUEST_HEAD_BYTES): a long URL is the URL's fault.
      const start = err.rawPacket?.subarray(0, MAX_URL_LENGTH + 64).toString('latin1') ?? '';
      const requestLine = REQUEST_LINE.exec(start)?.[0] ?? '';
      return requestLine.length > MAX_URL_LENGTH ? new UriTooLongError() : new HeadersTooLargeError();
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new RequestTimeoutError();
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new PayloadTooLargeError();
    default:
      return new ValidationError('the request could not be read', { request: 'could not be read' });
  }
}

/** HTTP reason phrases of the statuses `toClientError` gives. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Builds the `clientError` listener of the HTTP server: writes a complete HTTP/1.1 answer
 * with the error body and closes the connection, as Node's own listener would with plain
 * text. A connection already reset, or with an answer under way, is just closed.
 * @param logger - where each such request is logged (status, parser code, request id)
 */
export function answerClientError(logger: Logger) {
  const answered = new WeakSet<Duplex>();
  return (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void => {
    // The parser reports the rest of an answered request again: the answer stands.
    if (answered.has(socket)) return;
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const error = toClientError(err);
    const reqId = randomUUID();
    const body = JSON.stringify({
      error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) },
    });
    logger.info({ reqId, status: error.status, parserError: err.code }, 'unreadable request');
    answered.add(socket);
    // Closing at once with the rest of the request unread would reset the connection, and
    // the client could lose the answer: the connection closes when the client has read it
    // and closed its side, or after CLIENT_ERROR_LINGER_MS.
    const linger = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
    socket.on('data', () => {});
    socket.end(
      [
        `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? 'Bad Request'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        `X-Request-Id: ${reqId}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  };
}

/**
 * Installs the URL and header length limits (after the request log, before the security headers).
 * @param app - the app being built
 */
export function installUrlLengthLimit(app: Express): void {
  app.use(requestHeadLimits);
}
