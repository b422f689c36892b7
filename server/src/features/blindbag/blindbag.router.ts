/**
 * GET /api/blindbag?search=T&unplayedDays=N (API.md "Routes"): 200 `{id, title, artist,
 * coverart}`, one of the caller's records chosen uniformly at random among those whose
 * title, artist, tags, mood or year contains T (all of them when T is empty or missing)
 * and, with N, that were not spun in the last N days counting today (the server's UTC
 * date; never-spun records qualify); 400 when T is over 200 characters or N is not
 * 1–36500, 401 without a session, 404 when nothing qualifies or the crate is empty.
 */
import { Router } from 'express';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { NotFoundError } from '@/lib/errors.js';
import { fallbackCoverUrl, withCoverArt } from '@/features/records/index.js';
import { likePattern, parseInput } from '@/lib/validation.js';
import { addDays, utcToday } from '@/lib/dates.js';
import { drawRecord } from './blindbag.queries.js';
import { blindbagQuerySchema } from '@spincrate/contract';

/** Builds the blindbag router (mounted at /api/blindbag). */
export function createBlindbagRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/', requireAuth, async (req, res) => {
    const { search, unplayedDays, folder } = parseInput(blindbagQuerySchema, req.query);
    // "Not spun in the last N days counting today": last spun before today − N + 1.
    const unplayedSince = unplayedDays === undefined ? null : addDays(utcToday(), 1 - unplayedDays);
    const row = await drawRecord(
      ctx.db,
      currentUser(req).id,
      search === '' ? null : likePattern(search),
      unplayedSince,
      folder ?? null,
    );
    if (!row)
      throw new NotFoundError(
        search === '' && unplayedSince === null && folder === undefined
          ? 'Your crate is empty'
          : 'No record matches that filter',
      );
    res.json(withCoverArt([row], fallbackCoverUrl(ctx.config))[0]);
  });

  return router;
}
