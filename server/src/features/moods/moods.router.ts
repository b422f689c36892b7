/** GET /api/mood: 200 Mood[] ordered by name (API.md "Routes"). */
import { Router } from 'express';
import type { AppContext } from '@/lib/context.js';
import { requireAuth } from '@/lib/auth.js';
import { listMoods } from './moods.queries.js';

/** Builds the /api/mood router. */
export function createMoodRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', requireAuth, async (_req, res) => {
    res.json(await listMoods(ctx.db));
  });
  return router;
}
