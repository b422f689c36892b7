/**
 * /api/want: the caller's wantlist (API.md "Wantlist", EXTENSIONS.md §6).
 * - GET /                → 200 Want[] (`limit`, `cursor`, `sort`, `search` as in "Lists at scale")
 * - POST /add            → 201 Want, cover looked up as for a record; a repeated `clientId` → 200, the first Want
 * - PUT /edit            → 200 Want; 404 when the want is not the caller's
 * - DELETE /{id}         → 204; 404 when the want is not the caller's
 * - POST /{id}/got       → 201 Record: the want becomes a record of the crate and is gone, one transaction
 * - GET /{id}/owners     → 200 `[{friend_id, friend_username, record_id}]`
 * And `GET /api/social/friends/want?id=F` (`createFriendWantsRouter`): a friend's wants without `max_price`.
 * Every route needs a session (401 otherwise). A want is never part of the crate.
 */
import { Router, type Request, type Response } from 'express';
import {
  addWantSchema,
  editWantSchema,
  friendWantsQuerySchema,
  gotWantSchema,
  wantListQuerySchema,
  type WantSort,
} from '@spincrate/contract';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { NotFoundError, ValidationError } from '@/lib/errors.js';
import { nextPageLink, type CursorScope } from '@/lib/listCursor.js';
import {
  fallbackCoverUrl,
  insertRecord,
  wantJson,
  withCoverArt,
  type WantRow,
  type WantView,
} from '@/features/records/index.js';
import { likePattern, parseId, parseInput } from '@/lib/validation.js';
import { lookUpPaced, lookUpRelease } from '@/lib/metadata/albumLookup.js';
import { enqueueCovers } from '@/lib/metadata/queue.js';
import {
  deleteWant,
  findWantByClientId,
  insertWant,
  isFriend,
  listWantOwners,
  listWantPage,
  listWants,
  moodExists,
  updateWant,
} from './wants.queries.js';

const NOT_FOUND = 'No such want';
const NOT_A_FRIEND = 'No friend with that id';

/** A wantlist as a route asks for it. */
interface WantListRoute {
  ownerId: number;
  view: WantView;
  sort: WantSort;
  search?: string;
  limit?: number;
  cursor?: string;
}

/**
 * Sends a wantlist, whole or one page (`X-Total-Count`; `Link: rel="next"` when more follow),
 * as API.md "Lists at scale" says for the record lists.
 * @throws ValidationError (400) for a cursor that is malformed, altered or of another list
 */
async function sendWantList(
  ctx: AppContext,
  services: Pick<AppServices, 'cursors'>,
  req: Request,
  res: Response,
  route: WantListRoute,
): Promise<void> {
  const fallback = fallbackCoverUrl(ctx.config);
  const query = {
    ownerId: route.ownerId,
    sort: route.sort,
    pattern: route.search === undefined ? undefined : likePattern(route.search),
  };
  if (route.limit === undefined) {
    const rows = await listWants(ctx.db, query);
    res.json(rows.map((row) => wantJson(row, fallback, route.view)));
    return;
  }
  const scope: CursorScope = {
    viewerId: currentUser(req).id,
    ownerId: route.ownerId,
    sort: `wants:${route.sort}`,
    search: route.search ?? null,
  };
  const after = route.cursor === undefined ? undefined : services.cursors.decode(route.cursor, scope);
  const page = await listWantPage(ctx.db, query, route.limit, after);
  const wants = page.wants.slice(0, route.limit);
  res.set('X-Total-Count', String(page.total));
  const last = wants[wants.length - 1];
  if (page.wants.length > route.limit && last) {
    const next = services.cursors.encode(scope, { keys: last.keys, id: last.id });
    res.set('Link', nextPageLink(req.originalUrl, next));
  }
  res.json(wants.map(({ keys: _keys, ...row }) => wantJson(row, fallback, route.view)));
}

/**
 * Queues the background fetch of a want's cover source when its thumbnails are not there
 * yet (API.md "Covers served by Spincrate": every Want carries `cover`). A failure is only
 * logged (the cover worker's sweep queues it again).
 */
async function queueCover(
  ctx: AppContext,
  services: Pick<AppServices, 'lookups'>,
  row: WantRow,
): Promise<void> {
  if (!row.coverart || row.cover) return;
  try {
    await enqueueCovers(await services.lookups(), [row.coverart], undefined, 'now');
  } catch (err) {
    ctx.logger.warn({ reason: (err as Error).message }, 'could not queue a cover fetch');
  }
}

/**
 * Builds the /api/want router (mounted at /api/want).
 * @param services - the app's cursors, list cache, fairness limit
 */
export function createWantRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  router.use(requireAuth);
  const { heavy, lists } = services;
  const ownList = lists.conditionalGet('own');
  // The owners of a want change with the friends' crates and friendships.
  const networkList = lists.conditionalGet('network');

  router.get('/', heavy, ownList, async (req, res) => {
    const { limit, cursor, sort, search } = parseInput(wantListQuerySchema, req.query);
    await sendWantList(ctx, services, req, res, {
      ownerId: currentUser(req).id,
      view: 'owner',
      sort,
      search,
      limit,
      cursor,
    });
  });

  // POST /api/want/add → 201 Want; the cover of the picked release, else looked up by
  // artist and title within the metadata budget (the fallback cover when none is found).
  router.post('/add', async (req, res) => {
    const input = parseInput(addWantSchema, req.body);
    const userId = currentUser(req).id;
    const fallback = fallbackCoverUrl(ctx.config);
    const clientId = input.clientId ?? null;
    if (clientId) {
      const first = await findWantByClientId(ctx.db, userId, clientId);
      if (first) {
        res.status(200).json(wantJson(first, fallback));
        return;
      }
    }
    const fromRelease = input.mb_release_id ? await lookUpRelease(ctx, input.mb_release_id) : undefined;
    const found = fromRelease
      ? fromRelease.found
      : (await lookUpPaced(ctx, userId, { artist: input.artist, title: input.title })).found;
    const stored = await insertWant(ctx.db, {
      userId,
      title: input.title,
      artist: input.artist,
      year: input.year ?? found.year ?? null,
      barcode: input.barcode ?? null,
      mbReleaseId: input.mb_release_id ?? null,
      mbReleaseGroupId: fromRelease?.mbReleaseGroupId ?? null,
      coverart: found.coverart,
      priority: input.priority,
      maxPrice: input.max_price ?? null,
      notes: input.notes ?? null,
      clientId,
    });
    if (stored) {
      await queueCover(ctx, services, stored);
      res.status(201).json(wantJson(stored, fallback));
      return;
    }
    // The same clientId was stored meanwhile by a concurrent repeat: answer with that one.
    const first = clientId ? await findWantByClientId(ctx.db, userId, clientId) : undefined;
    if (!first) throw new Error('a want add stored nothing and found no earlier add');
    res.status(200).json(wantJson(first, fallback));
  });

  router.put('/edit', async (req, res) => {
    const input = parseInput(editWantSchema, req.body);
    const row = await updateWant(ctx.db, {
      id: input.id,
      userId: currentUser(req).id,
      title: input.title,
      artist: input.artist,
      year: input.year,
      barcode: input.barcode,
      mbReleaseId: input.mb_release_id,
      priority: input.priority,
      maxPrice: input.max_price,
      notes: input.notes,
    });
    if (!row) throw new NotFoundError(NOT_FOUND);
    await queueCover(ctx, services, row);
    res.json(wantJson(row, fallbackCoverUrl(ctx.config)));
  });

  // DELETE /api/want/ (an empty id) → 400, like any other id that is not a positive integer.
  router.delete('/', () => {
    parseId('');
  });

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await deleteWant(ctx.db, id, currentUser(req).id))) throw new NotFoundError(NOT_FOUND);
    res.status(204).end();
  });

  // POST /api/want/{id}/got → 201 Record. The want is deleted and the record inserted in one
  // transaction: when the insert fails, the want stays.
  router.post('/:id/got', async (req, res) => {
    const id = parseId(req.params.id);
    const input = parseInput(gotWantSchema, req.body);
    if (!(await moodExists(ctx.db, input.mood))) {
      throw new ValidationError('mood is not a known mood', { mood: 'is not a known mood' });
    }
    const userId = currentUser(req).id;
    const { mood, ...collection } = input;
    const record = await ctx.db.withTransaction(async (tx) => {
      const want = await deleteWant(tx, id, userId);
      if (!want) return undefined;
      return insertRecord(tx, {
        userId,
        title: want.title,
        artist: want.artist,
        moodId: mood,
        details: '',
        tags: [],
        coverart: want.coverart,
        year: want.year,
        // A want without a cover is looked up again by the background worker's sweep (it
        // replaces the cover, so a want's found cover is kept and not looked up again).
        lookupPending: want.coverart === null,
        barcode: want.barcode,
        mbReleaseId: want.mb_release_id,
        mbReleaseGroupId: want.mb_release_group_id,
        collection,
      });
    });
    if (!record) throw new NotFoundError(NOT_FOUND);
    res.status(201).json(withCoverArt([record], fallbackCoverUrl(ctx.config))[0]);
  });

  router.get('/:id/owners', networkList, async (req, res) => {
    const id = parseId(req.params.id);
    const owners = await listWantOwners(ctx.db, id, currentUser(req).id);
    if (!owners) throw new NotFoundError(NOT_FOUND);
    res.json(owners);
  });

  return router;
}

/**
 * Builds the router of `GET /api/social/friends/want?id=F` (mounted at that path): a friend's
 * wants without `max_price`, 404 when F is not the caller's friend (as the friend's crate).
 */
export function createFriendWantsRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  const friendList = services.lists.conditionalGet('friend');
  router.get('/', requireAuth, services.heavy, friendList, async (req, res) => {
    const { id, limit, cursor, sort, search } = parseInput(friendWantsQuerySchema, req.query);
    if (!(await isFriend(ctx.db, currentUser(req).id, id))) throw new NotFoundError(NOT_A_FRIEND);
    await sendWantList(ctx, services, req, res, { ownerId: id, view: 'friend', sort, search, limit, cursor });
  });
  return router;
}
