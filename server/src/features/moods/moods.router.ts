/**
 * GET /api/mood: 200 Mood[] ordered by name (API.md "Routes"), with an `ETag`; a matching
 * `If-None-Match` gets 304 (API.md "Lists at scale": every GET of a list).
 */
import { Router } from 'express';
import type { AppContext } from '@/lib/context.js';
import { requireAuth } from '@/lib/auth.js';
import type { ListCache } from '@/lib/conditionalGet.js';
import { listMoods } from './moods.queries.js';

/**
 * Builds the /api/mood router.
 * @param lists - the app's list cache (the tag of the moods is an HMAC of their body)
 */
export function createMoodRouter(ctx: AppContext, lists: ListCache): Router {
  const router = Router();
  router.get('/', requireAuth, lists.taggedByBody(), async (_req, res) => {
    res.json(await listMoods(ctx.db));
  });
  return router;
}
