/**
 * `GET /covers/{key}-{250|500}.webp` (API.md "Covers served by Spincrate"): a cover's
 * thumbnail from Spincrate's own origin. Mounted before the session middleware (a cover
 * costs no session read) and after the fallback cover (`/covers/fallback.svg`); every
 * other path under `/covers` is a 404.
 */
import type { RequestHandler } from 'express';
import type { CoverSize, CoverStore } from './covers.store.js';

/** A thumbnail's path: `{key}-{250|500}.webp`. */
const COVER_FILE = /^\/([0-9a-f]{32})-(250|500)\.webp$/;

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

/**
 * The handler of `/covers` (mount it with `app.use('/covers', …)`).
 * @returns 200 `image/webp` with immutable caching and an `ETag`, 304 for a matching
 *   `If-None-Match`, 404 (text) for an unknown key, size or path
 */
export function coverRoute(store: CoverStore): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(404).type('text/plain').send('404');
      return;
    }
    const file = COVER_FILE.exec(req.path);
    if (!file) {
      res.status(404).type('text/plain').send('404');
      return;
    }
    const [, key, width] = file as unknown as [string, string, string];
    const size = Number(width) as CoverSize;
    store.get(key, size).then((bytes) => {
      if (!bytes) {
        res.status(404).type('text/plain').send('404');
        return;
      }
      const etag = `"${key}-${size}"`;
      res.set({ 'Cache-Control': IMMUTABLE, ETag: etag });
      if (matches(req.get('if-none-match'), etag)) {
        res.status(304).end();
        return;
      }
      res.type('image/webp').send(bytes);
    }, next);
  };
}
