/**
 * `GET /api/record/{id}/sides` (EXTENSIONS.md §8 "Add spin"): the sides of one of the
 * caller's records, so that the add-spin screen can offer side chips and fill hours and
 * minutes from their lengths. The tracklist is the one sending uses (API.md "ListenBrainz":
 * cached, else looked up on MusicBrainz within `METADATA_TIMEOUT_MS`, paced as every
 * MusicBrainz request); this route never asks ListenBrainz.
 *
 * - 200 `{sides: [{side, tracks, seconds}]}` in the tracklist's order; `seconds` counts a
 *   track of unknown length `UNKNOWN_TRACK_SECONDS`; `sides` is empty when no tracklist is
 *   known (none found, MusicBrainz failed or was slow) or its numbers have no letters
 * - 400 bad id, 404 not one of the caller's records, 401 without a session
 */
import { Router } from 'express';
import { UNKNOWN_TRACK_SECONDS, type RecordSides } from '@spincrate/contract';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { NotFoundError } from '@/lib/errors.js';
import { parseId } from '@/lib/validation.js';
import { ownRecordIds } from './tracklists.queries.js';
import { cachedTracklistOfRecord, sideOf, tracklistOfRecord, type Tracklist } from './tracklists.js';

/** The sides of a tracklist with their track counts and lengths in whole seconds. */
function sideLengths(tracklist: Tracklist | null): RecordSides['sides'] {
  const sides: RecordSides['sides'] = [];
  for (const track of tracklist?.tracks ?? []) {
    const letter = sideOf(track.number);
    if (letter === null) continue;
    let side = sides.find((s) => s.side === letter);
    if (!side) {
      side = { side: letter, tracks: 0, seconds: 0 };
      sides.push(side);
    }
    side.tracks += 1;
    side.seconds +=
      track.length_ms === null ? UNKNOWN_TRACK_SECONDS : Math.max(1, Math.round(track.length_ms / 1000));
  }
  return sides;
}

/** Builds the router mounted at /api/record for `GET /{id}/sides`. */
export function createRecordSidesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/:id/sides', requireAuth, async (req, res) => {
    const recordId = parseId(req.params.id);
    const own = await ownRecordIds(ctx.db, currentUser(req).id, [recordId]);
    if (own.length === 0) throw new NotFoundError('No such record');
    let tracklist = await cachedTracklistOfRecord(ctx, recordId);
    if (tracklist === undefined) {
      try {
        tracklist = await tracklistOfRecord(
          ctx,
          recordId,
          AbortSignal.timeout(ctx.config.METADATA_TIMEOUT_MS),
        );
      } catch (err) {
        ctx.logger.warn({ recordId, reason: (err as Error).message }, 'tracklist not found now');
        tracklist = null;
      }
    }
    const body: RecordSides = { sides: sideLengths(tracklist) };
    res.json(body);
  });
  return router;
}
