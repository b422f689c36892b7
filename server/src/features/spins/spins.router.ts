/**
 * /api/spins: the caller's listening log (API.md "Routes", "Field rules", Spin entity;
 * PRODUCT.md "Spins list", "Add spin", "Spin details").
 *
 * - `GET /` → 200 Spin[] newest `listened_at` first, then `id` desc, each with its `records` (EXTENSIONS.md §2);
 *   `limit` and `cursor` page it with `Link: rel="next"` and `X-Total-Count` (API.md "Lists at scale")
 * - `GET /single/{id}` → 200 one row per record of the spin; 400 bad id, 404 not the caller's
 * - `POST /add` `{timeSpent, listenedAt, details, albums, clientId?}` → 201 Spin; a repeated `clientId` → 200
 *   with the spin it made first, nothing stored; 400 with `fields`
 * - `DELETE /{id}` → 204; 400 bad id, 404 not the caller's
 *
 * Every route answers 401 `unauthenticated` without a session.
 */
import { Router } from 'express';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { nextPageLink, type CursorScope } from '@/lib/listCursor.js';
import { NotFoundError, ValidationError } from '@/lib/errors.js';
import { fallbackCoverUrl } from '@/features/records/index.js';
import { parseId, parseInput } from '@/lib/validation.js';
import {
  addSpinWithRecords,
  deleteSpin,
  findSpinByClientId,
  findSpinWithAlbums,
  listSpinPage,
  listSpinsWithRecords,
} from './spins.queries.js';
import { addSpinSchema, spinListQuerySchema } from '@spincrate/contract';

const SPIN_NOT_FOUND = 'Spin not found';

/**
 * Builds the /api/spins router.
 * @param services - the app's cursors, list cache, fairness limit, write lanes and ListenBrainz hooks
 */
export function createSpinRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  router.use(requireAuth);
  const { heavy, lists, cursors, writes, scrobbling } = services;
  const ownList = lists.conditionalGet('own');
  // One spin: tagged only when it is the viewer's (no 304 for a spin that is not).
  const ownSpin = lists.conditionalGet('spin');

  router.get('/', heavy, ownList, async (req, res) => {
    const { limit, cursor } = parseInput(spinListQuerySchema, req.query);
    const userId = currentUser(req).id;
    if (limit === undefined) {
      res.json(await listSpinsWithRecords(ctx.db, userId));
      return;
    }
    const scope: CursorScope = { viewerId: userId, ownerId: userId, sort: 'spins', search: null };
    const position = cursor === undefined ? undefined : cursors.decode(cursor, scope);
    const after = position && { listenedAt: position.keys[0]!, id: position.id };
    const total = lists.listTotal(res, `spins|${userId}`);
    const page = await listSpinPage(ctx.db, userId, limit, after, total.known);
    if (total.known === undefined) total.remember(page.total);
    res.set('X-Total-Count', String(page.total));
    const last = page.spins[page.spins.length - 1];
    if (page.more && last) {
      const next = cursors.encode(scope, { keys: [last.listened_at], id: last.id });
      res.set('Link', nextPageLink(req.originalUrl, next));
    }
    res.json(page.spins);
  });

  // A missing id is as malformed as `abc` (API.md "Conventions").
  router.get('/single', () => {
    parseId('');
  });

  router.get('/single/:id', ownSpin, async (req, res) => {
    const spinId = parseId(req.params.id);
    const rows = await findSpinWithAlbums(ctx.db, currentUser(req).id, spinId);
    if (rows.length === 0) throw new NotFoundError(SPIN_NOT_FOUND);
    const fallback = fallbackCoverUrl(ctx.config);
    res.json(
      rows.map((row) => (row.album_id === null ? row : { ...row, coverart: row.coverart || fallback })),
    );
  });

  router.post('/add', async (req, res) => {
    const input = parseInput(addSpinSchema, req.body);
    const userId = currentUser(req).id;
    // The sides a record's tracklist has (API.md "Field rules": sides); 400 fields.sides otherwise.
    await scrobbling.checkSides(ctx, userId, input.sides);
    // One statement: the spin is stored with all of its records or not at all. In the
    // user's write lane: a burst of one user's spins waits in line holding no connection.
    const { added, first } = await writes.run(userId, async () => {
      const added = await addSpinWithRecords(ctx.db, userId, input);
      // A repeat of a clientId: 200 with what the first send made (API.md "Offline copy…").
      const made =
        !added && input.clientId ? await findSpinByClientId(ctx.db, userId, input.clientId) : undefined;
      return { added, first: made };
    });
    if (first) {
      res.status(200).json(first);
      return;
    }
    if (!added) {
      throw new ValidationError('albums must be records in your crate', {
        albums: 'must be records in your crate',
      });
    }
    // Sending to ListenBrainz happens in the background (API.md "ListenBrainz").
    res.status(201).json(await scrobbling.queueSend(ctx, services, userId, added.spin, added.autoSend));
  });

  router.post('/:id/send', async (req, res) => {
    const spinId = parseId(req.params.id);
    if (!(await scrobbling.sendAgain(ctx, services, currentUser(req).id, spinId)))
      throw new NotFoundError(SPIN_NOT_FOUND);
    res.status(202).json({ id: spinId, scrobble: { state: 'pending', listens: 0, message: null } });
  });

  router.delete('/', () => {
    parseId('');
  });

  router.delete('/:id', async (req, res) => {
    const spinId = parseId(req.params.id);
    const userId = currentUser(req).id;
    if (!(await writes.run(userId, () => deleteSpin(ctx.db, userId, spinId))))
      throw new NotFoundError(SPIN_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
