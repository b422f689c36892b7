/**
 * /api/record: the caller's crate (API.md "Routes", "Cover art and tags").
 * - GET /            → 200 Record[] newest first; `limit`, `sort`, `cursor` page it (API.md "Lists at scale")
 * - GET /search?search=T → 200 Record[] whose title, artist, tags, mood, details or year contains T; paged alike
 * - POST /add        → 201 Record, cover art and tags looked up first (≤ METADATA_TIMEOUT_MS)
 * - PUT /edit        → 200 Record; 404 when the record is not the caller's
 * - DELETE /{id}     → 204; 404 when the record is not the caller's
 * - GET /folders     → 200 `[{folder, records}]` by name (API.md "Collection details")
 * - GET /{id}        → 200 Record: one of the caller's records, else 404 (API.md "One record")
 * Every route needs a session (401 otherwise). Records always carry a displayable
 * `coverart` (the fallback cover when none was found).
 */
import { Router } from 'express';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { NotFoundError, ValidationError } from '@/lib/errors.js';
import { fallbackCoverUrl, withCoverArt, type RecordJson, type RecordRow } from './records.entity.js';
import { parseId, parseInput } from '@/lib/validation.js';
import { enqueueCovers, enqueueLookups, type LookupSender } from '@/lib/metadata/queue.js';
import { sendRecordList } from './recordLists.js';
import { findRecord } from './oneRecord.queries.js';
import { deleteRecord, insertRecord, moodExists, updateRecord } from './records.queries.js';
import { listFolders } from '@/lib/folders.queries.js';
import { lookUpPaced, lookUpRelease } from '@/lib/metadata/albumLookup.js';
import {
  addRecordSchema,
  COLLECTION_DETAIL_NAMES,
  editRecordSchema,
  recordListQuerySchema,
  searchQuerySchema,
  type CollectionDetailsInput,
} from '@spincrate/contract';

/** The collection details of a parsed add or edit body (absent ones left out). */
function collectionOf(input: CollectionDetailsInput): CollectionDetailsInput {
  const picked: Record<string, unknown> = {};
  for (const name of COLLECTION_DETAIL_NAMES) {
    if (input[name] !== undefined) picked[name] = input[name];
  }
  return picked as CollectionDetailsInput;
}

/** A record row as API.md returns it (fallback cover filled in). */
function toRecordJson(ctx: AppContext, row: RecordRow): RecordJson {
  return withCoverArt([row], fallbackCoverUrl(ctx.config))[0]!;
}

/**
 * 400 with `fields.mood` unless the mood exists (API.md "Field rules": mood).
 * @throws ValidationError
 */
async function requireMood(ctx: AppContext, moodId: number): Promise<void> {
  if (!(await moodExists(ctx.db, moodId))) {
    throw new ValidationError('mood is not a known mood', { mood: 'is not a known mood' });
  }
}

/**
 * Queues the background look-up of a record whose interactive look-up ran out of budget.
 * A failure is only logged: the worker's periodic sweep queues every pending record again.
 */
async function queueLookup(ctx: AppContext, lookups: LookupSender, recordId: number): Promise<void> {
  try {
    await enqueueLookups(await lookups(), [recordId], undefined, 'now');
  } catch (err) {
    ctx.logger.warn({ reason: (err as Error).message }, 'could not queue an album look-up');
  }
}

/**
 * Queues the background fetch of a record's cover source when its thumbnails are not
 * there yet (API.md "Covers served by Spincrate"). A failure is only logged.
 */
async function queueCover(ctx: AppContext, lookups: LookupSender, row: RecordRow): Promise<void> {
  if (!row.coverart || row.cover) return;
  try {
    await enqueueCovers(await lookups(), [row.coverart], undefined, 'now');
  } catch (err) {
    ctx.logger.warn({ reason: (err as Error).message }, 'could not queue a cover fetch');
  }
}

/**
 * Builds the /api/record router (mounted at /api/record).
 * @param services - the app's cursors, list cache, fairness limit and look-up sender
 */
export function createRecordRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  const { heavy } = services;
  const ownList = services.lists.conditionalGet('own');

  // GET /api/record[?limit=N&sort=S&cursor=C] → 200 Record[]: the whole crate (newest first
  // unless `sort` says otherwise), or with `limit` one page, with X-Total-Count and, when
  // more follow, Link rel="next" (API.md "Lists at scale").
  router.get('/', requireAuth, heavy, ownList, async (req, res) => {
    const { limit, sort, cursor, folder } = parseInput(recordListQuerySchema, req.query);
    await sendRecordList(ctx, services, req, res, {
      ownerId: currentUser(req).id,
      friend: false,
      folder,
      limit,
      sort,
      cursor,
    });
  });

  // GET /api/record/search?search=T[&fields=title,artist&limit=N&sort=S&cursor=C] → 200
  // Record[]; T is matched literally, ignoring case, in every field or only `fields`; paged as
  // GET /api/record.
  router.get('/search', requireAuth, heavy, ownList, async (req, res) => {
    const { search, fields, limit, sort, cursor, folder } = parseInput(searchQuerySchema, req.query);
    const ownerId = currentUser(req).id;
    await sendRecordList(ctx, services, req, res, {
      ownerId,
      friend: false,
      search,
      searchFields: fields,
      folder,
      limit,
      sort,
      cursor,
    });
  });

  // GET /api/record/folders → 200 [{folder, records}] by name, ignoring case.
  router.get('/folders', requireAuth, heavy, ownList, async (req, res) => {
    res.json(await listFolders(ctx.db, currentUser(req).id));
  });

  // POST /api/record/add → 201 Record with the cover art and tags the metadata service found;
  // with mb_release_id, the cover of that exact release (API.md "Adding by barcode").
  router.post('/add', requireAuth, async (req, res) => {
    const input = parseInput(addRecordSchema, req.body);
    await requireMood(ctx, input.mood);
    const fromRelease = input.mb_release_id ? await lookUpRelease(ctx, input.mb_release_id) : undefined;
    const { found, pending } = fromRelease
      ? { found: fromRelease.found, pending: false }
      : await lookUpPaced(ctx, currentUser(req).id, { artist: input.artist, title: input.title });
    const row = await insertRecord(ctx.db, {
      userId: currentUser(req).id,
      // A picked pressing keeps the names the user saw (and may have changed) in the form.
      title: fromRelease ? input.title : (found.title ?? input.title),
      artist: fromRelease ? input.artist : (found.artist ?? input.artist),
      moodId: input.mood,
      details: input.details,
      tags: found.tags,
      coverart: found.coverart,
      // The user's year wins; else the look-up's first release year, if any.
      year: input.year ?? found.year ?? null,
      lookupPending: pending,
      barcode: input.barcode ?? null,
      mbReleaseId: input.mb_release_id ?? null,
      mbReleaseGroupId: fromRelease?.mbReleaseGroupId ?? null,
      collection: collectionOf(input),
    });
    if (pending) await queueLookup(ctx, services.lookups, row.id);
    await queueCover(ctx, services.lookups, row);
    res.status(201).json(toRecordJson(ctx, row));
  });

  // PUT /api/record/edit → 200 Record; the owner is checked in the UPDATE itself.
  router.put('/edit', requireAuth, async (req, res) => {
    const input = parseInput(editRecordSchema, req.body);
    await requireMood(ctx, input.mood);
    const row = await updateRecord(ctx.db, {
      id: input.id,
      userId: currentUser(req).id,
      title: input.title,
      artist: input.artist,
      moodId: input.mood,
      details: input.details,
      year: input.year,
      collection: collectionOf(input),
    });
    if (!row) throw new NotFoundError('No such record');
    res.json(toRecordJson(ctx, row));
  });

  // GET /api/record/{id} → 200 Record, one of the caller's own, else 404 (API.md "One
  // record"); the owner is checked in the SELECT itself.
  router.get('/:id', requireAuth, ownList, async (req, res) => {
    const id = parseId(req.params.id);
    const row = await findRecord(ctx.db, id, currentUser(req).id);
    if (!row) throw new NotFoundError('No such record');
    res.json(toRecordJson(ctx, row));
  });

  // DELETE /api/record/ (an empty id) → 400, like any other id that is not a positive integer.
  router.delete('/', requireAuth, (req) => {
    parseId(req.params.id);
  });

  // DELETE /api/record/{id} → 204; the record leaves its spins, the spins stay.
  router.delete('/:id', requireAuth, async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await deleteRecord(ctx.db, id, currentUser(req).id))) throw new NotFoundError('No such record');
    res.status(204).end();
  });

  return router;
}
