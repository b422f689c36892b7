/** GET /api/health: 200 `{status: "ok"}`, 503 when the database is unreachable (API.md "Routes"). */
import { Router } from 'express';
import type { AppContext } from '@/lib/context.js';
import { ServiceUnavailableError } from '@/lib/errors.js';

/** Builds the /api/health router. */
export function createHealthRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    if (!(await ctx.db.isHealthy())) throw new ServiceUnavailableError('The database is unreachable');
    res.json({ status: 'ok' });
  });
  return router;
}
