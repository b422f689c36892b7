/**
 * /api/spins: the caller's listening log (API.md "Routes", "Field rules", Spin entity;
 * PRODUCT.md "Spins list", "Add spin", "Spin details").
 *
 * - `GET /` → 200 Spin[] newest `listened_at` first, then `id` desc, each with its `records` (EXTENSIONS.md §2)
 * - `GET /single/{id}` → 200 one row per record of the spin; 400 bad id, 404 not the caller's
 * - `POST /add` `{timeSpent, listenedAt, details, albums}` → 201 Spin; 400 with `fields`
 * - `DELETE /{id}` → 204; 400 bad id, 404 not the caller's
 *
 * Every route answers 401 `unauthenticated` without a session.
 */
import { Router } from 'express';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { conditionalGet } from '@/lib/listCache.js';
import { heavyRequestLimit } from '@/lib/userLimit.js';
import { NotFoundError, ValidationError } from '@/lib/errors.js';
import { fallbackCoverUrl } from '@/lib/records.js';
import { parseId, parseInput } from '@/lib/validation.js';
import { addSpinWithRecords, deleteSpin, findSpinWithAlbums, listSpinsWithRecords } from './spins.queries.js';
import { addSpinSchema } from '@spincrate/contract';

const SPIN_NOT_FOUND = 'Spin not found';

/** Builds the /api/spins router. */
export function createSpinRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);
  const heavy = heavyRequestLimit(ctx);
  const ownList = conditionalGet(ctx, 'own');

  router.get('/', heavy, ownList, async (req, res) => {
    res.json(await listSpinsWithRecords(ctx.db, currentUser(req).id));
  });

  // A missing id is as malformed as `abc` (API.md "Conventions").
  router.get('/single', () => {
    parseId('');
  });

  router.get('/single/:id', ownList, async (req, res) => {
    const spinId = parseId(req.params.id);
    const rows = await findSpinWithAlbums(ctx.db, currentUser(req).id, spinId);
    if (rows.length === 0) throw new NotFoundError(SPIN_NOT_FOUND);
    const fallback = fallbackCoverUrl(req);
    res.json(
      rows.map((row) => (row.album_id === null ? row : { ...row, coverart: row.coverart || fallback })),
    );
  });

  router.post('/add', async (req, res) => {
    const input = parseInput(addSpinSchema, req.body);
    const userId = currentUser(req).id;
    // One statement: the spin is stored with all of its records or not at all.
    const spin = await addSpinWithRecords(ctx.db, userId, input);
    if (!spin) {
      throw new ValidationError('albums must be records in your crate', {
        albums: 'must be records in your crate',
      });
    }
    res.status(201).json(spin);
  });

  router.delete('/', () => {
    parseId('');
  });

  router.delete('/:id', async (req, res) => {
    const spinId = parseId(req.params.id);
    if (!(await deleteSpin(ctx.db, currentUser(req).id, spinId))) throw new NotFoundError(SPIN_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
