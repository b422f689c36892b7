/**
 * What every `/api` request passes before its route (API.md "Conventions", "Security",
 * "Lists at scale"): compression, `no-store`, the same-origin check of state-changing
 * requests, JSON bodies only, the body parsers with their limits, and no NUL characters.
 */
import express, { type Express, type RequestHandler } from 'express';
import compression from 'compression';
import { IMPORT_BODY_LIMIT, JSON_BODY_LIMIT } from '@spincrate/contract';
import { ForbiddenError, UnsupportedMediaTypeError, ValidationError } from '@/lib/errors.js';
import { COMPRESS_THRESHOLD } from '@/lib/listBodyCache.js';
import { findNulCharacter } from '@/lib/validation.js';

/** `/api` answers are never cached. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 403 for a state-changing request from another site: an `Origin` that is not ours,
 * or `Sec-Fetch-Site: cross-site | same-site` (API.md "Security").
 */
const sameOriginOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw new ForbiddenError();
  const origin = req.get('origin');
  if (origin !== undefined && origin !== `${req.protocol}://${req.get('host')}`) throw new ForbiddenError();
  next();
};

/** 415 for a POST/PUT/PATCH that carries a body which is not JSON. */
const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is('application/json')) throw new UnsupportedMediaTypeError();
  next();
};

/** 400 for a NUL character in the body or the query: PostgreSQL text cannot hold one. */
const noNulCharacters: RequestHandler = (req, _res, next) => {
  const field = findNulCharacter(req.body) ?? findNulCharacter(req.query);
  if (field !== undefined) {
    const name = field || 'body';
    throw new ValidationError(`${name} must not contain NUL characters`, {
      [name]: 'must not contain NUL characters',
    });
  }
  next();
};

/**
 * Installs the checks and parsers of `/api` requests (after the fallback cover, before the sessions).
 * @param app - the app being built
 */
export function installApiRequests(app: Express): void {
  // API answers over 1 KB, br or gzip as Accept-Encoding allows (API.md "Lists at scale");
  // cached list bodies arrive already compressed (lib/listBodyCache.ts) and pass through.
  // A revalidation (`If-None-Match`) is answered by a list route, which compresses its own
  // bodies, or by a 304: it skips the compression wrapper.
  const compress = compression({ threshold: COMPRESS_THRESHOLD });
  app.use('/api', (req, res, next) =>
    req.headers['if-none-match'] === undefined ? compress(req, res, next) : next(),
  );
  app.use('/api', noStore, sameOriginOnly, jsonBodiesOnly);
  app.use('/api/record/import', express.json({ limit: IMPORT_BODY_LIMIT }));
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }), noNulCharacters);
}
