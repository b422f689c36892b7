/**
 * `GET /covers/{key}-{250|500}.webp` (API.md "Covers served by Spincrate"): a cover's
 * thumbnail from Spincrate's own origin.
 *
 * The route is the app's first step (before request logging, the security-header step and
 * the sessions): a cover costs no session read, and — being the request a collection makes
 * most, dozens per screen — none of the per-request work of the other steps either. It
 * answers with Node's own response methods and headers worked out once: the security
 * headers every answer carries (computed from the same helmet step, `securityHeaders`
 * in app/securityHeaders.ts), the request id (`X-Request-Id`, as request logging gives it), and the
 * caching headers. Only an exact thumbnail path with GET or HEAD and no query string is
 * taken here; every other request goes on to the other steps unchanged (the fallback
 * cover `/covers/fallback.svg`, and a 404 for any other path under `/covers`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@/lib/logger.js';
import type { CoverSize, CoverStore } from './covers.store.js';

/** A thumbnail's request target: `/covers/{key}-{250|500}.webp`, nothing after it. */
const COVER_PATH = /^\/covers\/([0-9a-f]{32})-(250|500)\.webp$/;

/** Thumbnails never change under their key (one source URL, fetched once). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an `If-None-Match` header names the tag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** What the covers' step needs from the app, worked out once. */
export interface CoverRouteOptions {
  /** Where the thumbnails are read. */
  store: CoverStore;
  /**
   * The security headers of an answer as `[name, value]` pairs, for a request over HTTPS
   * (`secure`) or not; the same headers the security-header step sets on every answer.
   */
  securityHeaders: (req: IncomingMessage) => readonly (readonly [string, string])[];
  /** The request's id, sent back in `X-Request-Id` (the request-logging step's rule). */
  requestId: (req: IncomingMessage) => string;
  /** Where a failure to read a thumbnail is logged (with the request's id). */
  logger: Logger;
}

/**
 * The covers' step, `(req, res, next)`: answers a thumbnail's request itself, passes every
 * other request on with `next()`.
 * @returns 200 `image/webp` (`Cache-Control: public, max-age=31536000, immutable`, `ETag`),
 *   304 for a matching `If-None-Match`, 404 (text) for an unknown key; 500 (text, logged
 *   at `error` with the request id) when the store cannot be read
 */
export function coverRoute(
  options: CoverRouteOptions,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const { store, securityHeaders, requestId, logger } = options;
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    status: number,
    headers: (readonly [string, string])[],
    body?: Buffer | string,
  ) => {
    const all: string[] = [];
    for (const [name, value] of securityHeaders(req)) all.push(name, value);
    all.push('X-Request-Id', id);
    for (const [name, value] of headers) all.push(name, value);
    res.writeHead(status, all);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/covers/')) return next();
    const file = COVER_PATH.exec(req.url);
    if (!file) return next();
    const [, key, width] = file as unknown as [string, string, string];
    const size = Number(width) as CoverSize;
    const id = requestId(req);
    store.get(key, size).then(
      (bytes) => {
        if (!bytes) {
          answer(req, res, id, 404, [['Content-Type', 'text/plain; charset=utf-8']], '404');
          return;
        }
        const etag = `"${key}-${size}"`;
        const caching: [string, string][] = [
          ['Cache-Control', IMMUTABLE],
          ['ETag', etag],
        ];
        const ifNoneMatch = req.headers['if-none-match'];
        if (matches(ifNoneMatch, etag)) {
          answer(req, res, id, 304, caching);
          return;
        }
        answer(
          req,
          res,
          id,
          200,
          [...caching, ['Content-Type', 'image/webp'], ['Content-Length', String(bytes.length)]],
          bytes,
        );
      },
      (err: unknown) => {
        logger.child({ reqId: id }).error({ err }, 'a cover could not be read');
        if (res.headersSent) {
          res.destroy();
          return;
        }
        answer(req, res, id, 500, [['Content-Type', 'text/plain; charset=utf-8']], '500');
      },
    );
  };
}
