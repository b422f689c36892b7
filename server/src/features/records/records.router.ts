/**
 * /api/record: the caller's crate (API.md "Routes", "Cover art and tags").
 * - GET /            → 200 Record[] newest first
 * - GET /search?search=T → 200 Record[] whose title, artist, tags, mood or year contains T
 * - POST /add        → 201 Record, cover art and tags looked up first (≤ METADATA_TIMEOUT_MS)
 * - PUT /edit        → 200 Record; 404 when the record is not the caller's
 * - DELETE /{id}     → 204; 404 when the record is not the caller's
 * Every route needs a session (401 otherwise). Records always carry a displayable
 * `coverart` (the fallback cover when none was found).
 */
import { Router, type Request } from 'express';
import type { AppContext } from '../../lib/context.js';
import { currentUser, requireAuth } from '../../lib/auth.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { fallbackCoverUrl, withCoverArt, type RecordJson, type RecordRow } from '../../lib/records.js';
import { likePattern, parseId, parseInput } from '../../lib/validation.js';
import { waitForLookupSlot } from '../../lib/metadata/pacing.js';
import type { AlbumMetadata } from '../../lib/metadata/types.js';
import {
  deleteRecord,
  insertRecord,
  listRecordsJson,
  moodExists,
  searchRecordsJson,
  updateRecord,
} from './records.queries.js';
import { addRecordSchema, editRecordSchema, searchQuerySchema } from './records.schema.js';

/** A record row as API.md returns it (fallback cover filled in). */
function toRecordJson(req: Request, row: RecordRow): RecordJson {
  return withCoverArt([row], fallbackCoverUrl(req))[0]!;
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
 * The cover art and tags of an album, within the metadata budget
 * (`METADATA_TIMEOUT_MS`, 3 s) counted from now: the wait for this process's turn at
 * the service (shared with the import queue and every other process) is part of it.
 * Never throws: no turn in time, or no answer, gives `{ coverart: null, tags: [] }`.
 */
async function lookUpPaced(
  ctx: AppContext,
  album: { artist: string; title: string },
): Promise<AlbumMetadata> {
  const signal = AbortSignal.timeout(ctx.config.METADATA_TIMEOUT_MS);
  try {
    await waitForLookupSlot(ctx, signal);
  } catch (err) {
    if (signal.aborted) return { coverart: null, tags: [] };
    throw err;
  }
  return ctx.metadata.lookupAlbum(album, { signal });
}

/** Builds the /api/record router (mounted at /api/record). */
export function createRecordRouter(ctx: AppContext): Router {
  const router = Router();

  // GET /api/record → 200 Record[] (date_added desc, id desc).
  router.get('/', requireAuth, async (req, res) => {
    res.type('json').send(await listRecordsJson(ctx.db, currentUser(req).id, fallbackCoverUrl(req)));
  });

  // GET /api/record/search?search=T → 200 Record[]; T is matched literally, ignoring case.
  router.get('/search', requireAuth, async (req, res) => {
    const { search } = parseInput(searchQuerySchema, req.query);
    res
      .type('json')
      .send(await searchRecordsJson(ctx.db, currentUser(req).id, likePattern(search), fallbackCoverUrl(req)));
  });

  // POST /api/record/add → 201 Record with the cover art and tags the metadata service found.
  router.post('/add', requireAuth, async (req, res) => {
    const input = parseInput(addRecordSchema, req.body);
    await requireMood(ctx, input.mood);
    const found = await lookUpPaced(ctx, { artist: input.artist, title: input.title });
    const row = await insertRecord(ctx.db, {
      userId: currentUser(req).id,
      title: found.title ?? input.title,
      artist: found.artist ?? input.artist,
      moodId: input.mood,
      details: input.details,
      tags: found.tags,
      coverart: found.coverart,
      // The user's year wins; else the look-up's first release year, if any.
      year: input.year ?? found.year ?? null,
    });
    res.status(201).json(toRecordJson(req, row));
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
    });
    if (!row) throw new NotFoundError('No such record');
    res.json(toRecordJson(req, row));
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
