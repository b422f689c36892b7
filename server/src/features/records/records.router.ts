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
import { fallbackCoverUrl, withCoverArt, type RecordJson, type RecordRow } from '@/lib/records.js';
import { parseId, parseInput } from '@/lib/validation.js';
import { takeLookupSlotWithin } from '@/lib/metadata/pacing.js';
import { MetadataLookupError } from '@/lib/metadata/http.js';
import { enqueueCovers, enqueueLookups, type LookupSender } from '@/lib/metadata/queue.js';
import type { AlbumMetadata } from '@/lib/metadata/types.js';
import { sendRecordList } from '@/lib/recordLists.js';
import { findRecord } from '@/lib/oneRecord.queries.js';
import { deleteRecord, insertRecord, listFolders, moodExists, updateRecord } from './records.queries.js';
import { lookupReleaseCover } from '@/lib/metadata/barcode.js';
import {
  findCachedRelease,
  readCachedGroupTags,
  writeCachedGroupTags,
} from '@/lib/metadata/barcodeCache.queries.js';
import { lookupReleaseGroupTags } from '@/lib/metadata/musicbrainz.js';
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
 * Part of the metadata budget kept for the look-up itself: a turn at the service is taken
 * only if it comes this long before the budget ends.
 */
const LOOKUP_TIME_MS = 1000;

/**
 * The cover art and tags of an album, within the metadata budget
 * (`METADATA_TIMEOUT_MS`, 3 s) counted from now: the wait for this process's turn at
 * the service (shared with the look-up queue and every other process) is part of it.
 * A turn is taken only if it comes early enough to be used (an unused reservation would
 * push every later request back). Never throws.
 * @returns what was found, with `pending: true` when the look-up could not be done within
 *   the budget (no turn in time, the service failed or was too slow): the record is then
 *   stored with the fallback cover and looked up again in the background
 */
async function lookUpPaced(
  ctx: AppContext,
  album: { artist: string; title: string },
): Promise<{ found: AlbumMetadata; pending: boolean }> {
  const budgetMs = ctx.config.METADATA_TIMEOUT_MS;
  const signal = AbortSignal.timeout(budgetMs);
  const nothing = { found: { coverart: null, tags: [] }, pending: true };
  try {
    const maxWaitMs = budgetMs - Math.min(LOOKUP_TIME_MS, budgetMs / 2);
    if (!(await takeLookupSlotWithin(ctx, maxWaitMs, signal))) return nothing;
    const found = await ctx.metadata.lookupAlbum(album, { signal, rejectOnFailure: true });
    // A look-up cut short by the budget resolves as "nothing found": it is not a miss.
    return signal.aborted ? nothing : { found, pending: false };
  } catch (err) {
    if (signal.aborted || err instanceof MetadataLookupError) {
      ctx.logger.debug({ reason: (err as Error).message }, 'album look-up left to the background');
      return nothing;
    }
    throw err;
  }
}

/** What a record added from a picked pressing takes from it (API.md "Adding by barcode"). */
interface ReleaseMetadata {
  found: AlbumMetadata;
  mbReleaseGroupId: string | null;
}

/**
 * The tags of a MusicBrainz release group (issue 26 item 4: the barcode search carries none):
 * from the day's cache, else from `/release-group/{id}?inc=tags` within the shared
 * one-request-a-second MusicBrainz pacing and the add's metadata budget (then cached).
 * Never throws: no turn in time, a failure or the end of the budget gives no tags.
 */
async function groupTags(ctx: AppContext, mbReleaseGroupId: string, signal: AbortSignal): Promise<string[]> {
  try {
    const cached = await readCachedGroupTags(ctx.db, mbReleaseGroupId);
    if (cached) return cached;
    const maxWaitMs =
      ctx.config.METADATA_TIMEOUT_MS - Math.min(LOOKUP_TIME_MS, ctx.config.METADATA_TIMEOUT_MS / 2);
    if (!(await takeLookupSlotWithin(ctx, maxWaitMs, signal, 'musicbrainz'))) return [];
    const tags = await lookupReleaseGroupTags(ctx.config.MUSICBRAINZ_API_URL, mbReleaseGroupId, signal);
    await writeCachedGroupTags(ctx.db, mbReleaseGroupId, tags);
    return tags;
  } catch (err) {
    if (!signal.aborted && !(err instanceof MetadataLookupError)) throw err;
    const reason = signal.aborted ? 'no answer within the budget' : (err as Error).message;
    ctx.logger.warn({ service: 'musicbrainz', reason }, 'release group tags look-up failed');
    return [];
  }
}

/**
 * The cover of a MusicBrainz release from the Cover Art Archive's `/release/{id}/front-500`
 * (within the metadata budget; none found gives the fallback cover), with the release
 * group, year and tags the barcode look-up found for that release (when it found no tags,
 * its release group's tags: `groupTags`). Never throws for a failing archive.
 */
async function lookUpRelease(ctx: AppContext, mbReleaseId: string): Promise<ReleaseMetadata> {
  const signal = AbortSignal.timeout(ctx.config.METADATA_TIMEOUT_MS);
  const releaseWithTags = findCachedRelease(ctx.db, mbReleaseId).then(async (release) => {
    const groupId = release?.mb_release_group_id;
    const tags =
      release?.tags.length || !groupId ? (release?.tags ?? []) : await groupTags(ctx, groupId, signal);
    return release && { ...release, tags };
  });
  const [release, coverart] = await Promise.all([
    releaseWithTags,
    lookupReleaseCover(ctx.config.COVERART_API_URL, mbReleaseId, signal).catch(() => null),
  ]);
  const found: AlbumMetadata = { coverart, tags: release?.tags ?? [] };
  if (release?.year != null) found.year = release.year;
  return { found, mbReleaseGroupId: release?.mb_release_group_id ?? null };
}

/**
 * Queues the background look-up of a record whose interactive look-up ran out of budget.
 * A failure is only logged: the worker's periodic sweep queues every pending record again.
 */
async function queueLookup(ctx: AppContext, lookups: LookupSender, recordId: number): Promise<void> {
  try {
    await enqueueLookups(await lookups(), [recordId]);
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
    await enqueueCovers(await lookups(), [row.coverart]);
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

  // GET /api/record/search?search=T[&limit=N&sort=S&cursor=C] → 200 Record[]; T is matched
  // literally, ignoring case; paged as GET /api/record.
  router.get('/search', requireAuth, heavy, ownList, async (req, res) => {
    const { search, limit, sort, cursor, folder } = parseInput(searchQuerySchema, req.query);
    const ownerId = currentUser(req).id;
    await sendRecordList(ctx, services, req, res, {
      ownerId,
      friend: false,
      search,
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
      : await lookUpPaced(ctx, { artist: input.artist, title: input.title });
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
