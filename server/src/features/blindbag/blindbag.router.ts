/**
 * GET /api/blindbag?search=T (API.md "Routes"): 200 `{id, title, artist, coverart}`, one
 * of the caller's records chosen uniformly at random among those whose title, artist,
 * tags or mood contains T (all of them when T is empty or missing); 400 when T is over
 * 200 characters, 401 without a session, 404 when nothing matches or the crate is empty.
 */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';
import { currentUser, requireAuth } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { fallbackCoverUrl, withCoverArt } from '../../lib/records.js';
import { likePattern, parseInput } from '../../lib/validation.js';
import { drawRecord } from './blindbag.queries.js';
import { blindbagQuerySchema } from '@spincrate/contract';

/** Builds the blindbag router (mounted at /api/blindbag). */
export function createBlindbagRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/', requireAuth, async (req, res) => {
    const { search } = parseInput(blindbagQuerySchema, req.query);
    const row = await drawRecord(ctx.db, currentUser(req).id, search === '' ? null : likePattern(search));
    if (!row)
      throw new NotFoundError(search === '' ? 'Your crate is empty' : 'No record matches that filter');
    res.json(withCoverArt([row], fallbackCoverUrl(req))[0]);
  });

  return router;
}
